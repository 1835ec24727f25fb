#pragma once

// Private to src/routing: cycles in the channel dependency graph (Dally and Seitz), per
// virtual lane: one vertex per (switch-to-switch channel, VL) that a dependency touches (a
// channel is a link's sending port), an edge where a delivered route leaves a switch on one
// (channel, VL) after arriving on another (credit_loops_deps.hpp says which VL a hop uses). A
// cycle means the routes can deadlock once buffers fill (a credit loop); routes on different
// VLs use different buffers, so a loop lives within the VLs it crosses.

#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/credit_loops_deps.hpp"
#include "routing/route_view.hpp"

namespace ibatlas {

// Fills report.credit_loops (one cycle per strongly connected component of more than one
// vertex, or a vertex that depends on itself, ordered by the cycle's first channel and VL),
// report.channels (switch-to-switch channels), report.virtual_lanes and
// report.credit_loop_inputs.
void find_credit_loops(const RouteView& view, const VlDependencies& deps, RouteReport& report);

}  // namespace ibatlas
