#include "ibatlas/scan_scope.hpp"

#include <deque>
#include <vector>

namespace ibatlas {

namespace {

// The node owning the port with this GUID (a switch's port 0, a CA's port).
std::optional<NodeId> node_of_port_guid(const Fabric& fabric, Guid guid) {
  for (const Port& p : fabric.ports()) {
    if (p.guid == guid) {
      return p.node;
    }
  }
  return std::nullopt;
}

// Cables from `start` over the scan's own cables, breadth first; unreached nodes keep none.
std::vector<std::optional<std::uint32_t>> hops_from(const Fabric& fabric, NodeId start) {
  std::vector<std::optional<std::uint32_t>> hops(fabric.nodes().size());
  std::deque<NodeId> queue{start};
  hops[start.value] = 0;
  while (!queue.empty()) {
    NodeId node = queue.front();
    queue.pop_front();
    for (const Port& p : fabric.ports_of(node)) {
      if (!p.peer) {
        continue;
      }
      NodeId next = fabric.node_of(*p.peer);
      if (!hops[next.value]) {
        hops[next.value] = *hops[node.value] + 1;
        queue.push_back(next);
      }
    }
  }
  return hops;
}

}  // namespace

std::string extent_text(const PartialScan& scan) {
  return "from " + scan.start + ", " + std::to_string(scan.max_hops) +
         (scan.max_hops == 1 ? " hop" : " hops");
}

ScanScope::ScanScope(const Fabric& scan) {
  const std::optional<PartialScan>& partial = scan.provenance().partial;
  if (!partial || !partial->start_guid) {
    return;
  }
  std::optional<NodeId> start = node_of_port_guid(scan, *partial->start_guid);
  if (!start) {
    return;
  }
  whole_ = false;
  std::vector<std::optional<std::uint32_t>> hops = hops_from(scan, *start);
  for (const Node& node : scan.nodes()) {
    scanned_.insert(node.guid);
    const std::optional<std::uint32_t>& h = hops[scan.id_of(node).value];
    if (h && *h < partial->max_hops) {
      followed_.insert(node.guid);
    }
  }
}

bool ScanScope::followed(Guid node) const {
  return whole_ || followed_.count(node) != 0;
}

bool ScanScope::covers_cable(Guid a, Guid b) const {
  return followed(a) || followed(b);
}

bool ScanScope::covers_node(const Fabric& other, NodeId node) const {
  if (whole_ || scanned_.count(other.node(node).guid) != 0) {
    return true;
  }
  for (const Port& p : other.ports_of(node)) {
    if (p.peer && followed(other.node(other.node_of(*p.peer)).guid)) {
      return true;
    }
  }
  return false;
}

}  // namespace ibatlas
