#include "ibatlas/node_name_map.hpp"

#include <utility>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"

namespace ibatlas {

std::optional<std::string> NodeNameMap::find(Guid guid) const {
  auto it = names.find(guid);
  if (it == names.end()) {
    return std::nullopt;
  }
  return it->second;
}

std::string display_name(const Node& node, const NodeNameMap* map) {
  if (map != nullptr) {
    if (std::optional<std::string> mapped = map->find(node.guid)) {
      return *mapped;
    }
  }
  return node.description;
}

Fabric apply_node_name_map(const Fabric& fabric, const NodeNameMap& map) {
  FabricBuilder builder = from_fabric(fabric);
  for (std::uint32_t i = 0; i < fabric.nodes().size(); ++i) {
    if (std::optional<std::string> mapped = map.find(fabric.node(NodeId{i}).guid)) {
      builder.node(NodeId{i}).description = std::move(*mapped);
    }
  }
  return std::move(builder).build();
}

}  // namespace ibatlas
