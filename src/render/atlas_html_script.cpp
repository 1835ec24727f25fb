// The atlas page's script and style. Plain ES2017 and CSS, no libraries, no network.
//
// The page (atlas_html.cpp) holds DATA (JSON in #atlas-data): views [{group, name, summary,
// boxes: [[id, name, members]], edges: [upper, lower, ...]}], nodes (the search index:
// [description, guid, port guids, [lid low, lid high, ...], view, box]) and findings
// ([severity, check, message, where, hint, view, element]); and each view's SVG as the text
// of <script id="svg<i>">. Only the open view is parsed into #map. Pan and zoom work as in
// map_html's script (viewBox arithmetic); the rest is the atlas's own.

#include "ibatlas/render/atlas_html.hpp"

namespace ibatlas {

namespace {

constexpr const char kStyle[] = R"CSS(
html,body{margin:0;height:100%;font:13px sans-serif;overflow:hidden}
#bar{position:fixed;top:0;left:0;right:0;height:34px;display:flex;gap:6px;align-items:center;
 padding:0 8px;background:#f3f3f3;border-bottom:1px solid #ccc;z-index:3}
#home.here{color:#000;font-weight:bold;text-decoration:none}
#crumb{font-weight:bold;white-space:nowrap}
#status{color:#333;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#map{position:absolute;top:35px;left:0;right:0;bottom:0;cursor:grab;background:#fff}
body.panel #map{right:380px}
#map svg{width:100%;height:100%;display:block}
#panel{position:absolute;top:35px;right:0;bottom:0;width:380px;overflow:auto;background:#fafafa;
 border-left:1px solid #ccc;z-index:2}
#findings{margin:0;padding:0;list-style:none}
#findings li{padding:4px 8px;border-bottom:1px solid #e4e4e4;cursor:pointer}
#findings li:hover{background:#eef}
#findings li.cur{background:#dde6ff}
#findings li.nowhere{cursor:default;color:#555}
.sev{display:inline-block;min-width:56px;margin-right:6px;font-weight:bold}
.sev-error .sev{color:#c00}
.sev-warning .sev{color:#c06000}
.sev-info .sev{color:#666}
.chk{font-family:monospace;margin-right:4px}
.where{display:block;color:#666;font-size:11px}
#info{position:fixed;left:8px;bottom:8px;max-width:45%;max-height:40%;overflow:auto;margin:0;
 padding:6px 8px;background:rgba(255,255,255,.95);border:1px solid #bbb;font-size:12px;
 white-space:pre-wrap;display:none;z-index:2}
g.node[id^="G"]{cursor:pointer}
.dim{opacity:.12}
.hit polygon,.hit ellipse,.hit path{stroke:#0050ff;stroke-width:5px;vector-effect:non-scaling-stroke}
.sel path{stroke-width:4px;vector-effect:non-scaling-stroke}
)CSS";

constexpr const char kScript[] = R"JS(
(function () {
  'use strict';
  const $ = id => document.getElementById(id);
  const DATA = JSON.parse($('atlas-data').textContent);
  const map = $('map'), status = $('status'), info = $('info'), box = $('search');
  const viewOfGroup = new Map();
  DATA.views.forEach((v, i) => { if (v.group) viewOfGroup.set(v.group, i); });
  const lowered = DATA.nodes.map(e => e[0].toLowerCase());
  let cur = -1, svg = null, home = [0, 0, 1, 1], selected = '', query = '', hits = [], hitAt = 0;

  // Views, pan and zoom.
  function setView(x, y, w, h) {
    const vb = svg.viewBox.baseVal; vb.x = x; vb.y = y; vb.width = w; vb.height = h;
  }
  function fitted() {
    const vb = svg.viewBox.baseVal, eps = home[2] * 1e-3;
    return [vb.x, vb.y, vb.width, vb.height].every((v, i) => Math.abs(v - home[i]) <= eps);
  }
  function open(v) {
    if (v === cur) return;
    map.innerHTML = $('svg' + v).textContent;
    svg = map.querySelector('svg');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    const b = svg.viewBox.baseVal;
    home = [b.x, b.y, b.width, b.height];
    cur = v; selected = '';
    map.dataset.view = String(v);
    const view = DATA.views[v];
    $('crumb').textContent = v === 0 ? '' : ' › ' + view.name;
    $('home').classList.toggle('here', v === 0);
    document.title = 'ibatlas atlas: ' + DATA.title + (v === 0 ? '' : ' › ' + view.name);
    info.style.display = 'none';
    status.textContent = v === 0 ? '' : view.name + (view.summary ? ': ' + view.summary : '');
  }
  function toSvg(cx, cy) {
    const p = svg.createSVGPoint(); p.x = cx; p.y = cy;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoom(factor, cx, cy) {
    const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    const p = toSvg(cx === undefined ? r.left + r.width / 2 : cx,
                    cy === undefined ? r.top + r.height / 2 : cy);
    setView(p.x - (p.x - vb.x) * factor, p.y - (p.y - vb.y) * factor,
            vb.width * factor, vb.height * factor);
  }
  // Shows `el` whole and centred, zoomed in no further than 800 units across.
  function moveTo(el) {
    const r = el.getBoundingClientRect(), s = svg.getBoundingClientRect();
    const a = toSvg(r.left, r.top), b = toSvg(r.right, r.bottom);
    const aspect = s.height / s.width;
    const w = Math.max((b.x - a.x) * 1.4, (b.y - a.y) * 1.4 / aspect, Math.min(800, home[2]));
    setView((a.x + b.x - w) / 2, (a.y + b.y - w * aspect) / 2, w, w * aspect);
  }
  map.addEventListener('wheel', ev => {
    if (!svg) return;
    ev.preventDefault();
    zoom(ev.deltaY > 0 ? 1.2 : 1 / 1.2, ev.clientX, ev.clientY);
  }, {passive: false});
  let drag = null;
  map.addEventListener('pointerdown', ev => { drag = {x: ev.clientX, y: ev.clientY, moved: false}; });
  window.addEventListener('pointerup', () => { setTimeout(() => { drag = null; }, 0); });
  map.addEventListener('pointermove', ev => {
    if (!drag || ev.buttons === 0 || !svg) return;
    const vb = svg.viewBox.baseVal, scale = vb.width / svg.getBoundingClientRect().width;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    setView(vb.x - dx * scale, vb.y - dy * scale, vb.width, vb.height);
    drag.x = ev.clientX; drag.y = ev.clientY;
  });

  // Selection: a box, its lines and its neighbours stay lit.
  function clear() {
    map.querySelectorAll('.dim,.hit,.sel').forEach(g => g.classList.remove('dim', 'hit', 'sel'));
    document.querySelectorAll('#findings li.cur').forEach(li => li.classList.remove('cur'));
    info.style.display = 'none';
  }
  function titleOf(g) { const t = g.querySelector('title'); return t ? t.textContent : ''; }
  function showInfo(text) { info.textContent = text; info.style.display = text ? 'block' : 'none'; }
  function mark(id, lightNeighbours) {
    clear();
    const el = $(id);
    if (!el) return null;
    selected = id;
    el.classList.add('hit');
    if (!lightNeighbours) return el;
    const boxes = DATA.views[cur].boxes, edges = DATA.views[cur].edges, lit = new Set([id]);
    for (let i = 0; i < edges.length; i += 2) {
      const a = boxes[edges[i]][0], b = boxes[edges[i + 1]][0];
      if (a === id || b === id) { lit.add(a); lit.add(b); lit.add('e' + i / 2); }
    }
    map.querySelectorAll('g.node,g.edge').forEach(g => {
      if (!lit.has(g.id)) g.classList.add('dim');
      else if (g.classList.contains('edge')) g.classList.add('sel');
    });
    return el;
  }

  // The URL fragment: "open=GROUP", "select=ID", "search=TEXT".
  function remember(push) {
    const parts = [];
    if (cur > 0) parts.push('open=' + encodeURIComponent(DATA.views[cur].group));
    if (selected) parts.push('select=' + encodeURIComponent(selected));
    if (query) parts.push('search=' + encodeURIComponent(query));
    const hash = parts.length ? '#' + parts.join('&') : '';
    if (hash === location.hash) return;
    const url = location.href.split('#')[0] + (hash || '#');
    if (push) history.pushState(null, '', url); else history.replaceState(null, '', url);
  }
  function fragment() {
    const out = {};
    for (const part of location.hash.slice(1).split('&')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      try { out[part.slice(0, eq)] = decodeURIComponent(part.slice(eq + 1)); } catch (e) { }
    }
    return out;
  }
  function restore() {
    const f = fragment();
    query = '';
    if (f.search) { box.value = f.search; search(f.search, false); return; }
    open(f.open && viewOfGroup.has(f.open) ? viewOfGroup.get(f.open) : 0);
    clear();
    setView(...home);
    if (f.select) { const el = mark(f.select, true); if (el) { moveTo(el); showInfo(titleOf(el)); } }
  }
  function back() {
    const from = cur > 0 ? 'G' + DATA.views[cur].group : '';
    query = '';
    open(0);
    clear();
    setView(...home);
    if (from && $(from)) $(from).classList.add('hit');
    remember(true);
  }

  // Search over every fabric node: a LID, else a (port) GUID, else the description.
  function find(q) {
    const out = [], all = DATA.nodes;
    if (/^\d+$/.test(q)) {
      const n = Number(q);
      all.forEach((e, i) => {
        for (let k = 0; k < e[3].length; k += 2) if (n >= e[3][k] && n <= e[3][k + 1]) { out.push(i); break; }
      });
      if (out.length) return out;
    }
    const hex = q.replace(/^0x/, '');
    if (/^[0-9a-f]{4,16}$/.test(hex)) {
      all.forEach((e, i) => { if (e[1].includes(hex) || e[2].includes(hex)) out.push(i); });
      if (out.length) return out;
    }
    const rank = i => (lowered[i].split(/\s/)[0] === q ? 0 : lowered[i].startsWith(q) ? 1 : 2);
    lowered.forEach((d, i) => { if (d.includes(q)) out.push(i); });
    return out.map(i => [rank(i), i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(p => p[1]);
  }
  function describe(e) { return e[0] || '0x' + e[1]; }
  function showHit() {
    const e = DATA.nodes[hits[hitAt]], view = DATA.views[e[4]], b = view.boxes[e[5]];
    open(e[4]);
    setView(...home);
    const el = mark(b[0], false), where = b[2] > 1 ? ' is in "' + b[1] + '"' : '';
    if (el) { moveTo(el); showInfo((where ? describe(e) + ' is one of\n' : '') + titleOf(el)); }
    status.textContent = (hits.length === 1 ? '1 match: ' : 'match ' + (hitAt + 1) + ' of ' +
        hits.length + ' (Enter: next): ') + describe(e) + where + (e[4] ? ' (' + view.name + ')' : '');
  }
  function search(text, push) {
    const typed = text.trim(), q = typed.toLowerCase();
    if (q && q === query.toLowerCase() && hits.length) {
      hitAt = (hitAt + 1) % hits.length;
    } else {
      query = typed; hits = q ? find(q) : []; hitAt = 0;
    }
    status.dataset.matches = String(hits.length);
    if (!q) { status.textContent = ''; remember(push); return; }
    if (!hits.length) {
      if (cur < 0) open(0);
      clear();
      status.textContent = 'no match for "' + typed + '"';
      remember(push);
      return;
    }
    showHit();
    remember(push);
  }
  box.addEventListener('keydown', ev => {
    if (ev.key === 'Enter') search(box.value, true);
    if (ev.key === 'Escape') box.blur();
    ev.stopPropagation();
  });

  // The findings panel.
  function findingsList() {
    const list = $('findings'), frag = document.createDocumentFragment();
    DATA.findings.forEach((f, i) => {
      const li = document.createElement('li');
      li.className = 'sev-' + f[0] + (f[5] === null ? ' nowhere' : '');
      li.dataset.i = String(i);
      for (const [cls, text] of [['sev', f[0]], ['chk', f[1]], ['msg', f[2]], ['where', f[3]]]) {
        const s = document.createElement('span'); s.className = cls; s.textContent = text;
        li.appendChild(s);
      }
      frag.appendChild(li);
    });
    list.appendChild(frag);
    list.addEventListener('click', ev => {
      const li = ev.target.closest('li');
      if (li) goToFinding(Number(li.dataset.i), li);
    });
    $('toggle').textContent = 'findings (' + DATA.findings.length + ')';
    $('toggle').onclick = () => showPanel($('panel').hidden);
    showPanel(DATA.findings.length > 0);
  }
  function showPanel(on) { $('panel').hidden = !on; document.body.classList.toggle('panel', on); }
  function goToFinding(i, li) {
    const f = DATA.findings[i];
    const text = f[0] + ' ' + f[1] + ': ' + f[2] + '\n' + f[3] + (f[4] ? '\nfix: ' + f[4] : '');
    if (f[5] === null) { showInfo(text); status.textContent = 'fabric-wide: ' + f[1]; return; }
    query = '';
    open(f[5]);
    setView(...home);
    const el = mark(f[6], false);
    if (el) moveTo(el);
    if (li) li.classList.add('cur');
    showInfo(text);
    status.textContent = f[1] + ' at ' + f[3] + (f[5] ? ' (' + DATA.views[f[5]].name + ')' : '');
    remember(true);
  }

  // Clicks on the map, the keyboard, the links.
  map.addEventListener('click', ev => {
    if (drag && drag.moved) return;
    const g = ev.target.closest('g.node,g.edge');
    if (!g) { clear(); selected = ''; remember(false); return; }
    const group = g.id.startsWith('G') ? g.id.slice(1) : '';
    if (group && viewOfGroup.has(group) && viewOfGroup.get(group) !== cur) {
      query = '';
      open(viewOfGroup.get(group));
      remember(true);
      return;
    }
    if (g.classList.contains('node')) mark(g.id, true);
    else { clear(); selected = g.id; g.classList.add('hit'); }
    showInfo(titleOf(g));
    remember(false);
  });
  document.addEventListener('keydown', ev => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !svg) return;
    if (ev.key === '+' || ev.key === '=') zoom(1 / 1.5);
    else if (ev.key === '-' || ev.key === '_') zoom(1.5);
    else if (ev.key === '0') { if (fitted() && cur > 0) back(); else setView(...home); }
    else if (ev.key === 'Escape') { if (cur > 0) back(); else { clear(); setView(...home); } }
    else if (ev.key === '/') { box.focus(); box.select(); }
    else return;
    ev.preventDefault();
  });
  $('home').addEventListener('click', ev => { ev.preventDefault(); back(); });
  $('zoomin').onclick = () => zoom(1 / 1.5);
  $('zoomout').onclick = () => zoom(1.5);
  $('reset').onclick = () => { clear(); setView(...home); };
  window.addEventListener('popstate', restore);
  findingsList();
  restore();
})();
)JS";

}  // namespace

const char* atlas_html_style() {
  return kStyle;
}

const char* atlas_html_script() {
  return kScript;
}

}  // namespace ibatlas
