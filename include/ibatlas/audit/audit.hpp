#pragma once

// The audit entry point (`ibatlas check`): every check of the registry over one snapshot.

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// Runs link speed, link mismatch, port state, identity, fat-tree, ftree-readiness, counter,
// routing (when the fabric holds forwarding tables: routing/route_checks.hpp), adaptive-
// routing (when it holds AR state: ar/ar_checks.hpp) and (with options.plan) cabling-plan
// checks. Returns the findings sorted by severity then location
// (sort_findings). A port.down that a plan.missing of the same cable already reports is
// dropped. Never throws. Without tables linear in the fabric's size (a 10k-host fat-tree
// takes well under a second); with tables the all-pairs route validation adds
// O(switches x LIDs) (about a second more for 10k hosts).
std::vector<Finding> run_checks(const Fabric& fabric, const AuditOptions& options);

}  // namespace ibatlas
