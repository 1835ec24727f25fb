#!/usr/bin/env bash
# Whole-process time of `ibatlas discover --ar` against `ibatlas discover` and
# `ibnetdiscover` on one ibsim fabric, alternating A B C A B C so drift hits all alike, and
# the MADs the AR reads cost per switch. ibsim takes 10 clients in all, and every switch
# that answers AR reads needs one (tests/sim/ar_responder), so the fabric is the largest
# whose every switch can: 2 spines and 4 leaves (36 ports each), HOSTS_PER_LEAF hosts on
# each leaf (at most 34). Each responder serves the consistent AR state built from the LFTs
# opensm programmed (ar_responder --write-consistent); opensm is stopped once they are
# written, so neither its sweeps nor its client slot count during the timings.
#
#   tests/bench/ar_discover_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [HOSTS_PER_LEAF]
#
# BUILD_DIR: a build with apps/ibatlas and tests/sim/ar_responder (UMAD found; a Release
# tree for figures worth quoting). Defaults: 5 runs, 32 hosts per leaf (128 hosts).
# Prints the median wall time and peak RSS of each, the ratios, the MADs each crawl sent
# (from `discover -v`) and what each responder answered, per attribute, over all runs.
set -euo pipefail
build=$(cd "${1:?usage: ar_discover_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [HOSTS_PER_LEAF]}" && pwd)
runs=${2:-5}
hosts=${3:-32}
((hosts >= 1 && hosts <= 34)) || { echo "HOSTS_PER_LEAF: 1 to 34" >&2; exit 2; }
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
ibatlas=$build/apps/ibatlas
responder=$build/tests/sim/ar_responder
switches=(sp1 sp2 lf1 lf2 lf3 lf4)
leaves=4
declare -A responder_pid=()

# 2 spines, 4 leaves; leaf ports 1..hosts: hosts, then one port to each spine.
write_netfile() {
  local l k s
  for ((l = 1; l <= leaves; l++)); do
    for ((k = 1; k <= hosts; k++)); do
      printf 'Ca 1 "h%d"\n[1] "lf%d"[%d]\n\n' $(((l - 1) * hosts + k)) "$l" "$k"
    done
  done
  for s in 1 2; do
    printf 'Switch 36 "sp%d"\n' "$s"
    for ((l = 1; l <= leaves; l++)); do
      printf '[%d] "lf%d"[%d]\n' "$l" "$l" $((hosts + s))
    done
    echo
  done
  for ((l = 1; l <= leaves; l++)); do
    printf 'Switch 36 "lf%d"\n' "$l"
    for ((k = 1; k <= hosts; k++)); do
      printf '[%d] "h%d"[1]\n' "$k" $(((l - 1) * hosts + k))
    done
    printf '[%d] "sp1"[%d]\n[%d] "sp2"[%d]\n\n' $((hosts + 1)) "$l" $((hosts + 2)) "$l"
  done
}

start_responders() {
  local sw
  for sw in "${switches[@]}"; do
    SIM_HOST=$sw SIM_SET_ISSM=1 IBSIM_SOCKNAME=$SIM_SOCKNAME LD_PRELOAD=$SIM_UMAD2SIM \
      "$responder" --state "$SIM_DIR/states/$sw.json" 2>"$SIM_DIR/responder.$sw" &
    responder_pid[$sw]=$!
    sim_wait_for "$SIM_DIR/responder.$sw" "ar_responder: ready" "${responder_pid[$sw]}" \
      "ar_responder $sw"
  done
}

stop_responders() {
  local sw
  for sw in "${!responder_pid[@]}"; do
    sim_stop "${responder_pid[$sw]}"
  done
  responder_pid=()
}

# One timed run: appends wall ns and peak RSS kB to $SIM_DIR/NAME.*; keeps stderr.
timed() {  # name command...
  local name=$1 t0 t1
  shift
  t0=$(now_ns)
  sim_run /usr/bin/time -f "%M" -o "$SIM_DIR/rss" "$@" >/dev/null 2>"$SIM_DIR/err.$name"
  t1=$(now_ns)
  echo $((t1 - t0)) >>"$SIM_DIR/$name.wall"
  tail -n 1 "$SIM_DIR/rss" >>"$SIM_DIR/$name.rss"
}

report() {  # name label
  awk -v l="$2" -v w="$(median <"$SIM_DIR/$1.wall")" -v r="$(median <"$SIM_DIR/$1.rss")" \
    'BEGIN { printf "  %-22s wall %8.1f ms  RSS %6.1f MB\n", l, w / 1e6, r / 1024 }'
}

mads_of() { sed -n 's/.* s: \([0-9]*\) MADs sent.*/\1/p' "$SIM_DIR/err.$1"; }

cleanup() {
  stop_responders
  sim_stop_all
}
trap cleanup EXIT

sim_init
write_netfile >"$SIM_DIR/fabric.net"
echo "2 spines + 4 leaves (36 ports), $((leaves * hosts)) hosts, an AR responder on every" \
  "switch; median of $runs runs; $(basename "$build") build"
sim_start_ibsim_sized "$SIM_DIR/fabric.net"
sim_start_opensm
sim_run "$ibatlas" discover --routes -o "$SIM_DIR/base.xml"
sim_stop "$SIM_OPENSM_PID"
SIM_OPENSM_PID=""
mkdir "$SIM_DIR/states"
sim_run "$responder" --write-consistent "$SIM_DIR/base.xml" "$SIM_DIR/states" >/dev/null
start_responders
for ((i = 0; i < runs; i++)); do
  timed ibnd ibnetdiscover
  timed plain "$ibatlas" discover -v
  timed ar "$ibatlas" discover --ar -v
done
stop_responders
report ibnd "ibnetdiscover"
report plain "ibatlas discover"
report ar "ibatlas discover --ar"
echo "  discover --ar over discover: $(ratio "$SIM_DIR" ar plain)x the wall time;" \
  "over ibnetdiscover: $(ratio "$SIM_DIR" ar ibnd)x"
plain=$(mads_of plain)
ar=$(mads_of ar)
echo "  MADs: discover $plain, discover --ar $ar: $(((ar - plain) / ${#switches[@]})) more" \
  "per switch"
for sw in "${switches[@]}"; do
  echo "  $sw, $runs runs: $(sed -n 's/^ar_responder: answered //p' "$SIM_DIR/responder.$sw")"
done
