#!/usr/bin/env bash
# `ibatlas render` (folded map, Graphviz through its library) against plain `dot -Tsvg` and
# `sfdp -Tsvg` on the UNFOLDED graph of the same fabric (`ibatlas convert --to dot`: every
# node and cable), for the two largest real-world dumps and generated 3-level fat-trees of
# 2000 and 10000 hosts. One run each (dot takes minutes); dot and sfdp get TIMEOUT seconds
# and are reported as "> TIMEOUT s" when they do not finish.
#
#   tests/bench/render_vs_dot.sh BUILD_DIR [TIMEOUT]   (BUILD_DIR: a Release build with
#                                                       -DIBATLAS_BUILD_BENCHMARKS=ON)
set -euo pipefail
build=${1:?usage: render_vs_dot.sh BUILD_DIR [TIMEOUT]}
limit=${2:-300}
cd "$(dirname "$0")/../.."
realworld=../shared/realworld
ibatlas=$build/apps/ibatlas
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/tests/bench/render_bench" --write-fat-tree 2000 "$tmp/fat-tree-2k.txt"
"$build/tests/bench/render_bench" --write-fat-tree 10000 "$tmp/fat-tree-10k.txt"
files=("$realworld/mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt"
       "$realworld/hyungkwang-topo-examples/Topo6_CS7500.txt"
       "$tmp/fat-tree-2k.txt"
       "$tmp/fat-tree-10k.txt")

# shellcheck source=bench_lib.sh
source tests/bench/bench_lib.sh

printf '| fabric | nodes | cables | ibatlas render s | dot -Tsvg s | sfdp -Tsvg s |\n|---|---|---|---|---|---|\n'
for f in "${files[@]}"; do
  "$ibatlas" convert "$f" --to dot -o "$tmp/full.dot"
  nodes=$(grep -c -- '^  "\?[^ ]* \[' "$tmp/full.dot" || true)
  cables=$(grep -c -- ' -- \| -> ' "$tmp/full.dot" || true)
  ours=$(seconds "$limit" "$ibatlas" render "$f" -o "$tmp/map.svg")
  dot=$(seconds "$limit" dot -Tsvg "$tmp/full.dot" -o "$tmp/dot.svg")
  sfdp=$(seconds "$limit" sfdp -Tsvg "$tmp/full.dot" -o "$tmp/sfdp.svg")
  printf '| %s | %s | %s | %s | %s | %s |\n' "$(basename "$f")" "$nodes" "$cables" "$ours" "$dot" "$sfdp"
done
