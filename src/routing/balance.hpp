#pragma once

// Private to src/routing: route counts per port turned into the balance report: per tier and
// direction, groups of ports that should share LIDs evenly, and the degraded links' loads.

#include <cstdint>
#include <vector>

#include "ibatlas/routing/route_report.hpp"
#include "ibatlas/tiers.hpp"

#include "routing/analysis_context.hpp"
#include "routing/load_acc.hpp"

namespace ibatlas {

RouteBalance summarize_balance(const AnalysisContext& context, const LoadAccumulator& loads);

// One group's verdict. Counts are LIDs per port (what check_lft_balance counts), each scaled
// by (the group's fastest rate / the port's rate) so a slower link carrying the same LIDs
// reads as more loaded; unbalanced when max > min + 1 on those scaled counts.
struct ImbalanceRule {
  ImbalanceRule(const Fabric& fabric, std::vector<PortId> ports,
                const std::vector<std::uint32_t>& lids_of_port);
  ImbalancedGroup group;
  bool unbalanced = false;
};

// Per switch: its uplinks (to a higher tier) as one group, and parallel cables to one
// neighbour as a group; the groups that are unbalanced.
std::vector<ImbalancedGroup> imbalanced_groups(const AnalysisContext& context, const Tiers& tiers,
                                               const std::vector<PortLoad>& ports);

// Every link that runs degraded (link.degraded's condition) with the routes it carries each
// way, its ends in the order that finding names them.
std::vector<DegradedLoad> degraded_loads(const Fabric& fabric, const std::vector<PortLoad>& ports);

}  // namespace ibatlas
