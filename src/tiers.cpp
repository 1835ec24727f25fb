#include "ibatlas/tiers.hpp"

#include <algorithm>
#include <unordered_map>

#include "graph_view.hpp"

namespace ibatlas {

bool is_host(const Node& node) {
  return node.type == NodeType::Ca && !is_aggregation_node(node);
}

namespace {

using Neighbours = std::vector<std::vector<std::uint32_t>>;  // per NodeId, sorted, unique

Neighbours neighbour_sets(const SwitchGraph& graph) {
  Neighbours result(boost::num_vertices(graph));
  for (std::uint32_t v = 0; v < result.size(); ++v) {
    auto [begin, end] = boost::adjacent_vertices(v, graph);
    for (auto it = begin; it != end; ++it) {
      if (*it != v) {
        result[v].push_back(static_cast<std::uint32_t>(*it));
      }
    }
    std::sort(result[v].begin(), result[v].end());
    result[v].erase(std::unique(result[v].begin(), result[v].end()), result[v].end());
  }
  return result;
}

// Switches sharing a system image GUID form one unit, named by the lowest NodeId.
void find_units(const Fabric& fabric, Tiers& tiers) {
  std::unordered_map<Guid, NodeId> first;
  tiers.unit.resize(fabric.nodes().size());
  tiers.unit_size.assign(fabric.nodes().size(), 0);
  for (std::uint32_t i = 0; i < fabric.nodes().size(); ++i) {
    const Node& n = fabric.node(NodeId{i});
    tiers.unit[i] = NodeId{i};
    if (n.type != NodeType::Switch) {
      continue;
    }
    if (n.system_guid && *n.system_guid != 0) {
      tiers.unit[i] = first.try_emplace(*n.system_guid, NodeId{i}).first->second;
    }
    ++tiers.unit_size[tiers.unit[i].value];
  }
}

// Units with a cable to a host, except those cabled to a unit with more hosts: a few
// management hosts on a spine do not make it a leaf (leaves are not cabled to leaves).
std::vector<bool> host_leaves(const Fabric& fabric, const Tiers& tiers, const Neighbours& around) {
  std::vector<std::uint32_t> hosts(fabric.nodes().size(), 0);
  for (PortId link : fabric.links()) {
    NodeId a = fabric.node_of(link);
    NodeId b = fabric.node_of(*fabric.port(link).peer);
    for (auto [host, other] : {std::pair{a, b}, std::pair{b, a}}) {
      if (is_host(fabric.node(host)) && fabric.node(other).type == NodeType::Switch) {
        ++hosts[tiers.unit_of(other).value];
      }
    }
  }
  std::vector<bool> leaf(hosts.size(), false);
  for (std::uint32_t v = 0; v < hosts.size(); ++v) {
    leaf[v] = hosts[v] > 0 && std::none_of(around[v].begin(), around[v].end(),
                                           [&](std::uint32_t u) { return hosts[u] > hosts[v]; });
  }
  return leaf;
}

// A switch two hops above the leaves with nothing above it is a core switch, or a leaf with
// no host cabled yet (a test bed, a half-installed fabric). It is a leaf when it shares at
// least half its neighbours with some leaf (Jaccard index >= 1/2): leaves of one pod hang
// off the same spines, while a core reaches spines of many pods. Returns how many it adopted.
std::size_t adopt_hostless_leaves(const Neighbours& around, const std::vector<int>& distance,
                                  std::vector<bool>& leaf) {
  std::vector<std::uint32_t> adopted;
  std::unordered_map<std::uint32_t, std::size_t> shared;
  for (std::uint32_t v = 0; v < around.size(); ++v) {
    bool local_top = distance[v] == 2 && !around[v].empty() &&
                     std::all_of(around[v].begin(), around[v].end(),
                                 [&](std::uint32_t u) { return distance[u] == 1; });
    if (!local_top) {
      continue;
    }
    shared.clear();
    for (std::uint32_t spine : around[v]) {
      for (std::uint32_t other : around[spine]) {
        if (leaf[other]) {
          ++shared[other];
        }
      }
    }
    for (const auto& [other, common] : shared) {
      std::size_t either = around[v].size() + around[other].size() - common;
      // Strictly more than half: a core of a two-pod tree shares exactly half of its
      // neighbours with each leaf (2 of the 4 spines), and it is no leaf.
      if (common * 2 > either) {
        adopted.push_back(v);
        break;
      }
    }
  }
  for (std::uint32_t v : adopted) {
    leaf[v] = true;
  }
  return adopted.size();
}

}  // namespace

Tiers infer_tiers(const Fabric& fabric) {
  Tiers tiers;
  tiers.tier.assign(fabric.nodes().size(), std::nullopt);
  find_units(fabric, tiers);
  SwitchGraph graph = make_unit_graph(fabric, tiers.unit);
  Neighbours around = neighbour_sets(graph);
  std::vector<bool> leaf = host_leaves(fabric, tiers, around);
  std::vector<int> distance;
  do {
    std::vector<NodeId> seeds;
    for (std::uint32_t i = 0; i < leaf.size(); ++i) {
      if (leaf[i]) {
        seeds.push_back(NodeId{i});
      }
    }
    distance = bfs_distances(graph, seeds);
  } while (adopt_hostless_leaves(around, distance, leaf) != 0);
  for (std::uint32_t i = 0; i < distance.size(); ++i) {
    const Node& n = fabric.node(NodeId{i});
    int d = distance[tiers.unit[i].value];
    if (is_host(n)) {
      tiers.tier[i] = kHostTier;
    } else if (d != kUnreached && n.type == NodeType::Switch) {
      tiers.tier[i] = kLeafTier + d;
      tiers.top = std::max(tiers.top, kLeafTier + d);
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
