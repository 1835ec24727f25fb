#!/usr/bin/env bash
# Our UDP ping-pong against a bare loop over a veth pair between two network namespaces
# (docs/benchmarks.md, "Probe UDP ping-pong"): the responder in ibab-b on CPU 1, the pinger in
# ibab-a on CPU 0, busy-polling, ours and bare alternating run by run. Needs root; creates
# the namespaces ibab-a and ibab-b (10.198.0.0/24) and removes them on exit.
#   tests/bench/probe_udp_veth.sh BUILD/tests/bench/probe_udp_bench [SAMPLES [RUNS]]
set -euo pipefail
bench=${1:?usage: tests/bench/probe_udp_veth.sh PROBE_UDP_BENCH [SAMPLES [RUNS]]}
samples=${2:-20000}
runs=${3:-5}
port=7500

server=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  ip netns del ibab-a 2>/dev/null || true
  ip netns del ibab-b 2>/dev/null || true
}
trap cleanup EXIT

ip netns add ibab-a
ip netns add ibab-b
ip link add ibab-va netns ibab-a type veth peer name ibab-vb netns ibab-b
ip -n ibab-a addr add 10.198.0.1/24 dev ibab-va
ip -n ibab-b addr add 10.198.0.2/24 dev ibab-vb
for ns in ibab-a ibab-b; do
  ip -n $ns link set lo up
done
ip -n ibab-a link set ibab-va up
ip -n ibab-b link set ibab-vb up

out=$(mktemp)
for bytes in 64 4096; do
  for ((run = 0; run < runs; ++run)); do
    for kind in ours bare; do
      ip netns exec ibab-b "$bench" --serve $kind 10.198.0.2 $port 1 10.198.0.1 &
      server=$!
      sleep 0.3
      ip netns exec ibab-a "$bench" --ping $kind 10.198.0.1 10.198.0.2 $port 0 "$bytes" \
        "$samples" | tee -a "$out"
      kill "$server"
      wait "$server" 2>/dev/null || true
      server=
    done
  done
done
# Median over the runs of each run's p50, per size and kind; the ratio ours / bare.
median_p50() {  # bytes kind
  awk -v b="$1" -v k="$2:" '$1 == b && $3 == k { print $8 }' "$out" | sort -g |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
for bytes in 64 4096; do
  ours=$(median_p50 $bytes ours)
  bare=$(median_p50 $bytes bare)
  awk -v b=$bytes -v o="$ours" -v r="$bare" -v n="$runs" 'BEGIN {
    printf "%5d B veth, median of %d run medians: ours %.2f us, bare %.2f us, ratio %.3f\n",
           b, n, o, r, o / r }'
done
rm -f "$out"
