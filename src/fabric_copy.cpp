#include "ibatlas/fabric_copy.hpp"

#include <cstdint>
#include <optional>

namespace ibatlas {

FabricBuilder from_fabric(const Fabric& fabric) {
  FabricBuilder builder;
  // Nodes, then their ports in the fabric's order, so that every id stays what it was.
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
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    builder.add_forwarding_table(table.switch_node, table.out_port);
  }
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    builder.add_sl_to_vl_table(table.in, table.out, table.vl);
  }
  builder.set_provenance(fabric.provenance());
  return builder;
}

}  // namespace ibatlas
