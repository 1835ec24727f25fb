#!/usr/bin/env bash
# Whole-process parse time of `ibatlas show FILE` against `wc -l FILE`, same files, same
# run, alternating A B A B so drift hits both alike. Prints the median wall time of each and
# their ratio, per file, plus MB/s.
#
#   tests/bench/parse_vs_wc.sh BUILD_DIR [RUNS]      (BUILD_DIR: a Release build)
set -euo pipefail
build=${1:?usage: parse_vs_wc.sh BUILD_DIR [RUNS]}
runs=${2:-15}
cd "$(dirname "$0")/../.."
realworld=../shared/realworld
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/tests/bench/parse_bench" --write-dump "$tmp/generated-20k.txt"
files=("$tmp/generated-20k.txt"
       "$realworld/mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt"
       "$realworld/mlunacek-janus/ibnetdiscover-2-12-2014"
       "$realworld/timofieiev-opensm-subnet-lst/opensm-subnet.lst")

# shellcheck source=bench_lib.sh
source "$(dirname "$0")/bench_lib.sh"

printf '%-28s %9s %10s %10s %7s %9s\n' file MB "wc -l ms" "ibatlas ms" ratio "MB/s"
for f in "${files[@]}"; do
  [[ -f $f ]] || continue
  : >"$tmp/a"; : >"$tmp/b"
  for ((i = 0; i < runs; i++)); do
    t0=$(now_ns); wc -l "$f" >/dev/null; t1=$(now_ns)
    "$build/apps/ibatlas" show "$f" >/dev/null 2>&1; t2=$(now_ns)
    echo $((t1 - t0)) >>"$tmp/a"; echo $((t2 - t1)) >>"$tmp/b"
  done
  wc_ns=$(median <"$tmp/a"); us_ns=$(median <"$tmp/b")
  bytes=$(stat -c %s "$f")
  awk -v n="$(basename "$f")" -v b="$bytes" -v w="$wc_ns" -v u="$us_ns" 'BEGIN {
    printf "%-28s %9.2f %10.2f %10.2f %7.2f %9.0f\n", substr(n, 1, 28), b / 1e6, w / 1e6,
           u / 1e6, u / w, (b / 1e6) / (u / 1e9) }'
done
