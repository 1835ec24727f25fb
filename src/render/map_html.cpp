// The interactive page's script and style. Plain ES2017 and CSS, no libraries, no network.
// The page has one SVG (Graphviz's), node groups <g class="node" id="..."> whose <title>
// holds the tooltip, edge groups <g class="edge" id="e<i>">, and EDGES = [[edge, upper,
// lower], ...] from the render model.

#include "ibatlas/render/map_html.hpp"

namespace ibatlas {

namespace {

constexpr const char kStyle[] = R"CSS(
html,body{margin:0;height:100%;font:13px sans-serif;overflow:hidden}
#bar{position:fixed;top:0;left:0;right:0;height:34px;display:flex;gap:6px;align-items:center;
 padding:0 8px;background:#f3f3f3;border-bottom:1px solid #ccc;z-index:2}
#status{color:#333;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#map{position:absolute;top:35px;left:0;right:0;bottom:0;cursor:grab;background:#fff}
#map svg{width:100%;height:100%;display:block}
#info{position:fixed;right:8px;top:42px;max-width:45%;max-height:70%;overflow:auto;margin:0;
 padding:6px 8px;background:rgba(255,255,255,.95);border:1px solid #bbb;font-size:12px;
 white-space:pre-wrap;display:none;z-index:2}
.dim{opacity:.12}
.hit polygon,.hit ellipse,.hit path{stroke:#000;stroke-width:4px}
.sel path{stroke-width:4px}
)CSS";

constexpr const char kScript[] = R"JS(
(function () {
  'use strict';
  const svg = document.querySelector('#map svg');
  const status = document.getElementById('status');
  const info = document.getElementById('info');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  const nodes = new Map();
  svg.querySelectorAll('g.node').forEach(g => nodes.set(g.id, g));
  const edgesOf = new Map();
  for (const [e, a, b] of EDGES) {
    for (const n of [a, b]) {
      if (!edgesOf.has(n)) edgesOf.set(n, []);
      edgesOf.get(n).push(e);
    }
  }
  const fit = svg.viewBox.baseVal;
  const home = [fit.x, fit.y, fit.width, fit.height];
  const vb = svg.viewBox.baseVal;
  function setView(x, y, w, h) { vb.x = x; vb.y = y; vb.width = w; vb.height = h; }
  function titleOf(g) { const t = g.querySelector('title'); return t ? t.textContent : ''; }
  function labelOf(g) {
    return Array.from(g.querySelectorAll('text')).map(t => t.textContent).join(' ')
        .replace(/([–…]) /g, '$1');
  }
  function toSvg(cx, cy) {
    const p = svg.createSVGPoint(); p.x = cx; p.y = cy;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoom(factor, cx, cy) {
    const r = svg.getBoundingClientRect();
    const p = toSvg(cx === undefined ? r.left + r.width / 2 : cx,
                    cy === undefined ? r.top + r.height / 2 : cy);
    setView(p.x - (p.x - vb.x) * factor, p.y - (p.y - vb.y) * factor,
            vb.width * factor, vb.height * factor);
  }
  svg.addEventListener('wheel', ev => {
    ev.preventDefault();
    zoom(ev.deltaY > 0 ? 1.2 : 1 / 1.2, ev.clientX, ev.clientY);
  }, {passive: false});
  let drag = null;
  svg.addEventListener('pointerdown', ev => { drag = {x: ev.clientX, y: ev.clientY, moved: false}; });
  window.addEventListener('pointerup', () => { setTimeout(() => { drag = null; }, 0); });
  svg.addEventListener('pointermove', ev => {
    if (!drag || ev.buttons === 0) return;
    const scale = vb.width / svg.getBoundingClientRect().width;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    setView(vb.x - dx * scale, vb.y - dy * scale, vb.width, vb.height);
    drag.x = ev.clientX; drag.y = ev.clientY;
  });
  document.getElementById('zoomin').onclick = () => zoom(1 / 1.5);
  document.getElementById('zoomout').onclick = () => zoom(1.5);
  document.getElementById('reset').onclick = () => { setView(...home); clear(); };
  function clear() {
    svg.querySelectorAll('.dim,.hit,.sel').forEach(g => g.classList.remove('dim', 'hit', 'sel'));
    info.style.display = 'none';
  }
  function centre(g) {
    // The box in viewBox units (Graphviz wraps everything in a translated group).
    const r = g.getBoundingClientRect();
    const a = toSvg(r.left, r.top), b = toSvg(r.right, r.bottom);
    const w = Math.min(home[2], Math.max(vb.width < home[2] ? vb.width : home[2] / 4,
                                         (b.x - a.x) * 3));
    const h = w * (vb.height / vb.width);
    setView((a.x + b.x) / 2 - w / 2, (a.y + b.y) / 2 - h / 2, w, h);
  }
  function select(id) {
    clear();
    const lit = new Set([id]);
    for (const e of edgesOf.get(id) || []) lit.add(e);
    for (const [e, a, b] of EDGES) if (a === id || b === id) { lit.add(a); lit.add(b); }
    svg.querySelectorAll('g.node,g.edge').forEach(g => {
      if (!lit.has(g.id)) g.classList.add('dim');
      else if (g.classList.contains('edge')) g.classList.add('sel');
    });
    nodes.get(id).classList.add('hit');
    info.textContent = titleOf(nodes.get(id));
    info.style.display = 'block';
  }
  svg.addEventListener('click', ev => {
    if (drag && drag.moved) return;
    const g = ev.target.closest('g.node,g.edge');
    if (!g) { clear(); return; }
    if (g.classList.contains('node')) { select(g.id); return; }
    info.textContent = titleOf(g);
    info.style.display = 'block';
  });
  function lids(title) {
    const found = [];
    for (const part of title.split(/\n|; /)) {
      if (!part.startsWith('LID ')) continue;
      for (const m of part.replace(/\(port \d+\)/g, '').matchAll(/\d+/g)) found.push(m[0]);
    }
    return found;
  }
  function matches(g, q) {
    const title = titleOf(g);
    if (/^\d+$/.test(q)) return lids(title).includes(String(Number(q)));
    const text = (title + '\n' + labelOf(g)).toLowerCase();
    let guid = q.replace(/^0x/, '');
    if (/^[0-9a-f]{4,16}$/.test(guid)) return text.includes(guid);
    return text.includes(q);
  }
  function search(text) {
    clear();
    const q = text.trim().toLowerCase();
    if (!q) { status.textContent = ''; return; }
    const hits = [];
    nodes.forEach((g, id) => { if (matches(g, q)) hits.push(g); });
    status.textContent = hits.length === 0 ? 'no match for "' + text + '"'
        : hits.length + (hits.length === 1 ? ' match: ' : ' matches: ') +
          hits.slice(0, 8).map(labelOf).join(', ') + (hits.length > 8 ? ', …' : '');
    status.dataset.matches = String(hits.length);
    if (hits.length === 0) return;
    svg.querySelectorAll('g.node,g.edge').forEach(g => g.classList.add('dim'));
    hits.forEach(g => { g.classList.remove('dim'); g.classList.add('hit'); });
    centre(hits[0]);
    if (hits.length === 1) { info.textContent = titleOf(hits[0]); info.style.display = 'block'; }
  }
  const box = document.getElementById('search');
  box.addEventListener('keydown', ev => { if (ev.key === 'Enter') search(box.value); });
  box.addEventListener('search', () => search(box.value));
  if (location.hash.startsWith('#search=')) {
    box.value = decodeURIComponent(location.hash.slice(8));
    search(box.value);
  }
})();
)JS";

}  // namespace

const char* map_html_style() {
  return kStyle;
}

const char* map_html_script() {
  return kScript;
}

}  // namespace ibatlas
