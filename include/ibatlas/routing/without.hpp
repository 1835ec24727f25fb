#pragma once

// What-if: the fabric as if some cables or switches were gone (`--without LINK`).

#include <span>

#include "ibatlas/fabric.hpp"
#include "ibatlas/routing/endpoint.hpp"

namespace ibatlas {

// A copy of `fabric` in which each place's cable is unplugged: for a port, its cable (both
// ends lose their peer and go Down/Polling, active width and speed absent); for a whole
// node, every cable of it, and a switch also loses its LID and forwarding table (it is gone,
// not just isolated). Ids are unchanged. Other tables are kept as they are: validate them to
// see what breaks, or compute new ones.
Fabric without(const Fabric& fabric, std::span<const Place> gone);

}  // namespace ibatlas
