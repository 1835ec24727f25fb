#pragma once

// Private to src/: a snapshot's forwarding tables swapped for others. Fabric is immutable
// and FabricBuilder can only add tables, so this copies nodes, ports and cables into a fresh
// builder (ids unchanged) and adds the new tables.

#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// `fabric` with exactly `tables` as its forwarding tables (ids and everything else equal).
// REQUIRES: each table names a switch of `fabric`, at most one table per switch.
Fabric replace_tables(const Fabric& fabric, std::vector<ForwardingTable> tables);

}  // namespace ibatlas
