#pragma once

// Private to the ibdiagnet2.db_csv reader: one function per table it reads, each adding what
// its rows say to the builder. NODES must have been read first (the others name its nodes).

#include <cstddef>
#include <string_view>

#include "ibatlas/fabric_builder.hpp"

#include "formats/ibdiagnet_csv_table.hpp"

namespace ibatlas::ibdiagnet {

void read_nodes(const CsvTable& table, std::string_view file, FabricBuilder& builder);
void read_ports(const CsvTable& table, std::string_view file, FabricBuilder& builder);
void read_links(const CsvTable& table, std::string_view file, FabricBuilder& builder);
void read_pm_info(const CsvTable& table, std::string_view file, FabricBuilder& builder);

// The node whose GUID is in `column`. Throws unless START_NODES listed it.
NodeId node_at(const TableReader& reader, const CsvRow& row, std::size_t column,
               const FabricBuilder& builder);

// The port of `node` numbered in `column` (a bare one is added if new). Throws for port 0 of
// a CA or router, and for a number above the node's NumPorts.
PortId port_at(const TableReader& reader, const CsvRow& row, std::size_t column, NodeId node,
               FabricBuilder& builder);

}  // namespace ibatlas::ibdiagnet
