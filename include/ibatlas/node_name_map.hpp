#pragma once

// Names for nodes from a node-name-map (read by formats/node_name_map.hpp): names replace
// node descriptions in every output.

#include <optional>
#include <string>
#include <unordered_map>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct NodeNameMap {
  std::unordered_map<Guid, std::string> names;  // node GUID -> name
  std::optional<std::string> find(Guid guid) const;
};

// The name to show for a node: its mapped name if any, else its description.
std::string display_name(const Node& node, const NodeNameMap* map);

// A copy of `fabric` in which every node whose GUID the map lists has that name as its
// description. Nothing else changes.
Fabric apply_node_name_map(const Fabric& fabric, const NodeNameMap& map);

}  // namespace ibatlas
