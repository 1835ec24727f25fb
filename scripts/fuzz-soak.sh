#!/usr/bin/env bash
# Runs every libFuzzer target longer than the test command does, two at a time:
#   scripts/fuzz-soak.sh MINUTES [TARGET...]
# Builds the clang ASan+UBSan+libFuzzer tree (build/asan) if needed, runs each target for
# MINUTES on a copy of its seed corpus (tests/fuzz/corpus/<target>/), and prints one line per
# target: runs, coverage, features, and crashes, leaks, timeouts or OOMs (any of which fails
# the script, with the reproducer left in build/fuzz-soak/<target>/). docs/reliability.md
# records the last soak.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:?usage: scripts/fuzz-soak.sh MINUTES [TARGET...]}
shift
targets=("$@")
if ((${#targets[@]} == 0)); then
  for source in tests/fuzz/fuzz_*.cpp; do
    targets+=("$(basename "$source" .cpp)")
  done
fi

CXX=clang++ cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DIBATLAS_BUILD_FUZZERS=ON -DIBATLAS_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build/asan -j"$(nproc)" --target "${targets[@]}"

out=build/fuzz-soak
rm -rf "$out"
mkdir -p "$out"

soak() {  # target
  local target=$1 dir=$out/$1
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp tests/fuzz/corpus/"$target"/* "$dir/corpus/" 2>/dev/null || true
  build/asan/tests/fuzz/"$target" -max_total_time=$((minutes * 60)) -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" \
    >"$dir/log" 2>&1 || true
}

running=0
for target in "${targets[@]}"; do
  soak "$target" &
  running=$((running + 1))
  if ((running == 2)); then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
printf '%-28s %12s %8s %9s  %s\n' target runs cov features problems
for target in "${targets[@]}"; do
  log=$out/$target/log
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  problems=$(ls "$out/$target/artifacts" | wc -l)
  if grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:' "$log"; then
    problems=$((problems > 0 ? problems : 1))
  fi
  printf '%-28s %12s %8s %9s  %s\n' "$target" "${runs:-?}" "${cov:-?}" "${ft:-?}" "$problems"
  ((problems == 0)) || status=1
done
exit "$status"
