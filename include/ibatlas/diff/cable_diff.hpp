#pragma once

// Cable changes between two snapshots. A cable is a link (two ports that name each other);
// only cables whose two nodes are in both snapshots count here — the cables of an added or
// removed node are part of that node's change.
//
//   cable.swapped  cables A–B and C–D became A–D and C–B: two changes, one per end that kept
//                  its place (A and C: the pair on one node when there is one, else the pair
//                  with the lowest end), each with the far end before and after and the
//                  other fixed end in `traded_with`;
//   cable.moved    a cable A–B became A–C: A stayed (`at`), the far end moved from B to C;
//                  when both ends of a removed cable have new cables, the lower end is taken
//                  as the one that stayed and the other new cable is added;
//   cable.removed  / cable.added: the rest, `at` being the lower end.

#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Ends are named by their `after` node when it has one. Linear in the port count.
std::vector<Change> diff_cables(const Fabric& before, const Fabric& after,
                                const NodeMatch& match);

}  // namespace ibatlas
