#!/usr/bin/env bash
# Whole-process diff time of `ibatlas diff` against `ibnetdiscover --diff`, on the same two
# states of the same ibsim fabric in one run: a generated fat-tree is captured with
# `ibnetdiscover --cache` (and `ibatlas discover -o`), about 1% of its cables are unplugged
# through ibsim's console, and it is captured again. Then, alternating A B C A B C:
#   A  ibnetdiscover --load-cache NEW --diff OLD     (infiniband-diags reads its own caches)
#   B  ibatlas diff OLD.cache NEW.cache              (the same files, through libibnetdisc)
#   C  ibatlas diff OLD.xml NEW.xml                  (our snapshots of the same states)
# It prints the median wall time and peak RSS of each, the ratios, and what each reported (an
# unplugged host cable takes the host out of the second capture: a node and a cable gone).
#
#   tests/bench/diff_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [LEVELS:RADIX:HOSTS]
#
# BUILD_DIR: a Release build with IBATLAS_BUILD_BENCHMARKS=ON (apps/ibatlas and
# tests/bench/discover_bench, which writes the generated netfile). Default 3:36:2000.
set -euo pipefail
build=$(cd "${1:?usage: diff_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [L:R:H]}" && pwd)
runs=${2:-5}
IFS=: read -r levels radix hosts <<<"${3:-3:36:2000}"
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
SIM_TIMEOUT=${SIM_TIMEOUT:-300}
ibatlas=$build/apps/ibatlas

timed() {  # name command...
  local name=$1 t0 t1
  shift
  t0=$(now_ns)
  /usr/bin/time -f "%M" -o "$SIM_DIR/rss" "$@" >"$SIM_DIR/out.$name" 2>"$SIM_DIR/err.$name" || true
  t1=$(now_ns)
  echo $((t1 - t0)) >>"$SIM_DIR/$name.wall"
  tail -n 1 "$SIM_DIR/rss" >>"$SIM_DIR/$name.rss"
}

report() {  # name label
  awk -v l="$2" -v w="$(median <"$SIM_DIR/$1.wall")" -v r="$(median <"$SIM_DIR/$1.rss")" \
    'BEGIN { printf "  %-34s wall %8.1f ms  RSS %6.1f MB\n", l, w / 1e6, r / 1024 }'
}

capture() {  # name
  sim_run ibnetdiscover --cache "$SIM_DIR/$1.cache" >/dev/null
  sim_run "$ibatlas" discover -o "$SIM_DIR/$1.xml" 2>/dev/null
}

# Unplugs every HOSTS/100-th host cable: "[port] "H-...""[1] lines of the leaf switches.
unplug_one_percent() {  # netfile
  local count=0
  while read -r name port; do
    sim_console "Unlink $name[$port]"
    count=$((count + 1))
  done < <(awk -v every=100 '
    /^Switch/ { match($0, /"S-[0-9a-f]+"/); sw = substr($0, RSTART, RLENGTH) }
    /^\[[0-9]+\][ \t]+"H-/ { n++; if (n % every == 0) { gsub(/[\[\]]/, "", $1); print sw, $1 } }
  ' "$1")
  echo "$count"
}

trap sim_stop_all EXIT
net=$(mktemp "${TMPDIR:-/tmp}/ibatlas-bench.XXXXXX.net")
"$build/tests/bench/discover_bench" --netfile "$levels" "$radix" "$hosts" >"$net"
switches=$(grep -c '^Switch' "$net")
cas=$(grep -c '^Ca' "$net")
sim_init
sim_start_ibsim_sized "$net"
sim_start_opensm
capture old
unplugged=$(unplug_one_percent "$net")
sleep 1
capture new
echo "fat-tree levels=$levels radix=$radix hosts=$hosts: $switches switches, $cas CAs;" \
  "$unplugged host cables unplugged; median of $runs runs"

for ((i = 0; i < runs; i++)); do
  timed ibnd ibnetdiscover --load-cache "$SIM_DIR/new.cache" --diff "$SIM_DIR/old.cache"
  timed cache "$ibatlas" diff "$SIM_DIR/old.cache" "$SIM_DIR/new.cache"
  timed xml "$ibatlas" diff "$SIM_DIR/old.xml" "$SIM_DIR/new.xml"
done
report ibnd "ibnetdiscover --diff (caches)"
report cache "ibatlas diff (the same caches)"
report xml "ibatlas diff (XML snapshots)"
echo "  faster than ibnetdiscover --diff: $(ratio "$SIM_DIR" ibnd cache)x (caches), $(ratio "$SIM_DIR" ibnd xml)x (XML)"
echo "  ibnetdiscover --diff: $(grep -c '^[<>]' "$SIM_DIR/out.ibnd" || true) lines marked < or >"
echo "  ibatlas (caches): $(sed -n 3p "$SIM_DIR/out.cache")"
echo "  ibatlas (XML):    $(sed -n 3p "$SIM_DIR/out.xml")"
rm -f "$net"
