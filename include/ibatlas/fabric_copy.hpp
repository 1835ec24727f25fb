#pragma once

// Starting a new snapshot from an existing one: a FabricBuilder that already holds every
// node, port, cable, forwarding table, SL-to-VL table, path SL, AR state and the
// provenance of a Fabric, to
// be edited and built again (Fabric itself is immutable).

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {

// std::move(from_fabric(f)).build() == f. Builder ids equal the fabric's ids: NodeId{i} and
// PortId{i} name the same node and port in both.
FabricBuilder from_fabric(const Fabric& fabric);

// `fabric` with `tables` as its forwarding tables instead of the ones it had (if any); every
// other part, ids included, unchanged. REQUIRES: each table names a switch of `fabric`.
Fabric with_forwarding_tables(const Fabric& fabric, std::vector<ForwardingTable> tables);

}  // namespace ibatlas
