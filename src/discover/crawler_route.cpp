// route_to_guid (discover -G): a breadth-first search over the cables of a whole crawl.

#include <deque>

#include "ibatlas/discover/crawler.hpp"

namespace ibatlas {

namespace {

std::optional<NodeId> owner_of(const Fabric& fabric, Guid guid) {
  for (const Port& port : fabric.ports()) {
    if (port.guid == guid) {
      return port.node;
    }
  }
  return fabric.find_node(guid);
}

}  // namespace

std::optional<DirectedRoute> route_to_guid(const Fabric& fabric, Guid guid) {
  std::optional<NodeId> target = owner_of(fabric, guid);
  std::optional<Guid> local_guid = fabric.provenance().local_port_guid;
  std::optional<NodeId> local = local_guid ? owner_of(fabric, *local_guid) : std::nullopt;
  if (!target || !local) {
    return std::nullopt;
  }
  std::vector<std::optional<DirectedRoute>> route(fabric.nodes().size());
  route[local->value] = DirectedRoute();
  std::deque<NodeId> queue{*local};
  while (!queue.empty() && !route[target->value]) {
    NodeId at = queue.front();
    queue.pop_front();
    bool forwards = at == *local || fabric.node(at).type == NodeType::Switch;
    if (!forwards || route[at.value]->size() == DirectedRoute::kMaxHops) {
      continue;
    }
    for (const Port& port : fabric.ports_of(at)) {
      if (port.number == 0 || !port.peer) {
        continue;
      }
      NodeId next = fabric.node_of(*port.peer);
      if (!route[next.value]) {
        route[next.value] = route[at.value]->extended(port.number);
        queue.push_back(next);
      }
    }
  }
  return route[target->value];
}

}  // namespace ibatlas
