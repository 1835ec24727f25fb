#!/usr/bin/env bash
# Issue 19 §3, side by side: opensm's minhop, updn and ftree against ours on one generated
# fat-tree under ibsim (default 2000 hosts, 3 levels, radix 36).
#
#   tests/bench/engines_vs_opensm.sh BUILD_DIR [HOSTS|NETFILE] [RUNS]
# BUILD_DIR: a build with IBATLAS_BUILD_BENCHMARKS (check_bench makes the fabric: its
# generated 3-level radix-36 tree); NETFILE: an ibsim netfile instead. For each
# engine, one line:
#   opensm -o -R ENGINE    its log: "building routing with 'ENGINE'" -> "ENGINE tables
#                          configured on all switches" (compute and LFT MADs queued), and the
#                          whole run (discovery, LIDs, routing, activation)
#   ibatlas                `ibatlas routes TOPO --compute ENGINE` whole process (read,
#                          compute, validate all pairs, report), median of RUNS, and
#                          `--compute ENGINE --dump` alone
#   agreement              (switch, LID) entries of opensm's dump_lfts equal to ours
# ENGINES="ftree" runs only those engines (default: minhop updn ftree).
# Uses scripts/sim-env.sh; everything started is stopped by PID on exit.
set -euo pipefail
build=$(realpath "${1:?usage: engines_vs_opensm.sh BUILD_DIR [HOSTS|NETFILE] [RUNS]}")
hosts=${2:-2000}
[[ -f $hosts ]] && hosts=$(realpath "$hosts")
runs=${3:-3}
cd "$(dirname "$0")/../.."
SIM_TIMEOUT=${SIM_TIMEOUT:-1800}
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
sim_init
trap sim_stop_all EXIT
d=$SIM_DIR
ibatlas=$build/apps/ibatlas

ms() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1e6}'; }

if [[ -f $hosts ]]; then
  cp "$hosts" "$d/fabric.txt"
else
  "$build/tests/bench/check_bench" --dump "$hosts" >"$d/fabric.txt"
fi
sim_start_ibsim_sized "$d/fabric.txt"
echo "fabric: $(grep -c '^Switch' "$d/fabric.txt") switches, $(grep -c '^Ca' "$d/fabric.txt") CAs"
cp fixtures/opensm.conf "$d/osm.conf"

stamp() {  # log, first line matching $2 -> seconds of the day with microseconds
  grep -m1 -- "$2" "$1" | awk '{split($3, t, ":"); printf "%.6f", t[1]*3600 + t[2]*60 + t[3] + $4 / 1e6}'
}
entries() {  # dump_lfts text -> "switchguid lid port" lines
  awk '/^Unicast lids/ {for (i = 1; i <= NF; i++) if ($i == "guid") sw = $(i + 1)}
       /^0x[0-9a-f]+ [0-9]+ :/ {print sw, $1, $2}' "$1" | sort
}

for engine in ${ENGINES:-minhop updn ftree}; do
  log=$d/osm-$engine.log
  t0=$(now_ns)
  sim_run env OSM_CACHE_DIR="$d" OSM_TMP_DIR="$d" opensm -o -R "$engine" -D 0x07 \
    -F "$d/osm.conf" -f "$log" >/dev/null
  t1=$(now_ns)
  used=$(grep -o "[a-z]* tables configured on all switches" "$log" | head -1 | cut -d' ' -f1)
  build_t=$(stamp "$log" "building routing with '$engine'")
  done_t=$(stamp "$log" "$used tables configured on all switches")
  awk -v e="$engine" -v u="$used" -v a="$build_t" -v b="$done_t" -v w="$(ms $((t1 - t0)))" \
    'BEGIN { printf "opensm -o -R %s (used %s): routing %.0f ms, whole run %d ms\n", e, u, (b - a) * 1000, w }'
  sim_run ibnetdiscover >"$d/topo.txt"  # after opensm: the LIDs it gave
  sim_run dump_lfts >"$d/lfts-$engine.txt"
  : >"$d/times"
  for ((i = 0; i < runs; i++)); do
    a=$(now_ns)
    "$ibatlas" routes "$d/topo.txt" --compute "$engine" >/dev/null 2>&1 || true
    echo $(($(now_ns) - a)) >>"$d/times"
  done
  a=$(now_ns)
  "$ibatlas" routes "$d/topo.txt" --compute "$engine" --dump >"$d/ours-$engine.txt" 2>/dev/null || true
  dump_ms=$(ms $(($(now_ns) - a)))
  entries "$d/lfts-$engine.txt" >"$d/theirs.entries"
  entries "$d/ours-$engine.txt" >"$d/ours.entries"
  same=$(comm -12 "$d/theirs.entries" "$d/ours.entries" | wc -l)
  theirs=$(wc -l <"$d/theirs.entries")
  ours=$(wc -l <"$d/ours.entries")
  echo "ibatlas --compute $engine: routes $(ms "$(median <"$d/times")") ms (median of $runs), --dump $dump_ms ms"
  echo "agreement $engine: $same equal of $theirs opensm entries ($ours ours)"
done
