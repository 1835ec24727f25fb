#!/usr/bin/env bash
# The two entry points of README.md:
#   scripts/run.sh demo   install what is missing, build, run the main job on the embedded
#                         default fabric (fixtures/fat-tree-3tier under ibsim + opensm)
#   scripts/run.sh test   install what is missing, build, run the whole test suite: format,
#                         include and link gates, unit + CLI + ibsim integration tests
#                         (GCC, -Werror),
#                         clang-tidy on recently changed sources, unit tests under
#                         ASan+UBSan (clang), a short fuzz run of every reader
# .ci/run calls `scripts/run.sh test` and nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=$(nproc)
fuzz_seconds=${IBATLAS_FUZZ_SECONDS:-20}
# Line tables only (file:line in backtraces, gdb, sanitizer reports; no variable info): full
# -g made the two test builds about a third slower. IBATLAS_DEBUG_INFO=-g for a debugging tree.
debug_info=${IBATLAS_DEBUG_INFO:--g1}

configure_and_build() {  # build-dir, extra cmake args... [-- targets...]
  local dir=$1 args=() targets=()
  shift
  while (($#)) && [[ $1 != -- ]]; do args+=("$1"); shift; done
  (($#)) && shift
  targets=("$@")
  cmake -S . -B "$dir" -G Ninja "${args[@]}" >/dev/null
  if ((${#targets[@]})); then
    cmake --build "$dir" -j"$jobs" --target "${targets[@]}"
  else
    cmake --build "$dir" -j"$jobs"
  fi
}

run_demo() {
  bash .ci/install-deps.sh
  configure_and_build build/release -DCMAKE_BUILD_TYPE=Release -DIBATLAS_BUILD_TESTS=OFF
  IBATLAS="$PWD/build/release/apps/ibatlas" bash scripts/demo.sh
}

gate_format_and_seams() {
  echo "== no merge-conflict markers in tracked files"
  if git grep -nE '^(<{7} |>{7} |={7}$)' -- ':!*.svg'; then
    echo "conflict markers left in the files above" >&2
    return 1
  fi
  echo "== format gate (clang-format 14)"
  git ls-files '*.hpp' '*.cpp' | xargs clang-format --dry-run -Werror
  echo "== include gates: layers, private headers, outside worlds (scripts/check-layers.sh)"
  bash scripts/check-layers.sh
}

test_gcc() {
  echo "== GCC, Debug, -Werror: unit + sim tests"
  configure_and_build build/gcc -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="$debug_info" \
    -DIBATLAS_WERROR=ON -DIBATLAS_BUILD_BENCHMARKS=ON
  echo "== link gate: rdma-core, libibverbs, libcrypto only where they belong"
  bash scripts/check-link-seams.sh build/gcc
  ctest --test-dir build/gcc --output-on-failure -j"$jobs" -LE bench
}

# clang-tidy (.clang-tidy, STYLE.md 7.13) over build/gcc's compile commands. Tidying every
# source takes about 9 minutes on 2 cores, past the suite's budget, so CI tidies the src/ and
# apps/ sources of the last 3 commits that changed any; IBATLAS_TIDY_ALL=1 tidies all of them.
gate_tidy() {
  local files=() file
  if [[ -n ${IBATLAS_TIDY_ALL:-} ]]; then
    mapfile -t files < <(git ls-files 'src/*.cpp' 'apps/*.cpp')
  else
    while read -r file; do
      [[ -f $file ]] && files+=("$file")
    done < <(git log -n 3 --name-only --format= -- 'src/*.cpp' 'apps/*.cpp' | sort -u)
  fi
  echo "== clang-tidy: ${#files[@]} source(s)"
  ((${#files[@]})) || return 0
  run-clang-tidy -p build/gcc -quiet -j"$jobs" "${files[@]/#/$PWD/}" >build/gcc/tidy.log 2>&1 || {
    sed 's/\x1b\[[0-9;]*m//g' build/gcc/tidy.log | grep -E -A3 'error:|warning:' >&2
    return 1
  }
}

fuzz_targets() {
  local source
  for source in tests/fuzz/fuzz_*.cpp; do
    basename "$source" .cpp
  done
}

test_asan_and_fuzz() {
  # One clang tree serves both: ASan+UBSan everywhere, plus libFuzzer's coverage
  # instrumentation (harmless for the unit tests). -Werror is enforced in the GCC tree.
  # The sim tests stay in the GCC tree: under ASan, LD_PRELOAD=libumad2sim.so would need
  # libasan preloaded first.
  echo "== clang, ASan+UBSan: unit tests"
  local targets
  mapfile -t targets < <(fuzz_targets)
  # -no-pie: a PIE test binary here carries 2.8 M relative relocations (ASan's globals,
  # the coverage tables), and applying them was 0.17 s of each test process's 0.50 s start
  # (unit_tests, 2026-12-02); ctest starts one process per test, 1400 of them.
  CXX=clang++ configure_and_build build/asan -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="$debug_info" -DCMAKE_EXE_LINKER_FLAGS=-no-pie \
    -DIBATLAS_BUILD_FUZZERS=ON -DIBATLAS_BUILD_BENCHMARKS=OFF -- unit_tests cli_tests net_tests \
    "${targets[@]}"
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0 \
    ctest --test-dir build/asan -L unit -E "$(asan_skip_regex)" --output-on-failure -j"$jobs"

  echo "== libFuzzer: ${fuzz_seconds}s per reader, $jobs at a time"
  export fuzz_seconds
  printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'fuzz_one "$@"' _ {}
}

# The tests the ASan stage leaves out (tests/asan_skip.txt; the GCC stage runs them) as one
# ctest -E regex of exact names.
asan_skip_regex() {
  local names
  names=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' -e 's/\./\\./g' tests/asan_skip.txt |
    paste -sd'|')
  echo "^(${names})\$"
}

# One fuzz target for fuzz_seconds on a copy of its seed corpus; its last lines, prefixed
# with its name (targets run side by side). Non-zero when libFuzzer found a crash.
fuzz_one() {
  local target=$1 corpus status=0
  corpus=$(mktemp -d)
  cp tests/fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  build/asan/tests/fuzz/"$target" -max_total_time="$fuzz_seconds" -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=0 "$corpus" >"$corpus.log" 2>&1 || status=$?
  tail -n 2 "$corpus.log" | sed "s/^/$target: /"
  rm -rf "$corpus" "$corpus.log"
  return "$status"
}
export -f fuzz_one

run_tests() {
  bash .ci/install-deps.sh
  gate_format_and_seams
  test_gcc
  gate_tidy
  test_asan_and_fuzz
  echo "== all test stages passed"
}

case "${1:-}" in
  demo) run_demo ;;
  test) run_tests ;;
  *)
    echo "usage: scripts/run.sh demo|test" >&2
    exit 2
    ;;
esac
