#include "routing/fabric_tables.hpp"

#include <optional>
#include <utility>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {

Fabric replace_tables(const Fabric& fabric, std::vector<ForwardingTable> tables) {
  // As from_fabric (fabric_copy.hpp) does, minus the old forwarding tables: nodes, then their ports
  // in the fabric's order, so that every id stays what it was.
  FabricBuilder builder;
  for (const Node& node : fabric.nodes()) {
    NodeId id = builder.add_node(node);
    for (const Port& port : fabric.ports_of(id)) {
      builder.add_port(id, port);
    }
  }
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (std::optional<PortId> peer = fabric.port(PortId{i}).peer) {
      builder.set_peer(PortId{i}, *peer);
    }
  }
  for (ForwardingTable& table : tables) {
    builder.add_forwarding_table(table.switch_node, std::move(table.out_port));
  }
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    builder.add_sl_to_vl_table(table.in, table.out, table.vl);
  }
  builder.set_provenance(fabric.provenance());
  return std::move(builder).build();
}

}  // namespace ibatlas
