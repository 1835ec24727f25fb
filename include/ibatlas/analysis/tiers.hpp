#pragma once

// Fat-tree tiers inferred from the cabling alone: hosts are tier 0, the switches hosts
// hang off are leaves (1), the switches one switch-hop above them spines (2), then cores (3)
// and higher tiers. SHARP aggregation nodes are CAs but not hosts: they sit inside switches
// and would otherwise make every switch a leaf.

#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

constexpr int kHostTier = 0;
constexpr int kLeafTier = 1;

struct Tiers {
  // Per NodeId. Hosts 0; a switch 1 + its switch-hop distance from the nearest switch with
  // a host. Absent for aggregation nodes, routers, and switches no host reaches.
  std::vector<std::optional<int>> tier;
  int top = 0;  // the highest switch tier (0: no switch has a tier)

  std::optional<int> of(NodeId id) const { return tier.at(id.value); }
};

// O(nodes + links).
Tiers infer_tiers(const Fabric& fabric);

// "host", "leaf", "spine", "core", "tier 5", ...
std::string tier_name(int tier);

// True for a CA that is not an aggregation node.
bool is_host(const Node& node);

}  // namespace ibatlas
