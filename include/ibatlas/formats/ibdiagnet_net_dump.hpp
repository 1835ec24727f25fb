#pragma once

// NVIDIA ibdiagnet's `ibdiagnet2.net_dump`: one block per switch, a line
// `"<description>", <vendor>, 0x<node GUID>, LID <lid>`, a column header
// `#  : IB# : Sta : PhysSta : MTU : LWA : LSA : ... : Neighbor Guid : N# : NLID : Neighbor
// Description` and one ':'-separated row per port. Columns are found by header name. Nodes
// without a block of their own (CAs) are known only as neighbors: their GUID, the port number,
// LID and description the switch's row gives. docs/formats.md, "ibdiagnet2.net_dump", says
// what the file cannot tell.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Provenance::format is "ibdiagnet-net-dump". Throws ParseError ("file:line: expected ...").
ReadResult read_ibdiagnet_net_dump(std::string_view text, std::string_view name);

// True for a (trimmed) net_dump column header: '#', then ':'-separated names among which
// "IB#" (or "#") and "Sta" and "Neighbor Guid". detect_format asks it.
bool looks_like_ibdiagnet_net_dump_line(std::string_view line);

}  // namespace ibatlas
