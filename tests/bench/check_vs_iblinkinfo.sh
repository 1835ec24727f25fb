#!/usr/bin/env bash
# Issues 4 and 5, whole process, on one simulated fabric: a generated fat-tree (default 10k
# hosts: 1,440 switches) under ibsim + opensm -R minhop, read by the standard tools and by us.
#
#   tests/bench/check_vs_iblinkinfo.sh BUILD_DIR [HOSTS|DUMP] [RUNS]
# BUILD_DIR: a Release build with IBATLAS_BUILD_BENCHMARKS. DUMP: an ibnetdiscover file that
# ibsim reads (a real-world dump) instead of a generated fat-tree of HOSTS hosts.
# Prints one line per timed command (median wall ms of RUNS, A B A B order) and opensm's own
# timings from its log:
#   opensm                 start -> SUBNET UP; routing = "building routing with 'minhop'" ->
#                          "minhop tables configured" (compute, LFT MADs queued), and ->
#                          "SWITCHES CONFIGURED FOR UNICAST" (tables written to the switches)
#   iblinkinfo live        iblinkinfo through umad2sim (discovery + print)
#   iblinkinfo cache       iblinkinfo --load-cache (ibnetdiscover --cache file)
#   ibatlas discover       our crawl through umad2sim, to an XML snapshot
#   ibatlas check dump     ibatlas check on ibnetdiscover text (the same fabric)
#   ibatlas check xml      ibatlas check on the crawled snapshot (states, enabled sets)
#   ibatlas routes         ibatlas routes TOPO --lfts dump_lfts-output (all-pairs validation)
#   ibatlas minhop         ibatlas routes TOPO --compute minhop (compute + validation)
#   check_lft_balance      infiniband-diags' script on the same dump_lfts output and cache
#   minhop agreement       our computed minhop against opensm's tables, entry by entry
# Uses scripts/sim-env.sh; everything started is stopped by PID on exit.
set -euo pipefail
build=$(realpath "${1:?usage: check_vs_iblinkinfo.sh BUILD_DIR [HOSTS|DUMP] [RUNS]}")
hosts=${2:-10000}
[[ -f $hosts ]] && hosts=$(realpath "$hosts")
runs=${3:-3}
cd "$(dirname "$0")/../.."
SIM_TIMEOUT=${SIM_TIMEOUT:-1800}  # ibsim takes minutes to load 10k hosts
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
sim_init
trap sim_stop_all EXIT
d=$SIM_DIR
ibatlas=$build/apps/ibatlas

ms() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1e6}'; }

# 1. The fabric, sized for ibsim: nodes, switches, ports (switch ports count port 0).
if [[ -f $hosts ]]; then
  cp "$hosts" "$d/fabric.txt"
else
  "$build/tests/bench/check_bench" --dump "$hosts" >"$d/fabric.txt"
fi
switches=$(grep -c '^Switch' "$d/fabric.txt")
cas=$(grep -c '^Ca' "$d/fabric.txt")
t0=$(now_ns)
sim_start_ibsim_sized "$d/fabric.txt"
t1=$(now_ns)
echo "fabric: $switches switches, $cas CAs; ibsim ready in $(ms $((t1 - t0))) ms"

# 2. opensm, once, minhop, with the log levels that time its routing.
cp fixtures/opensm.conf "$d/osm.conf"
echo "dump_files_dir $d/" >>"$d/osm.conf"
t0=$(now_ns)
sim_run env OSM_CACHE_DIR="$d" OSM_TMP_DIR="$d" opensm -o -R minhop -D 0x07 -F "$d/osm.conf" \
  -f "$d/osm.log" >/dev/null
t1=$(now_ns)
stamp() {  # first log line matching $1 -> seconds of the day with microseconds
  grep -m1 -- "$1" "$d/osm.log" | awk '{split($3, t, ":"); printf "%.6f", t[1]*3600 + t[2]*60 + t[3] + $4 / 1e6}'
}
build_t=$(stamp "building routing with 'minhop'")
done_t=$(stamp "minhop tables configured on all switches")
# The banner has no timestamp: the do_sweep line just above it has.
unicast_t=$(grep -B4 "SWITCHES CONFIGURED FOR UNICAST" "$d/osm.log" | grep 'do_sweep' | tail -1 |
  awk '{split($3, t, ":"); printf "%.6f", t[1]*3600 + t[2]*60 + t[3] + $4 / 1e6}')
awk -v a="$build_t" -v b="$done_t" -v c="$unicast_t" -v w="$(ms $((t1 - t0)))" 'BEGIN {
  printf "opensm -o -R minhop: %d ms whole run; routing %.0f ms (compute), %.0f ms (until written)\n",
         w, (b - a) * 1000, (c - a) * 1000 }'

# 3. The standard tools' inputs, taken once.
sim_run ibnetdiscover --cache "$d/fabric.cache" >"$d/topo.txt"
sim_run dump_lfts >"$d/lfts.txt"

time_cmd() {  # label command...
  local label=$1
  shift
  : >"$d/times"
  for ((i = 0; i < runs; i++)); do
    local a
    a=$(now_ns)
    "$@" >"$d/out" 2>"$d/err" || true
    echo $(($(now_ns) - a)) >>"$d/times"
  done
  printf '%-22s %8s ms   %s\n' "$label" "$(ms "$(median <"$d/times")")" "$(tail -1 "$d/out" | cut -c1-90)"
}

time_cmd "iblinkinfo live" sim_run iblinkinfo
time_cmd "iblinkinfo cache" sim_run iblinkinfo --load-cache "$d/fabric.cache"
time_cmd "ibatlas discover" sim_run "$ibatlas" discover -o "$d/crawl.xml"
time_cmd "ibatlas check dump" "$ibatlas" check "$d/topo.txt"
time_cmd "ibatlas check xml" "$ibatlas" check "$d/crawl.xml"
time_cmd "ibatlas routes" "$ibatlas" routes "$d/topo.txt" --lfts "$d/lfts.txt"
time_cmd "ibatlas minhop" "$ibatlas" routes "$d/topo.txt" --compute minhop
# iblinkinfo --load-cache (which check_lft_balance runs per switch) still opens a umad port.
# One iblinkinfo per switch, each loading the whole cache: ~5 s a switch at 10k hosts, so it
# is stopped after CLB_SECONDS (default 300) and the switches it examined are counted.
runs=1 time_cmd "check_lft_balance" sim_run timeout "${CLB_SECONDS:-300}" check_lft_balance \
  -l "$d/lfts.txt" -i "$d/fabric.cache"
echo "check_lft_balance examined $(grep -c 'attached as client' "$d/err") of $switches switches"

# 4. Our minhop against opensm's on the same fabric: (switch, LID) entries with the same port.
entries() {  # dump_lfts text -> "switchguid lid port" lines
  awk '/^Unicast lids/ {for (i = 1; i <= NF; i++) if ($i == "guid") sw = $(i + 1)}
       /^0x[0-9a-f]+ [0-9]+ :/ {print sw, $1, $2}' "$1" | sort
}
"$ibatlas" routes "$d/topo.txt" --compute minhop --dump >"$d/ours.txt" || true
entries "$d/lfts.txt" >"$d/theirs.entries"
entries "$d/ours.txt" >"$d/ours.entries"
same=$(comm -12 "$d/theirs.entries" "$d/ours.entries" | wc -l)
total=$(wc -l <"$d/theirs.entries")
echo "minhop agreement: $same of $total (switch, LID) entries with opensm's port"
