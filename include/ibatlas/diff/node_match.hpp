#pragma once

// Which node of one snapshot is which node of the other. Identity is the node GUID; the
// fallback for a node whose GUID changed (an HCA or a switch swapped for a spare) is: same
// type, same description and the same neighbours (each cabled port reaches the same port of
// the same node) — such a node is *replaced*, not removed and added.

#include <optional>
#include <utility>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct NodeMatch {
  std::vector<std::optional<NodeId>> after_of;      // indexed by `before` NodeId
  std::vector<std::optional<NodeId>> before_of;     // indexed by `after` NodeId
  std::vector<std::pair<NodeId, NodeId>> replaced;  // (before, after): matched by fallback
};

// Matches every node it can, in time linear in the node and port counts.
//
// - Same GUID: matched. When a snapshot holds a GUID more than once (a live crawl of a
//   fabric with duplicates), the k-th occurrence in `before` matches the k-th in `after`.
// - The rest: a node of `before` and one of `after` with the same type, description and
//   neighbour list are matched as replaced, when that (type, description, neighbours) is
//   unique among the unmatched nodes of both snapshots. A neighbour list is, per cabled
//   port: its number, the far port's number and the far node — by its identity in `after`
//   when matched, or "some unmatched node" when not (so two replaced nodes cabled to each
//   other still match). Each round of matches makes more neighbours concrete, which can
//   break a tie: this repeats until a round matches nothing.
NodeMatch match_nodes(const Fabric& before, const Fabric& after);

}  // namespace ibatlas
