#pragma once

// infiniband-diags' node-name-map files (`--node-name-map`): lines `<guid> "<name>"`,
// `#` comments, blank lines. Names replace node descriptions in every output.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct NodeNameMap {
  std::unordered_map<Guid, std::string> names;
  std::optional<std::string> find(Guid guid) const;
};

// Throws ParseError on a line that is neither blank, a comment nor `guid "name"`.
NodeNameMap read_node_name_map(std::string_view text, std::string_view name);

// The name to show for a node: its mapped name if any, else its description.
std::string display_name(const Node& node, const NodeNameMap* map);

}  // namespace ibatlas
