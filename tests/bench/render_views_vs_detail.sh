#!/usr/bin/env bash
# The views of issue 15 against today's map of the same file, whole process, one run each:
# `ibatlas render --view detail` (every switch laid out by Graphviz: what `render` drew
# before the overview existed) beside `--view overview` as SVG, the overview's HTML atlas
# (the overview and every group's view laid out), and `--view matrix`. For the two largest
# real dumps and generated 3-level fat-trees of 10k (radix 36) and 40k hosts (radix 64).
# The detailed map gets TIMEOUT seconds and is reported as "> TIMEOUT" when it does not end.
# Goals (issue 15): overview at 10k < 1.5 s, at 40k < 5 s; matrix at 10k < 1 s.
#
#   tests/bench/render_views_vs_detail.sh BUILD_DIR [TIMEOUT]   (BUILD_DIR: a Release build
#                                                                with -DIBATLAS_BUILD_BENCHMARKS=ON)
set -euo pipefail
build=${1:?usage: render_views_vs_detail.sh BUILD_DIR [TIMEOUT]}
limit=${2:-300}
cd "$(dirname "$0")/../.."
realworld=../shared/realworld
ibatlas=$build/apps/ibatlas
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/tests/bench/render_bench" --write-fat-tree 10000 "$tmp/fat-tree-10k.txt"
"$build/tests/bench/render_bench" --write-fat-tree 40000 "$tmp/fat-tree-40k.txt" 64
files=("$realworld/mlunacek-janus/ibnetdiscover-2-12-2014"
       "$realworld/mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt"
       "$tmp/fat-tree-10k.txt"
       "$tmp/fat-tree-40k.txt")

# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh

printf '| fabric | detail (today) s | overview SVG s | atlas HTML s | matrix s | detail / overview |\n'
printf '|---|---|---|---|---|---|\n'
for f in "${files[@]}"; do
  detail=$(seconds "$limit" "$ibatlas" render "$f" --view detail -o "$tmp/detail.svg")
  overview=$(seconds "$limit" "$ibatlas" render "$f" --view overview -o "$tmp/overview.svg")
  atlas=$(seconds "$limit" "$ibatlas" render "$f" --view overview -o "$tmp/atlas.html")
  matrix=$(seconds "$limit" "$ibatlas" render "$f" --view matrix -o "$tmp/matrix.svg")
  ratio=$(awk -v d="$detail" -v o="$overview" \
    'BEGIN { if (d ~ /^[0-9.]+$/ && o > 0) printf "%.0f×", d / o; else print "-" }')
  printf '| %s | %s | %s | %s | %s | %s |\n' "$(basename "$f")" "$detail" "$overview" "$atlas" \
    "$matrix" "$ratio"
done
