#pragma once

// Private to src/ (the analyses share it): Boost.Graph views over a Fabric (STYLE.md 7.4). Boost
// appears nowhere in include/. Vertex i is NodeId{i}, so results map straight back to ids.

#include <cstdint>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Every node is a vertex; the edges are the cables between two different switches (each
// cable once; parallel cables are parallel edges). Loopback cables and cables to CAs and
// routers are left out: tiers and opensm's ranking walk switch-to-switch links only.
using SwitchGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

SwitchGraph make_switch_graph(const Fabric& fabric);

// The same over units: `unit[i]` is the vertex that stands for node i (a chassis's switches
// share one); a cable between two switches of one unit is left out.
SwitchGraph make_unit_graph(const Fabric& fabric, const std::vector<NodeId>& unit);

constexpr int kUnreached = -1;

// Hop distance from the nearest of `sources` to every vertex, kUnreached where there is no
// path. One breadth-first search from all sources at once: O(V + E).
std::vector<int> bfs_distances(const SwitchGraph& graph, const std::vector<NodeId>& sources);

}  // namespace ibatlas
