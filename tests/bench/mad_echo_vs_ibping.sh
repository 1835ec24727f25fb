#!/usr/bin/env bash
# MAD-echo probes per second under ibsim: `ibatlas probe --transport mad` against
# `ibping -f` on the same pair (Hca1 -> Hca2's base LID, across Switch1 port 3), the same
# count, the same responder (`ibatlas agent --transport mad` at Hca2), alternating A B A B.
# ibsim has no latency model: this measures the software on both ends plus the simulator,
# i.e. whether our engine adds cost per sample over the stock tool.
#
#   tests/bench/mad_echo_vs_ibping.sh BUILD_DIR [RUNS] [COUNT]
#
# BUILD_DIR: a build with apps/ibatlas (UMAD found). Defaults: 5 runs of 2000 echoes.
# Prints, per run, ibping's wall time and ours (whole process, and the probe engine's own
# run time, which leaves out reading the snapshot and planning), the CPU time (user + system,
# GNU time) of each sending process, then the medians as echoes per second and as CPU per
# echo: the cost per sample on the sending host, which ibsim's noisy wall clock hides. Our
# count is every echo the run sent: the plan probes both paths that cross the link (Hca2's
# base LID and, LMC 1, base + 1), each with the block's 10 warm-up echoes (from --json).
set -euo pipefail
[[ -x /usr/bin/time ]] || { echo "mad_echo_vs_ibping.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
build=$(cd "${1:?usage: mad_echo_vs_ibping.sh BUILD_DIR [RUNS] [COUNT]}" && pwd)
runs=${2:-5}
count=${3:-2000}
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
ibatlas=$build/apps/ibatlas
agent_pid=""

stop() {
  sim_stop "$agent_pid"
  sim_stop_all
}

sim_init
trap stop EXIT
cat >"$SIM_DIR/net" <<'NET'
Switch 8 "Switch1"
[1] "Hca1"[1]
[3] "Switch2"[3]
[5] "Switch2"[5]

Switch 8 "Switch2"
[1] "Hca2"[1]
[3] "Switch1"[3]
[5] "Switch1"[5]

Hca 2 "Hca1"
[1] "Switch1"[1]

Hca 2 "Hca2"
[1] "Switch2"[1]
NET
sim_start_ibsim "$SIM_DIR/net"
{ cat fixtures/opensm.conf; echo "lmc 1"; } >"$SIM_DIR/lmc.conf"
# opensm configures the subnet once and exits: no SM traffic during the timings.
OSM_CACHE_DIR=$SIM_DIR OSM_TMP_DIR=$SIM_DIR sim_run opensm -o -F "$SIM_DIR/lmc.conf" \
  -f "$SIM_DIR/opensm.log" >/dev/null 2>&1
SIM_HOST=Hca1 sim_run "$ibatlas" discover --routes -o "$SIM_DIR/fabric.xml" 2>/dev/null
SIM_HOST=Hca2 SIM_SET_ISSM=1 IBSIM_SOCKNAME=$SIM_SOCKNAME LD_PRELOAD=$SIM_UMAD2SIM \
  "$ibatlas" agent --transport mad >"$SIM_DIR/agent.log" 2>&1 &
agent_pid=$!
sim_wait_for "$SIM_DIR/agent.log" "mad echo ready" "$agent_pid" agent
lid=$(SIM_HOST=Hca2 sim_run ibaddr | sed -n 's/.*LID start 0x\([0-9a-f]*\).*/\1/p')
lid=$((16#$lid))

printf '%-4s %12s %14s %14s %8s %12s %12s\n' run "ibping s" "ibatlas s" "engine s" "lost" \
  "ibping cpu" "ibatlas cpu"
for ((r = 1; r <= runs; r++)); do
  t0=$(now_ns)
  SIM_HOST=Hca1 sim_run /usr/bin/time -f "%U %S" -o "$SIM_DIR/time.out" \
    ibping -f -c "$count" -L "$lid" >"$SIM_DIR/ibping.out" 2>&1
  t1=$(now_ns)
  ibping_cpu=$(awk '{print $1 + $2}' "$SIM_DIR/time.out")
  echo "$ibping_cpu" >>"$SIM_DIR/ibping.cpu"
  grep -q "$count packets transmitted, $count received" "$SIM_DIR/ibping.out" ||
    { cat "$SIM_DIR/ibping.out" >&2; exit 1; }
  echo "$(((t1 - t0)))" >>"$SIM_DIR/ibping.wall"
  t0=$(now_ns)
  SIM_HOST=Hca1 sim_run /usr/bin/time -f "%U %S" -o "$SIM_DIR/time.out" \
    "$ibatlas" probe "$SIM_DIR/fabric.xml" --transport mad --json \
    --link Switch1:3 --samples "$count" --blocks 1 >"$SIM_DIR/probe.json" 2>"$SIM_DIR/probe.err" || true
  t1=$(now_ns)
  ibatlas_cpu=$(awk '{print $1 + $2}' "$SIM_DIR/time.out")
  echo "$ibatlas_cpu" >>"$SIM_DIR/ibatlas.cpu"
  echo "$(((t1 - t0)))" >>"$SIM_DIR/ibatlas.wall"
  # The plan probes every path that crosses the link: Hca1 -> Hca2's base LID and, LMC 1,
  # base + 1 (back over the other cable), so one run sends (samples + 10 warm-up) per path.
  read -r engine echoes lost < <(python3 -c '
import json, sys
report = json.load(open(sys.argv[1]))["report"]
paths = report["paths"]
print(report["seconds"], sum(p["sent"] for p in paths) + 10 * len(paths), sum(p["lost"] for p in paths))
' "$SIM_DIR/probe.json") || { cat "$SIM_DIR/probe.err" >&2; exit 1; }
  echo "$engine" >>"$SIM_DIR/engine.s"
  echo "$echoes" >"$SIM_DIR/ibatlas.echoes"
  printf '%-4d %12.3f %14.3f %14s %8s %12s %12s\n' "$r" \
    "$(awk -v n=$(tail -1 "$SIM_DIR/ibping.wall") 'BEGIN{print n/1e9}')" \
    "$(awk -v n=$((t1 - t0)) 'BEGIN{print n/1e9}')" "$engine" "$lost" "$ibping_cpu" "$ibatlas_cpu"
done
m=$(cat "$SIM_DIR/ibatlas.echoes")
echo "echoes per run: ibping $count, ibatlas $m"
awk -v n="$count" -v m="$m" -v i="$(median <"$SIM_DIR/ibping.wall")" \
  -v w="$(median <"$SIM_DIR/ibatlas.wall")" -v e="$(median <"$SIM_DIR/engine.s")" 'BEGIN {
  printf "median echoes/s: ibping %.0f, ibatlas whole process %.0f, ibatlas engine %.0f\n",
    n / (i / 1e9), m / (w / 1e9), m / e
  printf "median per echo: ibping %.1f us, ibatlas engine %.1f us\n", i / 1e3 / n, e * 1e6 / m
}'
awk -v n="$count" -v m="$m" -v i="$(median <"$SIM_DIR/ibping.cpu")" \
  -v a="$(median <"$SIM_DIR/ibatlas.cpu")" 'BEGIN {
  printf "median CPU per echo (user + system, whole process): ibping %.1f us, ibatlas %.1f us (%.2fx)\n",
    i * 1e6 / n, a * 1e6 / m, (a / m) / (i / n)
}'
