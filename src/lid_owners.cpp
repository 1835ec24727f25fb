#include "ibatlas/lid_owners.hpp"

#include <algorithm>

namespace ibatlas {

std::vector<std::uint32_t> lid_owners(const Fabric& fabric) {
  constexpr std::uint32_t kMaxUnicast = 0xbfff;
  std::vector<std::uint32_t> owner;
  std::span<const Port> ports = fabric.ports();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    const Port& p = ports[i];
    if (!p.base_lid || *p.base_lid == 0 || *p.base_lid > kMaxUnicast) {
      continue;
    }
    std::uint32_t count = 1U << std::min<std::uint32_t>(p.lmc.value_or(0), 7U);
    std::uint32_t last = std::min(*p.base_lid + count - 1U, kMaxUnicast);
    if (owner.size() <= last) {
      owner.resize(last + 1U, kNoPort);
    }
    for (std::uint32_t lid = *p.base_lid; lid <= last; ++lid) {
      if (owner[lid] == kNoPort) {
        owner[lid] = i;
      }
    }
  }
  return owner;
}

std::uint32_t highest_port(const Fabric& fabric, NodeId node) {
  std::span<const Port> ports = fabric.ports_of(node);
  std::uint32_t known = ports.empty() ? 0U : ports.back().number;
  return std::max<std::uint32_t>(fabric.node(node).port_count, known);
}

Guid reported_port_guid(const Fabric& fabric, PortId id) {
  const Port& port = fabric.port(id);
  const Node& node = fabric.node(port.node);
  if (node.type == NodeType::Switch) {
    std::optional<PortId> zero = fabric.find_port(port.node, 0);
    return zero && fabric.port(*zero).guid ? *fabric.port(*zero).guid : node.guid;
  }
  return port.guid.value_or(node.guid);
}

}  // namespace ibatlas
