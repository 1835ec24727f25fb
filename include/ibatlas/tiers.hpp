#pragma once

// Fat-tree tiers inferred from the cabling alone: hosts are tier 0, the switches hosts
// hang off are leaves (1), the switches one switch-hop above them spines (2), then cores (3)
// and higher tiers. SHARP aggregation nodes are CAs but not hosts: they sit inside switches
// and would otherwise make every switch a leaf.
//
// A director chassis (switch chips sharing one system image GUID: line cards and spine
// chips) is one unit with one tier: its internal cabling is fixed, and what matters is how
// leaves reach the chassis. A switch with no host that shares at least half its neighbours
// with a leaf (a leaf not yet populated, a test bed) is a leaf too.

#include <cstdint>
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
  // Per NodeId: the unit a switch belongs to, named by its lowest NodeId (for a switch
  // outside any chassis, and for CAs and routers: itself).
  std::vector<NodeId> unit;
  std::vector<std::uint32_t> unit_size;  // per NodeId: switches in its unit (0 for CAs)

  std::optional<int> of(NodeId id) const { return tier.at(id.value); }

  NodeId unit_of(NodeId id) const { return unit.at(id.value); }

  bool is_chassis(NodeId id) const { return unit_size.at(unit_of(id).value) > 1; }
};

// O(nodes + links).
Tiers infer_tiers(const Fabric& fabric);

// "host", "leaf", "spine", "core", "tier 5", ...
std::string tier_name(int tier);

// True for a CA that is not an aggregation node.
bool is_host(const Node& node);

}  // namespace ibatlas
