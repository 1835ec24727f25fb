#pragma once

// Cable changes between two snapshots. A cable is a link (two ports that name each other);
// only cables whose two nodes are in both snapshots count here — the cables of an added or
// removed node are part of that node's change. Ends are ordered by (node GUID, port), so
// the report does not depend on the order a source lists its nodes in.
//
//   cable.swapped  cables A–B and C–D became A–D and C–B: two changes, one per end that kept
//                  its place, each with the far end before and after and the other fixed
//                  end in `traded_with`. The fixed pair is two ports of one node (cables
//                  traded on one switch) when there is one, else two switch ports (hosts
//                  traded places), else the pair with the lowest end;
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
std::vector<Change> diff_cables(const Fabric& before, const Fabric& after, const NodeMatch& match);

}  // namespace ibatlas
