#pragma once

// infiniband-diags' node-name-map files (`--node-name-map`): lines `<guid> "<name>"`,
// `#` comments, blank lines. Names replace node descriptions in every output. What exactly
// is accepted (unquoted names, octal/decimal GUIDs, ...) is in docs/formats.md.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct NodeNameMap {
  std::unordered_map<Guid, std::string> names;  // node GUID -> name
  std::optional<std::string> find(Guid guid) const;
};

// Throws ParseError on a line that is neither blank, a comment nor `guid "name"`. A GUID
// listed twice keeps its first name, as infiniband-diags does.
NodeNameMap read_node_name_map(std::string_view text, std::string_view name);

// The name to show for a node: its mapped name if any, else its description.
std::string display_name(const Node& node, const NodeNameMap* map);

// A copy of `fabric` in which every node whose GUID the map lists has that name as its
// description. Nothing else changes.
Fabric apply_node_name_map(const Fabric& fabric, const NodeNameMap& map);

}  // namespace ibatlas
