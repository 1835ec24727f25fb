#include "ibatlas/fabric_copy.hpp"

#include <cstdint>
#include <optional>
#include <utility>

namespace ibatlas {

namespace {

// Everything but the forwarding tables: nodes, then their ports in the fabric's order, so
// that every id stays what it was.
FabricBuilder copy_without_forwarding_tables(const Fabric& fabric) {
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
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    builder.add_sl_to_vl_table(table.in, table.out, table.vl);
  }
  for (const PathSlRow& row : fabric.path_sls()) {
    builder.set_path_sls(row.source, row.sl);
  }
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    builder.set_switch_ar(ar);
  }
  builder.set_provenance(fabric.provenance());
  return builder;
}

}  // namespace

FabricBuilder from_fabric(const Fabric& fabric) {
  FabricBuilder builder = copy_without_forwarding_tables(fabric);
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    builder.add_forwarding_table(table.switch_node, table.out_port);
  }
  return builder;
}

Fabric with_forwarding_tables(const Fabric& fabric, std::vector<ForwardingTable> tables) {
  // Not from_fabric and then a replacement: that would first copy every old table.
  FabricBuilder builder = copy_without_forwarding_tables(fabric);
  for (ForwardingTable& table : tables) {
    builder.add_forwarding_table(table.switch_node, std::move(table.out_port));
  }
  return std::move(builder).build();
}

}  // namespace ibatlas
