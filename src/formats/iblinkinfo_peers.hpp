#pragma once

// Private to the iblinkinfo reader: nodes for the peers a file names but does not list.
// `--switches-only`, `--cas-only`, `-D`/`-S` partial scans and hand-cut excerpts print rows
// whose peer has no rows of its own; the cable is still real, so the peer becomes a node made
// from what the rows say about it (docs/formats.md, "iblinkinfo", gives the rules).

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::linkinfo {

// A row whose peer names no node of the file.
struct MissingPeer {
  PortId from;
  std::optional<Guid> guid;  // -l: the peer port's GUID; default layout: unknown
  Lid lid = 0;
  std::uint8_t port = 0;
  std::string desc;
  std::size_t line = 0;
};

// Adds one node per peer (same GUID; else same non-zero LID; else same description while
// its ports are free) and connects it both ways to the rows naming it. `listed`: the types
// of the nodes that have rows. Throws ParseError for a peer port 0.
void add_missing_peers(FabricBuilder& builder, const std::vector<MissingPeer>& peers,
                       const std::set<NodeType>& listed, std::string_view name);

}  // namespace ibatlas::linkinfo
