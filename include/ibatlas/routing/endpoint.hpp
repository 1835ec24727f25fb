#pragma once

// Naming a node or a port on the command line (`--trace SRC DST`, `--without LINK`).

#include <optional>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct Place {
  NodeId node;
  std::optional<PortId> port;  // absent: the node as a whole
};

// `text` is one of:
//   a LID: decimal ("12") or hex with at most four digits ("0xc"): the port answering to it;
//   a GUID: "0x" and more than four hex digits: a port GUID names that port, else a node
//     GUID that node;
//   a node description (after any node-name-map), matched exactly.
// Any of them may end in "[N]": port N of that node. A description that itself ends in
// "[...]" is tried whole first. Throws Error saying what matched nothing or matched several
// nodes (then name a GUID).
Place resolve_place(const Fabric& fabric, std::string_view text);

}  // namespace ibatlas
