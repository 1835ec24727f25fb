#pragma once

// Routing findings (docs/checks.md, docs/routing.md), through the audit's Finding model:
//   route.unreachable  (error)    pairs dropped: no entry, no table, bad or down port, wrong node
//   route.loop         (error)    pairs whose route comes back to a switch it passed
//   route.credit_loop  (error)    a cycle in the channel dependency graph of one VL: deadlock
//   route.sl_assumed   (info)     credit loops judged with SL 0 for paths of unknown SL
//   route.vl_assumed   (info)     credit loops judged with VL 0 where a table was not read
//   route.nonminimal   (warning)  a switch forwards LIDs to a neighbour no closer to them
//   route.imbalance    (warning)  a link direction carrying >= 2x its tier's fair share of
//                                 CA-to-CA routes per Gb/s (routing/route_load.hpp)
//   route.asymmetric   (info)     CA pairs whose forward and reverse routes use other links

#include <span>
#include <vector>

#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/registry.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace ibatlas {

// The eight checks, in documentation order: the route.* slice of the one check registry
// (analysis/finding.hpp, all_checks()).
std::span<const CheckInfo> routing_checks();

// Findings from a report, aggregated (one per drop place, loop, credit loop, detouring
// switch, hot link direction; one for asymmetry), unsorted. `names` may be nullptr. Severities
// are the registry's.
std::vector<Finding> route_findings(const Fabric& fabric, const RouteReport& report,
                                    const NodeNameMap* names);

// For the audit (run_checks): analyze_routes then route_findings; nothing, in O(1), when
// the fabric holds no forwarding table. Never throws.
std::vector<Finding> check_routes(const Fabric& fabric, const AuditOptions& options);

}  // namespace ibatlas
