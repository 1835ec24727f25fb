#!/usr/bin/env bash
# Issue 19 §2/§4, whole process, one simulated fabric: a generated 3-level fat-tree under
# ibsim, routed by opensm -R minhop; its tables (dump_lfts) judged by infiniband-diags'
# check_lft_balance (LIDs per port, per switch) and by `ibatlas routes` (route load per link,
# route.imbalance), on the same files.
#
#   tests/bench/load_vs_check_lft_balance.sh BUILD_DIR [RADIX] [RUNS]
# BUILD_DIR: a build with IBATLAS_BUILD_BENCHMARKS (routing_bench writes the netfile). RADIX
# (default 8): a full 3-level tree of that radix (8: 80 switches, 128 hosts). Prints the
# median wall ms of RUNS per command and what each reports.
# Uses scripts/sim-env.sh; everything started is stopped by PID on exit.
set -euo pipefail
build=$(realpath "${1:?usage: load_vs_check_lft_balance.sh BUILD_DIR [RADIX] [RUNS]}")
radix=${2:-8}
runs=${3:-3}
cd "$(dirname "$0")/../.."
SIM_TIMEOUT=${SIM_TIMEOUT:-900}
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
sim_init
trap sim_stop_all EXIT
[[ -n ${KEEP_OUT:-} ]] && trap "cp $SIM_DIR/out.* \"$KEEP_OUT\"/ || true; sim_stop_all" EXIT
d=$SIM_DIR
ibatlas=$build/apps/ibatlas

ms() { awk -v n="$1" 'BEGIN {printf "%.0f", n / 1e6}'; }

"$build/tests/bench/routing_bench" --netfile 3 "$radix" 0 >"$d/fabric.txt"
sim_start_ibsim_sized "$d/fabric.txt"
cp fixtures/opensm.conf "$d/osm.conf"
sim_run env OSM_CACHE_DIR="$d" OSM_TMP_DIR="$d" opensm -o -R minhop -F "$d/osm.conf" \
  -f "$d/osm.log" >/dev/null
sim_run ibnetdiscover --cache "$d/fabric.cache" >"$d/topo.txt"
sim_run dump_lfts >"$d/lfts.txt"
echo "fabric: $(grep -c '^Switch' "$d/fabric.txt") switches, $(grep -c '^Ca' "$d/fabric.txt") CAs"

time_cmd() {  # label command...
  local label=$1
  shift
  : >"$d/times"
  for ((i = 0; i < runs; i++)); do
    local a
    a=$(now_ns)
    "$@" >"$d/out.$label" 2>"$d/err.$label" || true
    echo $(($(now_ns) - a)) >>"$d/times"
  done
  printf '%-20s %8s ms\n' "$label" "$(ms "$(median <"$d/times")")"
}

# check_lft_balance runs iblinkinfo --load-cache per switch, which opens a umad port.
time_cmd check_lft_balance sim_run check_lft_balance -l "$d/lfts.txt" -i "$d/fabric.cache"
time_cmd ibatlas_routes "$ibatlas" routes "$d/topo.txt" --lfts "$d/lfts.txt" --json
echo "check_lft_balance: $(grep -c 'Unbalanced' "$d/out.check_lft_balance" || true) switches" \
  "reported unbalanced"
grep -m3 -i 'balanced' "$d/out.check_lft_balance" || true
python3 - "$d/out.ibatlas_routes" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
b = j["report"]["balance"]
hot = [l for l in b["links"] if l["hot"]]
print("ibatlas: %d route.imbalance findings, %d hot of %d switch link directions" % (
    sum(f["check"] == "route.imbalance" for f in j["findings"]), len(hot), len(b["links"])))
for g in b["load_groups"]:
    print("  tier %s %s: %d links, max share %.2f" % (g["tier"], g["direction"], g["links"],
                                                     g["max_share"]))
EOF
