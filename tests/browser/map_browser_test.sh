#!/usr/bin/env bash
# The interactive map in a real browser (headless Chromium): the page loads without console
# errors, a search finds a node, and a screenshot is not blank. Each check is first shown
# able to fail (a page with a script error, a blank page).
#   tests/browser/map_browser_test.sh IBATLAS SOURCE NODE GUID  (GUID: of a folded host)
# Exit 77 (ctest: skipped) when /usr/bin/chromium is absent.
set -euo pipefail
ibatlas=$1 source=$2 node=$3 guid=$4
chromium=${CHROMIUM:-/usr/bin/chromium}
here=$(cd "$(dirname "$0")" && pwd)
if [[ ! -x $chromium ]]; then
  echo "SKIP: $chromium is not installed (Debian package chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

browse() {  # browse OUT_STEM URL EXTRA_FLAGS...: DOM on OUT.dom, log on OUT.log
  local stem=$1 url=$2
  shift 2
  rm -rf "$tmp/profile"
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 "$@" "$url" \
    >"$tmp/$stem.dom" 2>"$tmp/$stem.log" || true
}

console_errors() {  # the console lines of a log that report script errors
  grep -E 'CONSOLE.*(Uncaught|Error)' "$1" || true
}

fail() { echo "FAIL: $*"; exit 1; }

"$ibatlas" render "$source" --check -o "$tmp/map.html"

# 1. Console errors are caught: a page that throws must show one.
echo '<html><body><script>undefinedFunction();</script></body></html>' >"$tmp/broken.html"
browse broken "file://$tmp/broken.html" --dump-dom
[[ -n $(console_errors "$tmp/broken.log") ]] || fail "a script error was not seen in the log"

# 2. The map loads without console errors, and the search in the URL finds the node.
browse map "file://$tmp/map.html#search=$node" --dump-dom
errors=$(console_errors "$tmp/map.log")
[[ -z $errors ]] || fail "console errors: $errors"
grep -q '<span id="status"[^>]*>1 match: ' "$tmp/map.dom" ||
  fail "search for $node: $(grep -o '<span id="status"[^<]*' "$tmp/map.dom")"
browse guid "file://$tmp/map.html#search=$guid" --dump-dom
grep -q '<span id="status"[^>]*>1 match: ' "$tmp/guid.dom" ||
  fail "search for GUID $guid: $(grep -o '<span id="status"[^<]*' "$tmp/guid.dom")"
browse nomatch "file://$tmp/map.html#search=no-such-node-xyz" --dump-dom
grep -q 'no match for' "$tmp/nomatch.dom" || fail "a search for nothing did not say so"

# 3. A screenshot of the map is not blank; one of an empty page is.
echo '<html><body></body></html>' >"$tmp/blank.html"
browse blank "file://$tmp/blank.html" --screenshot="$tmp/blank.png" --window-size=1200,800
browse shot "file://$tmp/map.html" --screenshot="$tmp/shot.png" --window-size=1200,800
blank=$(python3 "$here/png_check.py" "$tmp/blank.png")
drawn=$(python3 "$here/png_check.py" "$tmp/shot.png")
echo "non-background pixels: map $drawn, empty page $blank"
python3 -c "import sys; sys.exit(0 if $blank < 0.001 and $drawn > 0.01 else 1)" ||
  fail "screenshot looks blank ($drawn)"
echo "PASS: page loads without console errors, search finds $node and $guid, screenshot not blank"
