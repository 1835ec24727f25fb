#!/usr/bin/env bash
# Installs the Debian 12 packages ibatlas needs, and only those that are missing, so it is
# cheap to run every time. Must run as root (or with sudo available).
set -euo pipefail

packages=(
  # toolchain
  g++ clang cmake ninja-build pkg-config clang-format clang-tidy libclang-rt-14-dev
  # libraries
  libgtest-dev libgmock-dev libbenchmark-dev libboost-graph-dev libcli11-dev libpugixml-dev
  nlohmann-json3-dev libgraphviz-dev graphviz
  libibumad-dev libibmad-dev libibnetdisc-dev libibverbs-dev
  # the simulated fabric and the standard tools we are checked against
  ibsim-utils opensm infiniband-diags perftest
  # test helpers
  python3 python3-networkx procps
  chromium python3-websocket  # the interactive map's browser tests (tests/browser/)
  slurmctld slurm-client munge  # the Slurm topology's real consumer (tests/consumers/)
  prometheus  # promtool checks the metrics export (tests/consumers/)
  dpkg-dev file man-db zsh  # the Debian package: cpack's shlibdeps, man -w, zsh (tests/package/)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  sudo_cmd=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"
