#pragma once

// A fabric against its cabling plan (docs/checks.md). Plan names are matched as GUIDs
// ("0x..."), then node-name-map names, then node descriptions.
//   plan.missing        a planned cable whose two ports are both without a cable (or whose
//                       nodes are not in the fabric); one finding per cable, naming the state
//                       of the port that is still there
//   plan.miswired       a planned port cabled elsewhere. Two planned cables whose ends are
//                       crossed (a-d and c-b instead of a-b and c-d) are one finding: the swap
//                       that fixes both
//   plan.extra          a cable between two unplanned ports, both within the plan's scope (a
//                       node the plan names, or any node of a type the plan names: a plan of
//                       switch-to-switch cables only says nothing about host cables)
//   plan.wrong_speed    a planned cable in place whose active width or speed is not the
//                       plan's (plans without width/speed columns never trigger it)
//   plan.ambiguous_name a plan name that is the description of several nodes: its cables
//                       are not checked
//   plan.beyond_scan    (a partial scan) how many planned cables lie where the scan did not
//                       look (no end followed, scan_scope.hpp): they are not compared
// Each finding's location is the switch end first; its hint is the technician's action
// (analysis/worklist.hpp prints them grouped by switch).

#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// Uses options.names for names and matching. Never throws.
std::vector<Finding> check_plan(const Fabric& fabric, const CablingPlan& plan,
                                const AuditOptions& options);

}  // namespace ibatlas
