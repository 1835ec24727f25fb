#pragma once

// Starting a new snapshot from an existing one: a FabricBuilder that already holds every
// node, port, cable, forwarding table, SL-to-VL table and the provenance of a Fabric, to be edited
// and built again (Fabric itself is immutable).

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {

// std::move(from_fabric(f)).build() == f. Builder ids equal the fabric's ids: NodeId{i} and
// PortId{i} name the same node and port in both.
FabricBuilder from_fabric(const Fabric& fabric);

}  // namespace ibatlas
