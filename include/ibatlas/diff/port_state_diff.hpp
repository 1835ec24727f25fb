#pragma once

// port.state: a port whose logical state (Down, Init, Armed, Active) or physical state
// (Polling, LinkUp, Disabled, ...) changed while its cable did not (both unconnected, or
// the same far port): a cable change already explains the state of the ports it touches.

#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// "Active/LinkUp"; a part the source does not give is left out ("Active"), "unknown" when
// neither is known.
std::string state_string(const Port& port);

// Compares each port present in both snapshots (same matched node, same number); a state
// counts as changed only when both snapshots know it. `at` is the port in `after`.
std::vector<Change> diff_port_states(const Fabric& before, const Fabric& after,
                                     const NodeMatch& match);

}  // namespace ibatlas
