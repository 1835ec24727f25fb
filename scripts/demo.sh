#!/usr/bin/env bash
# The main job on the embedded default fabric (README command 1; scripts/run.sh demo
# installs and builds first): start ibsim on fixtures/fat-tree-3tier with a private socket
# name, bring it up with opensm, capture it, show it. Stops everything it started, by PID,
# on any exit: success, failure or Ctrl-C.
#
# Capture is our own live crawler (ibatlas discover) through umad2sim; the audit checks
# the snapshot against the fixture's cabling plan, and the demo ends with an SVG map of it
# with the findings marked (build/demo/fabric.svg, or $IBATLAS_DEMO_OUT/fabric.svg).
#
#   IBATLAS=path/to/ibatlas bash scripts/demo.sh     (default build/release/apps/ibatlas)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/sim-env.sh
source scripts/sim-env.sh

ibatlas=${IBATLAS:-$PWD/build/release/apps/ibatlas}
if [[ ! -x $ibatlas ]]; then
  echo "demo: $ibatlas is not built: run 'bash scripts/run.sh demo', or set IBATLAS" >&2
  exit 1
fi
fabric=fixtures/fat-tree-3tier/fabric.net

trap sim_stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
sim_init

sim_log "starting ibsim on $fabric (socket @$SIM_SOCKNAME, dir $SIM_DIR)"
sim_start_ibsim "$fabric"
start=$SECONDS
sim_start_opensm fixtures/opensm.conf
sim_log "opensm: SUBNET UP after $((SECONDS - start))s"

snapshot=$SIM_DIR/fat-tree-3tier.xml
sim_log "discovering live with ibatlas discover through umad2sim"
sim_run "$ibatlas" discover -o "$snapshot"
echo
"$ibatlas" show "$snapshot"
echo
# The audit finds the two planted faults (and what follows from them); exit status 1
# means "findings at error level", which is the expected outcome here.
"$ibatlas" check "$snapshot" --plan fixtures/fat-tree-3tier/plan.csv || [[ $? -eq 1 ]]
echo
# The demo ends with a map: the fabric drawn by tier, the audit's findings in red/orange.
# It goes outside $SIM_DIR, which is removed on exit.
out=${IBATLAS_DEMO_OUT:-$PWD/build/demo}
mkdir -p "$out"
# The map marks the same findings, the cabling plan's included (`check --json` saved).
"$ibatlas" check "$snapshot" --plan fixtures/fat-tree-3tier/plan.csv --json \
  >"$SIM_DIR/findings.json" || [[ $? -eq 1 ]]
"$ibatlas" render "$snapshot" --findings "$SIM_DIR/findings.json" -o "$out/fabric.svg"
sim_log "map of the fabric with the findings marked: $out/fabric.svg"
