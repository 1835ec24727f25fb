// Agents name their HCAs as sysfs does (mlx5_0, the node GUID); the report names nodes as
// the snapshot does. The GUID joins the two; the host's own node takes what has no HCA.

#include "ibatlas/probe/host_findings.hpp"

namespace ibatlas {

namespace {

Endpoint host_endpoint(const Fabric& fabric, PortId host) {
  const Node& node = fabric.node(fabric.node_of(host));
  return Endpoint{.node_guid = node.guid, .port = {}, .name = node.description};
}

Finding placed(const Fabric& fabric, PortId host, Finding f) {
  if (f.location.kind == LocationKind::Fabric) {
    f.location =
        Location{.kind = LocationKind::Node, .here = host_endpoint(fabric, host), .peer = {}};
    f.message = "agent process: " + f.message;
    return f;
  }
  std::optional<NodeId> node =
      f.location.here.node_guid ? fabric.find_node(*f.location.here.node_guid) : std::nullopt;
  if (node) {
    f.location.here.name = fabric.node(*node).description;
  } else {
    f.location.here.name =
        fabric.node(fabric.node_of(host)).description + " " + f.location.here.name;
  }
  return f;
}

}  // namespace

std::vector<Finding> place_host_findings(const Fabric& fabric, PortId host,
                                         std::span<const Finding> findings) {
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (const Finding& f : findings) {
    out.push_back(placed(fabric, host, f));
  }
  sort_findings(out);
  return out;
}

}  // namespace ibatlas
