#pragma once

// opensm's min-hop routing engine (`opensm -R minhop`, its default), computed offline.

#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// One forwarding table per switch, as opensm 3.3.23 computes them with default options:
// hop counts over every cable whose two ends name each other and neither of which is Down;
// each LID goes out of the least-hop port that has carried the fewest CA/router LIDs on that
// switch so far (ties: the lowest port number), end ports visited in opensm's order (the
// end ports of switches with the most end ports first; GUIDs in opensm's table order).
// docs/routing.md lists what is not modelled (LMC system spreading, scatter_ports,
// port_shifting, routing-order and port-profile files). Tables are sized to the highest
// LID + 1; unroutable entries are ForwardingTable::kNoRoute. Never throws.
std::vector<ForwardingTable> compute_minhop(const Fabric& fabric);

}  // namespace ibatlas
