#include "ibatlas/findings/node_type_filter.hpp"

#include <algorithm>
#include <optional>

namespace ibatlas {

namespace {

bool at_type(const Fabric& fabric, const Endpoint& end, NodeType type) {
  if (!end.node_guid) {
    return false;
  }
  std::optional<NodeId> id = fabric.find_node(*end.node_guid);
  return id && fabric.node(*id).type == type;
}

bool keeps(const Fabric& fabric, const Finding& finding, NodeType type) {
  const Location& where = finding.location;
  switch (where.kind) {
    case LocationKind::Fabric:
      return false;
    case LocationKind::Link:
      return at_type(fabric, where.here, type) ||
             (where.peer && at_type(fabric, *where.peer, type));
    case LocationKind::Node:
    case LocationKind::Port:
      return at_type(fabric, where.here, type);
  }
  return false;
}

}  // namespace

std::vector<Finding> findings_at_node_type(const Fabric& fabric, std::vector<Finding> findings,
                                           NodeType type) {
  std::erase_if(findings, [&](const Finding& f) { return !keeps(fabric, f, type); });
  return findings;
}

}  // namespace ibatlas
