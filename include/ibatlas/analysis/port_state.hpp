#pragma once

// Port states (docs/checks.md):
//   port.not_active  logical Init or Armed (so the physical link is up) but not Active: the
//                    subnet manager has not activated it. One finding per link when both
//                    ends are stuck; one fabric-wide finding instead when no linked port of
//                    the fabric is Active (no subnet manager running).
//   port.disabled    physical state Disabled: someone turned the port off.
//   port.down        a port that the earlier snapshot (options.baseline) shows cabled has no
//                    cable now. An unplugged switch port is Down/Polling on real switches and
//                    in ibsim alike, so Down or Polling alone proves nothing: without a
//                    baseline this never fires. (A missing cable the plan lists is
//                    plan.missing; run_checks drops a port.down the plan already reports.)

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

std::vector<Finding> check_port_state(const Fabric& fabric, const AuditOptions& options);

// "Down/Polling", "Active/LinkUp", "?/Disabled"; "?" for an absent half.
std::string state_text(const Port& port);

}  // namespace ibatlas
