#!/usr/bin/env bash
# The link gate (STYLE.md 7.2): each outside world's libraries may be linked only into the
# programs listed for it. Reads the NEEDED entries of every ELF program in a build tree
# (readelf -d: what the program links itself, not what its libraries pull in).
#   scripts/check-link-seams.sh BUILD_DIR
# Exit 1 with one line per offending program and library.
set -euo pipefail
build=${1:?usage: scripts/check-link-seams.sh BUILD_DIR}

# library name pattern | programs that may link it (paths relative to BUILD_DIR, regex)
seams=(
  # rdma-core's MAD libraries: src/umad/, reached through apps/hardware_umad.cpp; and the
  # test-only AR responder, a umad agent itself
  'libibumad|libibmad|libibnetdisc|^(apps/ibatlas|tests/sim_tests|tests/bench/umad_floor_bench|tests/sim/ar_responder)$'
  # libibverbs: src/verbs/ (ibatlas_verbs_ibv), reached through apps/verbs_ibv.cpp in the
  # hardware objects that the program and the sim tests share
  'libibverbs|^(apps/ibatlas|tests/sim_tests)$'
  # sockets need no library; libcrypto and libssl: src/net/ (ibatlas_net), reached through
  # the CLI library, and the tests, fuzzer and benchmark of src/net/ itself
  'libcrypto|libssl|^(apps/ibatlas|tests/cli_tests|tests/sim_tests|tests/net_tests|tests/fuzz/fuzz_probe_frame|tests/bench/probe_udp_bench)$'
)

programs=()
while IFS= read -r -d '' file; do
  if [[ $(head -c 4 "$file" | od -An -c | tr -d ' ') == 177ELF ]]; then
    programs+=("${file#"$build"/}")
  fi
# tests/package/work holds the package tests' installed copies of apps/ibatlas, gated as
# apps/ibatlas itself; without the exclusion a second test run in one tree fails here.
done < <(find "$build" -type f -perm -u+x -not -name '*.so*' -not -path '*/CMakeFiles/*' \
  -not -path '*/tests/package/work/*' -print0)
if ((${#programs[@]} == 0)); then
  echo "check-link-seams: no programs under $build" >&2
  exit 1
fi

status=0
for seam in "${seams[@]}"; do
  libraries=${seam%%|^*}
  allowed=^${seam#*|^}
  for program in "${programs[@]}"; do
    needed=$(readelf -d "$build/$program" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    while read -r library; do
      [[ -z $library ]] && continue
      if [[ $library =~ ^($libraries)\. ]] && ! [[ $program =~ $allowed ]]; then
        echo "check-link-seams: $program links $library; only ${allowed} may" >&2
        status=1
      fi
    done <<<"$needed"
  done
done
if ((status == 0)); then
  echo "check-link-seams: ${#programs[@]} programs, every outside library where it belongs"
fi
exit "$status"
