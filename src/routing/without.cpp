#include "ibatlas/routing/without.hpp"

#include <utility>
#include <vector>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {

namespace {

struct Cuts {
  std::vector<bool> port;  // per PortId: unplug
  std::vector<bool> node;  // per NodeId: the switch is gone
};

Cuts mark(const Fabric& fabric, std::span<const Place> gone) {
  Cuts cuts{std::vector<bool>(fabric.ports().size(), false),
            std::vector<bool>(fabric.nodes().size(), false)};
  auto cut = [&](PortId id) {
    cuts.port[id.value] = true;
    if (std::optional<PortId> peer = fabric.port(id).peer) {
      cuts.port[peer->value] = true;
    }
  };
  for (const Place& place : gone) {
    if (place.port) {
      cut(*place.port);
      continue;
    }
    for (const Port& p : fabric.ports_of(place.node)) {
      cut(fabric.id_of(p));
    }
    cuts.node[place.node.value] = fabric.node(place.node).type == NodeType::Switch;
  }
  return cuts;
}

Port unplugged(Port p, bool switch_gone) {
  if (p.number != 0) {
    p.state = PortState::Down;
    p.phys_state = PhysState::Polling;
    p.width_active.reset();
    p.speed_active.reset();
    p.mtu_active.reset();
  } else if (switch_gone) {
    p.base_lid.reset();
  }
  return p;
}

}  // namespace

Fabric without(const Fabric& fabric, std::span<const Place> gone) {
  Cuts cuts = mark(fabric, gone);
  FabricBuilder builder;
  for (const Node& node : fabric.nodes()) {
    NodeId id = builder.add_node(node);
    for (const Port& port : fabric.ports_of(id)) {
      bool cut = cuts.port[fabric.id_of(port).value];
      builder.add_port(id, cut ? unplugged(port, cuts.node[id.value]) : port);
    }
  }
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    std::optional<PortId> peer = fabric.port(PortId{i}).peer;
    if (peer && !cuts.port[i]) {
      builder.set_peer(PortId{i}, *peer);
    }
  }
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    if (!cuts.node[table.switch_node.value]) {
      builder.add_forwarding_table(table.switch_node, table.out_port);
    }
  }
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    builder.add_sl_to_vl_table(table.in, table.out, table.vl);  // configuration: it stays
  }
  for (const PathSlRow& row : fabric.path_sls()) {
    builder.set_path_sls(row.source, row.sl);  // what the SA said: it stays too
  }
  builder.set_provenance(fabric.provenance());
  return std::move(builder).build();
}

}  // namespace ibatlas
