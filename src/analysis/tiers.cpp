#include "ibatlas/analysis/tiers.hpp"

#include <algorithm>

#include "analysis/graph_view.hpp"

namespace ibatlas {

bool is_host(const Node& node) {
  return node.type == NodeType::Ca && !is_aggregation_node(node);
}

Tiers infer_tiers(const Fabric& fabric) {
  Tiers tiers;
  tiers.tier.assign(fabric.nodes().size(), std::nullopt);
  // Leaves: switches with a cable to a host. Hosts are tier 0.
  std::vector<NodeId> leaves;
  for (PortId link : fabric.links()) {
    NodeId a = fabric.node_of(link);
    NodeId b = fabric.node_of(*fabric.port(link).peer);
    for (auto [host, other] : {std::pair{a, b}, std::pair{b, a}}) {
      if (is_host(fabric.node(host)) && fabric.node(other).type == NodeType::Switch) {
        tiers.tier[host.value] = kHostTier;
        leaves.push_back(other);
      }
    }
  }
  for (const Node& node : fabric.nodes()) {
    if (is_host(node)) {
      tiers.tier[fabric.id_of(node).value] = kHostTier;  // hosts without a cable too
    }
  }
  std::vector<int> distance = bfs_distances(make_switch_graph(fabric), leaves);
  for (std::uint32_t i = 0; i < distance.size(); ++i) {
    if (distance[i] != kUnreached && fabric.node(NodeId{i}).type == NodeType::Switch) {
      tiers.tier[i] = kLeafTier + distance[i];
      tiers.top = std::max(tiers.top, kLeafTier + distance[i]);
    }
  }
  return tiers;
}

std::string tier_name(int tier) {
  switch (tier) {
    case 0:
      return "host";
    case 1:
      return "leaf";
    case 2:
      return "spine";
    case 3:
      return "core";
    default:
      return "tier " + std::to_string(tier);
  }
}

}  // namespace ibatlas
