#pragma once

// Private to the ibdiagnet2.net_dump reader: the column header, one port row, and the
// "# Running timestamp" comment.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::ibdiagnet {

// Column indexes by header name; absent when this version of ibdiagnet has no such column.
struct NetDumpColumns {
  std::vector<std::string> names;
  std::optional<std::size_t> port;  // "IB#", or "#" when there is no "IB#"
  std::optional<std::size_t> state, phys, mtu, width, speed;
  std::optional<std::size_t> neighbor_guid, neighbor_port, neighbor_lid, neighbor_description;
};

// `line` split at ':' into trimmed names (the first is "#"), and the columns found in them.
NetDumpColumns parse_net_dump_header(std::string_view line);

// A port row split at the first `columns - 1` colons (the last column, the neighbor's
// description, may hold colons), cells trimmed. Fewer cells when the row has fewer colons.
std::vector<std::string> split_net_dump_row(std::string_view line, std::size_t columns);

struct NetDumpContext {
  std::string_view file;
  std::size_t line = 0;
  const NetDumpColumns& columns;
};

// Adds one row of switch `node`'s block: its port's state, width and speed, and the cable to
// the neighbor (a switch with a block of its own, else a CA made from the row). Throws
// ParseError for a cell that is not what its column holds.
void add_net_dump_row(const NetDumpContext& context, NodeId node,
                      const std::vector<std::string>& cells, FabricBuilder& builder);

// "2022-08-25T17:45:38Z" from `# Running timestamp : 2022-08-25 17:45:38 UTC +0000`, the
// header comment ibdiagnet writes in its files; "" for any other line. The db_csv reader
// asks it too.
std::string ibdiag_header_time(std::string_view comment);

}  // namespace ibatlas::ibdiagnet
