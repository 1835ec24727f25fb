#pragma once

// Private to src/routing: cycles in the channel dependency graph (Dally and Seitz): one
// vertex per switch-to-switch channel (a link's sending port; one VL: the snapshot's SL-to-VL
// tables are not used yet), an edge where a delivered route leaves a switch on one channel after
// arriving on another. A cycle means the routes can deadlock once buffers fill (a credit loop).

#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/load_acc.hpp"
#include "routing/route_view.hpp"

namespace ibatlas {

// One cycle per strongly connected component of more than one channel (or a channel that
// depends on itself), ordered by the cycle's first channel. `channels` receives the number
// of vertices.
std::vector<CreditLoop> find_credit_loops(const RouteView& view,
                                          const std::vector<LoadAccumulator::PortMask>& depends,
                                          std::size_t& channels);

}  // namespace ibatlas
