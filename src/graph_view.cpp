#include "graph_view.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/pending/queue.hpp>

namespace ibatlas {

SwitchGraph make_unit_graph(const Fabric& fabric, const std::vector<NodeId>& unit) {
  SwitchGraph graph(fabric.nodes().size());
  for (PortId link : fabric.links()) {
    NodeId a = fabric.node_of(link);
    NodeId b = fabric.node_of(*fabric.port(link).peer);
    if (fabric.node(a).type == NodeType::Switch && fabric.node(b).type == NodeType::Switch &&
        unit.at(a.value) != unit.at(b.value)) {
      boost::add_edge(unit[a.value].value, unit[b.value].value, graph);
    }
  }
  return graph;
}

SwitchGraph make_switch_graph(const Fabric& fabric) {
  std::vector<NodeId> itself(fabric.nodes().size());
  for (std::uint32_t i = 0; i < itself.size(); ++i) {
    itself[i] = NodeId{i};
  }
  return make_unit_graph(fabric, itself);
}

std::vector<int> bfs_distances(const SwitchGraph& graph, const std::vector<NodeId>& sources) {
  std::size_t n = boost::num_vertices(graph);
  std::vector<int> distance(n, kUnreached);
  std::vector<SwitchGraph::vertex_descriptor> starts;
  starts.reserve(sources.size());
  for (NodeId s : sources) {
    if (distance.at(s.value) == kUnreached) {
      distance[s.value] = 0;
      starts.push_back(s.value);
    }
  }
  if (starts.empty()) {
    return distance;
  }
  // A tree-edge recorder sets distance[target] = distance[source] + 1 as BFS discovers it.
  auto recorder = boost::record_distances(distance.data(), boost::on_tree_edge());
  std::vector<boost::default_color_type> colors(n, boost::white_color);
  boost::queue<SwitchGraph::vertex_descriptor> queue;
  boost::breadth_first_search(
      graph, starts.begin(), starts.end(), queue, boost::make_bfs_visitor(recorder),
      boost::make_iterator_property_map(colors.begin(), boost::get(boost::vertex_index, graph)));
  return distance;
}

}  // namespace ibatlas
