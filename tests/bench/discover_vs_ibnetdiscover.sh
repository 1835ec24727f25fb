#!/usr/bin/env bash
# Whole-process crawl time of `ibatlas discover` against `ibnetdiscover` (its default window
# of 2 outstanding SMPs, and -o 64), on the same ibsim fabric in the same run, alternating
# A B C A B C so drift hits all alike. Per fabric it prints the median wall time and peak
# RSS of each, the ratios, and the simulator's CPU time per run: ibsim answers MADs one at a
# time in one thread, so its CPU time over a crawl is a floor no client can beat. The other
# floor is umad2sim's plumbing in the client: tests/bench/umad_floor_bench sends as many bare
# SMPs as the crawl did, through the same window, with no crawl behind them.
#
#   tests/bench/discover_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [LEVELS:RADIX:HOSTS...]
#
# BUILD_DIR: a Release build with IBATLAS_BUILD_BENCHMARKS=ON (apps/ibatlas,
# tests/bench/umad_floor_bench and tests/bench/discover_bench, which writes the generated
# fat-tree netfiles). Default
# fabrics: 2:36:500 3:36:2000 3:36:10000. Each fabric gets its own ibsim (own
# IBSIM_SOCKNAME, sized with -N/-S/-P) and opensm; opensm is stopped once the subnet is up
# (the LIDs stay in ibsim) so its sweeps do not load the simulator during the timings.
# WITH_ROUTES=1 also times `dump_lfts` against `ibatlas discover --routes` (every LFT block
# of every switch; dump_lfts takes minutes on the 10k-host tree). WINDOWS="1 4 16" also
# times `ibatlas discover --outstanding N` for each N (umad2sim caps it at 16).
set -euo pipefail
build=$(cd "${1:?usage: discover_vs_ibnetdiscover.sh BUILD_DIR [RUNS] [L:R:H...]}" && pwd)
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
fabrics=("$@")
((${#fabrics[@]})) || fabrics=(2:36:500 3:36:2000 3:36:10000)
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/sim-env.sh
source scripts/sim-env.sh
# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh
SIM_TIMEOUT=${SIM_TIMEOUT:-300}  # opensm needs about 70 s on the 10k-host tree
ibatlas=$build/apps/ibatlas
floor=$build/tests/bench/umad_floor_bench

# How many MADs the last run of NAME sent (from its -v line).
mads_of() { sed -n 's/.* s: \([0-9]*\) MADs sent.*/\1/p' "$SIM_DIR/err.$1"; }

# ibsim's user+system CPU time in clock ticks.
sim_cpu() { awk '{print $14 + $15}' "/proc/$SIM_IBSIM_PID/stat"; }

# One timed run of a tool: appends wall ns, peak RSS kB, its own CPU s and ibsim's CPU ticks
# to $SIM_DIR/NAME.*
timed() {  # name command...
  local name=$1 t0 t1 c0 c1
  shift
  c0=$(sim_cpu)
  t0=$(now_ns)
  sim_run /usr/bin/time -f "%M %U %S" -o "$SIM_DIR/rss" "$@" >"$SIM_DIR/out.$name" 2>"$SIM_DIR/err.$name"
  t1=$(now_ns)
  c1=$(sim_cpu)
  echo $((t1 - t0)) >>"$SIM_DIR/$name.wall"
  tail -n 1 "$SIM_DIR/rss" | awk '{print $1}' >>"$SIM_DIR/$name.rss"
  tail -n 1 "$SIM_DIR/rss" | awk '{print $2 + $3}' >>"$SIM_DIR/$name.own"
  echo $((c1 - c0)) >>"$SIM_DIR/$name.cpu"
}

# Starts ibsim sized for NETFILE, and opensm until SUBNET UP.
start_fabric() {  # netfile
  sim_init
  sim_start_ibsim_sized "$1"
  local t0
  t0=$(now_ns)
  sim_start_opensm
  echo "  opensm: SUBNET UP after $((($(now_ns) - t0) / 1000000)) ms" >&2
  sim_stop "$SIM_OPENSM_PID"
  SIM_OPENSM_PID=""
}

report() {  # name label
  local wall rss cpu own hz
  hz=$(getconf CLK_TCK)
  wall=$(median <"$SIM_DIR/$1.wall")
  rss=$(median <"$SIM_DIR/$1.rss")
  cpu=$(median <"$SIM_DIR/$1.cpu")
  own=$(median <"$SIM_DIR/$1.own")
  awk -v l="$2" -v w="$wall" -v r="$rss" -v c="$cpu" -v o="$own" -v hz="$hz" 'BEGIN {
    printf "  %-26s wall %8.1f ms  RSS %6.1f MB  own CPU %6.0f ms  ibsim CPU %6.0f ms (%3.0f%% of wall)\n",
           l, w / 1e6, r / 1024, o * 1000, c * 1000 / hz, 100 * (c / hz) / (w / 1e9) }'
}


bench_fabric() {  # levels:radix:hosts
  local levels radix hosts net i mads
  IFS=: read -r levels radix hosts <<<"$1"
  net=$(mktemp "${TMPDIR:-/tmp}/ibatlas-bench.XXXXXX.net")
  "$build/tests/bench/discover_bench" --netfile "$levels" "$radix" "$hosts" >"$net"
  echo "fat-tree levels=$levels radix=$radix hosts=$hosts: $(grep -c '^Switch' "$net") switches," \
    "$(grep -c '^Ca' "$net") CAs, median of $runs runs"
  start_fabric "$net"
  for ((i = 0; i < runs; i++)); do
    timed ibnd ibnetdiscover
    timed ibnd64 ibnetdiscover -o 64
    timed ibatlas "$ibatlas" discover -v
    # The umad floor: as many bare SMPs as the crawl sent, through the same window.
    timed floor "$floor" "$(mads_of ibatlas)" 16
    if [[ -n ${WITH_ROUTES:-} ]]; then
      timed dump_lfts dump_lfts
      timed routes "$ibatlas" discover --routes -v
      timed floor_routes "$floor" "$(mads_of routes)" 16
    fi
    for w in ${WINDOWS:-}; do
      timed "window$w" "$ibatlas" discover --outstanding "$w"
    done
  done
  # The same fabric seen by both (node and cable counts), and our MAD count.
  grep -q "^ibatlas: discovered $(grep -c '^\(Switch\|Ca\)' "$SIM_DIR/out.ibnd") nodes" \
    "$SIM_DIR/err.ibatlas" || echo "  WARNING: node counts differ: $(head -c 300 "$SIM_DIR/err.ibatlas")"
  mads=$(mads_of ibatlas)
  report ibnd "ibnetdiscover"
  report ibnd64 "ibnetdiscover -o 64"
  report ibatlas "ibatlas discover"
  report floor "umad floor (bare SMPs)"
  echo "  ibatlas reaches $(ratio "$SIM_DIR" floor ibatlas)x of the umad floor's speed" \
    "(its wall time over ours)"
  awk -v m="$mads" -v c="$(median <"$SIM_DIR/ibatlas.cpu")" -v hz="$(getconf CLK_TCK)" \
    -v w="$(median <"$SIM_DIR/ibatlas.wall")" 'BEGIN {
    if (c == 0) { printf "  ibatlas: %d MADs; too few for ibsim CPU ticks\n", m; exit }
    printf "  ibatlas: %d MADs; ibsim answers %.0f MADs per CPU second; ", m, m / (c / hz)
    printf "ibatlas reaches %.0f%% of that ceiling\n", 100 * (c / hz) / (w / 1e9) }'
  echo "  faster than ibnetdiscover: $(ratio "$SIM_DIR" ibnd ibatlas)x; than ibnetdiscover -o 64:" \
    "$(ratio "$SIM_DIR" ibnd64 ibatlas)x"
  if [[ -n ${WITH_ROUTES:-} ]]; then
    report dump_lfts "dump_lfts"
    report routes "ibatlas discover --routes"
    report floor_routes "umad floor, as many SMPs"
    echo "  --routes faster than dump_lfts: $(ratio "$SIM_DIR" dump_lfts routes)x;" \
      "$(sed -n 's/.* s: \([0-9]*\) MADs sent.*/\1/p' "$SIM_DIR/err.routes") MADs"
  fi
  for w in ${WINDOWS:-}; do
    report "window$w" "ibatlas --outstanding $w"
  done
  sim_stop_all
  rm -f "$net"
}

trap sim_stop_all EXIT
for f in "${fabrics[@]}"; do
  bench_fabric "$f"
done
