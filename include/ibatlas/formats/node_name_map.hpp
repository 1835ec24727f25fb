#pragma once

// Reading infiniband-diags' node-name-map files (`--node-name-map`): lines `<guid> "<name>"`,
// `#` comments, blank lines. Names replace node descriptions in every output. What exactly
// is accepted (unquoted names, octal/decimal GUIDs, ...) is in docs/formats.md.

#include <string_view>

#include "ibatlas/node_name_map.hpp"

namespace ibatlas {

// Throws ParseError on a line that is neither blank, a comment nor `guid "name"`. A GUID
// listed twice keeps its first name, as infiniband-diags does.
NodeNameMap read_node_name_map(std::string_view text, std::string_view name);

}  // namespace ibatlas
