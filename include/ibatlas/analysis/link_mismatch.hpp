#pragma once

// link.mismatch: the two ends of a cable disagree. One finding per link lists every field
// that differs, comparing only fields both ends give: active width and speed, logical state,
// physical state (error), active MTU (warning: packets over the smaller MTU are dropped), VL
// capability (info: the link runs with the smaller set of VLs). A port that names a peer
// which does not name it back is one finding at that port ("one-sided").

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

std::vector<Finding> check_link_mismatch(const Fabric& fabric, const AuditOptions& options);

}  // namespace ibatlas
