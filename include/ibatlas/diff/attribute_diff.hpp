#pragma once

// What names a node or port besides its GUID: LIDs (lid.changed) and node descriptions
// (description.changed), compared between matched nodes.

#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// A port's base LID (with its LMC when the LMCs differ) changed; both snapshots must know
// it — a LID only one source gives is not a change. A switch has one LID: only its lowest
// port that has a LID in both snapshots (port 0, normally) is compared.
std::vector<Change> diff_lids(const Fabric& before, const Fabric& after, const NodeMatch& match);

// A matched node's description differs (byte for byte). `at` is the node in `after`.
std::vector<Change> diff_descriptions(const Fabric& before, const Fabric& after,
                                      const NodeMatch& match);

}  // namespace ibatlas
