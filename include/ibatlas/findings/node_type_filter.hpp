#pragma once

// Restricting findings to switches or to CAs (`--switches-only` / `--cas-only`, as iblinkinfo
// and ibqueryerrors spell them).

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// The findings located at a node of `type`: a node or port finding whose node is one, a link
// finding with either end at one. Fabric-wide findings and ends the fabric does not hold
// (a plan's names) are dropped. Order is kept.
std::vector<Finding> findings_at_node_type(const Fabric& fabric, std::vector<Finding> findings,
                                           NodeType type);

}  // namespace ibatlas
