#!/usr/bin/python3
"""The HTML atlas in headless Chromium, driven over the DevTools protocol (python3-websocket).

  atlas_browser_test.py IBATLAS SOURCE
      Renders `IBATLAS render SOURCE --check -o atlas.html` and checks: no console errors or
      exceptions (first shown able to fail on a page that throws), group clicks open groups and
      the URL fragment says so, Escape, "0" and Back go back, a search for a host in a folded
      pod opens it and highlights the host's box, a finding clicked in the panel moves the view
      onto its line or box, the fragment restores state on load, "</script>" in a node
      description breaks nothing.
  atlas_browser_test.py --shots DIR IBATLAS SOURCE...
      Page size, render and load times, screenshots (overview, a group, a finding) into DIR.
Exit 77 (ctest: skipped) when chromium or python3-websocket is missing.
"""
import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    import websocket
except ImportError:
    websocket = None

SKIP = 77
CHROMIUM = os.environ.get('CHROMIUM', '/usr/bin/chromium')


class Failure(Exception):
    pass


def chromium_or_skip():
    if not os.access(CHROMIUM, os.X_OK) or websocket is None:
        print('SKIP: needs %s (Debian chromium) and python3-websocket' % CHROMIUM)
        sys.exit(SKIP)


class Browser:
    """One headless Chromium and its first page, over the DevTools protocol."""

    def __init__(self, tmp):
        profile = os.path.join(tmp, 'profile')
        self.proc = subprocess.Popen(
            [CHROMIUM, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync',
             '--remote-debugging-port=0', '--remote-allow-origins=*', '--user-data-dir=' + profile,
             '--window-size=1920,1080', 'about:blank'],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file, deadline = os.path.join(profile, 'DevToolsActivePort'), time.time() + 60
        while not (os.path.exists(port_file) and len(open(port_file).read().split()) >= 2):
            if self.proc.poll() is not None or time.time() > deadline:
                raise Failure('chromium did not start its DevTools server')
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        with urllib.request.urlopen('http://127.0.0.1:%d/json/list' % port) as r:
            page = next(t for t in json.load(r) if t['type'] == 'page')
        self.ws = websocket.create_connection(page['webSocketDebuggerUrl'], timeout=300,
                                              suppress_origin=True)
        self.last_id, self.events = 0, []
        for domain in ('Page', 'Runtime', 'Log'):
            self.call(domain + '.enable')
        self.call('Emulation.setDeviceMetricsOverride', width=1920, height=1080,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method, **params):
        self.last_id += 1
        self.ws.send(json.dumps({'id': self.last_id, 'method': method, 'params': params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get('id') == self.last_id:
                if 'error' in msg:
                    raise Failure('%s: %s' % (method, msg['error']))
                return msg.get('result', {})
            if 'method' in msg:
                self.events.append(msg)

    def eval(self, expression):
        r = self.call('Runtime.evaluate', expression=expression, returnByValue=True)
        if 'exceptionDetails' in r:
            raise Failure('%s: %s' % (expression[:60], r['exceptionDetails']))
        return r['result'].get('value')

    def errors(self):
        """Exceptions, error log entries and console.error/assert calls since the last load."""
        out = []
        for e in self.events:
            p = e.get('params', {})
            if e['method'] == 'Runtime.exceptionThrown':
                d = p['exceptionDetails']
                out.append(d.get('exception', {}).get('description') or d.get('text'))
            elif e['method'] == 'Log.entryAdded' and p['entry']['level'] == 'error':
                out.append(p['entry']['text'])
            elif e['method'] == 'Runtime.consoleAPICalled' and p['type'] in ('error', 'assert'):
                out.append(' '.join(str(a.get('value', a.get('description'))) for a in p['args']))
        return out

    def load(self, url):
        """Navigates and waits for the load event and a drawn map; returns the seconds taken."""
        for target in ('about:blank', url):  # a new fragment alone would not load the page
            start, self.events = time.time(), []
            self.call('Page.navigate', url=target)
            self.wait_for_load()
        while not self.eval("!!document.querySelector('#map svg')"):
            if time.time() - start > 120:
                raise Failure('no map drawn in 120 s: %s' % self.errors())
            time.sleep(0.02)
        return time.time() - start

    def wait_for_load(self):
        deadline = time.time() + 120
        while not any(e['method'] == 'Page.loadEventFired' for e in self.events):
            if time.time() > deadline:
                raise Failure('the page did not load in 120 s')
            self.call('Runtime.evaluate', expression='1')
            time.sleep(0.02)

    def click(self, x, y):
        for kind in ('mouseMoved', 'mousePressed', 'mouseReleased'):
            self.call('Input.dispatchMouseEvent', type=kind, x=x, y=y, button='left', clickCount=1)

    def click_element_query(self, query):
        """Scrolls the element into view and clicks its centre with the mouse."""
        r = self.eval("(() => { const e = document.querySelector(%s); e.scrollIntoView({block:"
                      " 'center'}); const r = e.getBoundingClientRect(); return [r.x + r.width"
                      " / 2, r.y + r.height / 2]; })()" % json.dumps(query))
        self.click(r[0], r[1])

    def key(self, key):
        codes = {'Escape': 27, 'Enter': 13, '/': 191, '0': 48, '+': 187, '-': 189}
        text = {'Enter': '\r', 'Escape': ''}.get(key, key)
        self.call('Input.dispatchKeyEvent', type='keyDown', key=key, text=text,
                  windowsVirtualKeyCode=codes[key])
        self.call('Input.dispatchKeyEvent', type='keyUp', key=key, windowsVirtualKeyCode=codes[key])

    def type(self, text):
        self.call('Input.insertText', text=text)

    def screenshot(self, path):
        data = self.call('Page.captureScreenshot', format='png')['data']
        with open(path, 'wb') as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


GROUP_BOXES = "Array.from(document.querySelectorAll('#map g.node')).filter(g => /^G/.test(g.id))"
STATE = """(() => { const s = document.querySelector('#map svg');
  return {hash: location.hash, crumb: document.getElementById('crumb').textContent,
          status: document.getElementById('status').textContent,
          svgs: document.querySelectorAll('svg').length,
          groups: %s.map(g => g.id), viewBox: s ? s.getAttribute('viewBox') : ''}; })()
""" % GROUP_BOXES
# The marked element's box, the map's box on screen, its title and the view's first viewBox.
HIT = """(() => { const hits = document.querySelectorAll('#map .hit');
  if (hits.length !== 1) return {count: hits.length};
  const el = hits[0], s = document.querySelector('#map svg'), r = el.getBoundingClientRect(),
        m = s.getBoundingClientRect(), t = el.querySelector('title');
  const text = document.getElementById('svg' + document.getElementById('map').dataset.view);
  const first = new DOMParser().parseFromString(text.textContent, 'image/svg+xml')
      .documentElement.getAttribute('viewBox');
  return {count: 1, id: el.id, title: t ? t.textContent : '', box: [r.left, r.top, r.right, r.bottom],
          map: [m.left, m.top, m.right, m.bottom], viewBox: s.getAttribute('viewBox'), first}; })()
"""


def check(condition, what):
    if not condition:
        raise Failure(what)
    print('ok:', what)


def render(ibatlas, source, out):
    start = time.time()
    subprocess.run([ibatlas, 'render', source, '--check', '-o', out], check=True)
    return time.time() - start


def first_host(source):
    """A host of the dump with its leaf: a CA line and the switch GUID of its first port."""
    name = None
    with open(source, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'^Ca\s+\d+\s+"H-([0-9a-f]+)"\s+#\s+"([^"]+)"', line)
            if m:
                name = m.group(2)
                continue
            m = re.match(r'^\[\d+\](?:\([0-9a-f]+\))?\s+"S-([0-9a-f]+)"', line)
            if name and m:
                return name, m.group(1)
    raise Failure('no host cabled to a switch in ' + source)


def check_errors_are_seen(b, tmp):
    broken = os.path.join(tmp, 'broken.html')
    with open(broken, 'w') as f:
        f.write('<html><body><div id="map"><svg></svg></div><script>console.error("logged");'
                'undefinedFunction();</script></body></html>')
    b.load('file://' + broken)
    errors = b.errors()
    check(any('undefinedFunction' in e for e in errors), 'an exception on a page is seen')
    check(any('logged' in e for e in errors), 'a console.error call is seen')


def check_group_click_and_back(b, url):
    b.load(url)
    state = b.eval(STATE)
    check(b.errors() == [], 'the atlas loads without console errors: %s' % b.errors())
    check(state['svgs'] == 1, 'one SVG in the live DOM (%d)' % state['svgs'])
    check(len(state['groups']) >= 2, 'the overview shows group boxes (%d)' % len(state['groups']))
    group = state['groups'][0]
    b.click_element_query('#' + group)
    opened = b.eval(STATE)
    check(opened['hash'] == '#open=' + group[1:], 'a click on %s opens it: %s' % (group,
                                                                               opened['hash']))
    check(group not in opened['groups'] and opened['crumb'], 'its view is drawn in detail')
    if opened['groups']:  # a neighbour group, folded in this view
        b.click_element_query('#' + opened['groups'][0])
        check(b.eval(STATE)['hash'] == '#open=' + opened['groups'][0][1:],
              'a click on its neighbour %s opens that' % opened['groups'][0])
        b.eval('history.back()')
        time.sleep(0.5)
        check(b.eval(STATE)['hash'] == '#open=' + group[1:], 'the Back button returns to %s' % group)
    b.key('Escape')
    back = b.eval(STATE)
    check('open=' not in back['hash'] and group in back['groups'], 'Escape returns to overview')
    b.click_element_query('#' + group)
    b.key('0')  # fitted: back to the overview
    check('open=' not in b.eval(STATE)['hash'], '"0" when fitted returns to the overview')
    width = float(b.eval(STATE)['viewBox'].split()[2])
    b.key('+')
    zoomed = float(b.eval(STATE)['viewBox'].split()[2])
    check(abs(zoomed * 1.5 - width) < width * 1e-3, '"+" zooms in 1.5x (%g -> %g)' % (width, zoomed))
    b.key('/')
    check(b.eval('document.activeElement.id') == 'search', '"/" focuses the search box')
    return state['groups']


def check_search(b, url, source, groups):
    host, leaf = first_host(source)
    b.load(url)
    b.key('/')
    b.type(host)
    b.key('Enter')
    state, hit = b.eval(STATE), b.eval(HIT)
    m = re.match(r'#open=([^&]+)&select=[^&]+&search=', state['hash'])
    check(m is not None, 'the search for %r opens a group: %s' % (host, state['hash']))
    pod = m.group(1)
    check(pod.startswith('pod') and 'G' + pod in groups, '%s is a pod folded in the overview' % pod)
    check(b.eval("!!document.getElementById('n%016x')" % int(leaf, 16)),
          'the open view draws the host\'s leaf %s in detail' % leaf)
    check(hit['count'] == 1 and host in hit['title'], 'the box holding %s is highlighted (%s)' %
          (host, hit.get('id')))
    check(host in state['status'], 'the status line names the host: %s' % state['status'])
    b.load(url.split('#')[0] + '#open=' + pod)
    check(b.eval(STATE)['hash'] == '#open=' + pod and 'G' + pod not in b.eval(STATE)['groups'],
          '"#open=%s" on load opens it' % pod)
    b.load(url.split('#')[0] + '#open=%s&select=%s' % (pod, hit['id']))
    check(b.eval(HIT).get('id') == hit['id'], '"#open=%s&select=%s" on load selects it' %
          (pod, hit['id']))
    b.load(url.split('#')[0] + '#search=' + host.replace(' ', '%20'))
    check(b.eval(HIT)['count'] == 1 and pod in b.eval(STATE)['hash'], '"#search=" on load finds it')
    check(b.errors() == [], 'no console errors while searching: %s' % b.errors())


def check_findings(b, url):
    b.load(url)
    placed = b.eval("Array.from(document.querySelectorAll('#findings li:not(.nowhere)'))"
                    ".map(li => [li.dataset.i, li.querySelector('.chk').textContent,"
                    " li.querySelector('.msg').textContent])")
    check(len(placed) > 0, 'the panel lists %d findings with a place' % len(placed))
    tried = set()
    for i, chk, msg in placed:
        b.click_element_query("#findings li[data-i='%s']" % i)
        hit = b.eval(HIT)
        kind = 'line' if hit.get('id', '').startswith('e') else 'box'
        if kind in tried:
            continue
        tried.add(kind)
        check(hit['count'] == 1 and chk in hit['title'] and msg in hit['title'],
              'finding %s: its %s %s is marked and its title names it' % (chk, kind, hit.get('id')))
        x0, y0, x1, y1 = hit['box']
        mx0, my0, mx1, my1 = hit['map']
        check(x0 >= mx0 - 1 and y0 >= my0 - 1 and x1 <= mx1 + 1 and y1 <= my1 + 1,
              'the %s is inside the visible map: %s in %s' % (kind, hit['box'], hit['map']))
        now, first = [float(v) for v in hit['viewBox'].split()], [float(v) for v in hit['first'].split()]
        check(any(abs(a - b) > 1 for a, b in zip(now, first)), 'the view moved to it: %s, was %s' %
              (hit['viewBox'], hit['first']))
        if len(tried) == 2:
            break
    check(tried == {'line', 'box'}, 'findings on a line and on a box were both tried')
    check(b.errors() == [], 'no console errors in the findings panel: %s' % b.errors())


EVIL = 'evil</script><script>window.PWNED=1</script><!--'


def doctored(ibatlas, source, tmp):
    """SOURCE with its first host named EVIL and its first 4xQDR switch cable at 1x (both
    ends), so that --check marks a line; returns the rendered page."""
    lines = open(source, encoding='utf-8', errors='surrogateescape').read().split('\n')
    host, _ = first_host(source)
    lines = [l.replace('"%s"' % host, '"%s"' % EVIL) for l in lines]
    current, cable = None, None
    for i, line in enumerate(lines):
        m = re.match(r'^Switch\s+\d+\s+"S-([0-9a-f]+)"', line)
        current = m.group(1) if m else current
        m = re.match(r'^\[(\d+)\]\s+"S-([0-9a-f]+)"\[(\d+)\]', line)
        if m and cable is None and '4xQDR' in line:
            cable = (current, m.group(1), m.group(2), m.group(3))
        elif not (m and cable and (current, m.group(1), m.group(2), m.group(3)) ==
                  (cable[2], cable[3], cable[0], cable[1])):
            continue
        lines[i] = line.replace('4xQDR', '1xQDR')
    with open(os.path.join(tmp, 'doctored.txt'), 'w', encoding='utf-8',
              errors='surrogateescape') as f:
        f.write('\n'.join(lines))
    page = os.path.join(tmp, 'doctored.html')
    render(ibatlas, os.path.join(tmp, 'doctored.txt'), page)
    return 'file://' + page


def check_script_in_description(b, url):
    b.load(url + '#search=evil')
    check(b.errors() == [] and b.eval('window.PWNED === undefined'),
          '"</script>" in a node description runs nothing and breaks nothing')
    hit = b.eval(HIT)
    check(hit['count'] == 1 and EVIL in hit['title'], 'and a search finds that node by it')


def shots(out_dir, ibatlas, sources, tmp):
    os.makedirs(out_dir, exist_ok=True)
    b = Browser(tmp)
    try:
        for source in sources:
            stem = os.path.splitext(os.path.basename(source))[0]
            page = os.path.join(tmp, stem + '.html')
            seconds = render(ibatlas, source, page)
            load = b.load('file://' + page)
            print('%s: %.1f MB, render %.1f s, load %.2f s, errors %s' % (
                stem, os.path.getsize(page) / 1e6, seconds, load, b.errors()), flush=True)
            b.screenshot(os.path.join(out_dir, stem + '-overview.png'))
            groups = b.eval(STATE)['groups']
            if groups:
                start = time.time()
                b.click_element_query('#' + groups[len(groups) // 2])
                print('  open %s: %.2f s' % (groups[len(groups) // 2], time.time() - start), flush=True)
                b.screenshot(os.path.join(out_dir, stem + '-group.png'))
            if b.eval("document.querySelectorAll('#findings li:not(.nowhere)').length"):
                b.click_element_query('#findings li:not(.nowhere)')
                b.screenshot(os.path.join(out_dir, stem + '-finding.png'))
    finally:
        b.close()


def main(argv):
    chromium_or_skip()
    with tempfile.TemporaryDirectory() as tmp:
        if argv[1] == '--shots':
            shots(argv[2], argv[3], argv[4:], tmp)
            return 0
        ibatlas, source = argv[1], argv[2]
        if not os.path.exists(source):
            print('SKIP: %s is missing (shared/realworld/ beside the repository)' % source)
            return SKIP
        page = os.path.join(tmp, 'atlas.html')
        render(ibatlas, source, page)
        b = Browser(tmp)
        try:
            check_errors_are_seen(b, tmp)
            groups = check_group_click_and_back(b, 'file://' + page)
            check_search(b, 'file://' + page, source, groups)
            doctored_page = doctored(ibatlas, source, tmp)
            check_findings(b, doctored_page)
            check_script_in_description(b, doctored_page)
        except Failure as e:
            print('FAIL:', e)
            return 1
        finally:
            b.close()
    print('PASS')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
