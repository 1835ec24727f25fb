#include "support/fabric_sketch.hpp"

#include <utility>

namespace ibatlas::test {

WidthSet widths(std::initializer_list<LinkWidth> list) {
  WidthSet s;
  for (LinkWidth w : list) {
    s.insert(w);
  }
  return s;
}

SpeedSet speeds_up_to(LinkSpeed top) {
  SpeedSet s;
  for (int i = 0; i <= static_cast<int>(top); ++i) {
    s.insert(static_cast<LinkSpeed>(i));
  }
  return s;
}

NodeId Sketch::sw(const std::string& name, Guid guid, int ports) {
  Node n;
  n.type = NodeType::Switch;
  n.guid = guid;
  n.system_guid = guid;
  n.description = name;
  n.port_count = static_cast<std::uint8_t>(ports);
  NodeId id = b_.add_node(n);
  Port zero;
  zero.number = 0;
  zero.guid = guid;
  zero.base_lid = next_lid_++;
  zero.lmc = 0;
  zero.state = PortState::Active;
  b_.add_port(id, zero);
  return id;
}

NodeId Sketch::ca(const std::string& name, Guid guid, int ports) {
  Node n;
  n.type = NodeType::Ca;
  n.guid = guid;
  n.system_guid = guid;
  n.description = name;
  n.port_count = static_cast<std::uint8_t>(ports);
  NodeId id = b_.add_node(n);
  for (int p = 1; p <= ports; ++p) {
    Port port;
    port.number = static_cast<std::uint8_t>(p);
    port.guid = guid + static_cast<Guid>(p);
    port.base_lid = next_lid_++;
    port.lmc = 0;
    b_.add_port(id, port);
  }
  return id;
}

PortId Sketch::cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w, LinkSpeed s) {
  PortId x = link(a, pa, b, pb, w, s);
  for (PortId id : {x, port(b, pb)}) {
    Port& p = b_.port_data(id);
    p.width_enabled = widths({LinkWidth::X1, LinkWidth::X4});
    p.width_supported = widths({LinkWidth::X1, LinkWidth::X4});
    p.speed_enabled = speeds_up_to(LinkSpeed::Hdr);
    p.speed_supported = speeds_up_to(LinkSpeed::Hdr);
    p.mtu_active = Mtu::B4096;
    p.mtu_cap = Mtu::B4096;
    p.vl_cap = 4;
  }
  return x;
}

PortId Sketch::link(NodeId a, int pa, NodeId b, int pb, LinkWidth w, LinkSpeed s) {
  PortId x = dump_cable(a, pa, b, pb, w, s);
  for (PortId id : {x, port(b, pb)}) {
    b_.port_data(id).state = PortState::Active;
    b_.port_data(id).phys_state = PhysState::LinkUp;
  }
  return x;
}

PortId Sketch::dump_cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w, LinkSpeed s) {
  PortId x = port(a, pa);
  PortId y = port(b, pb);
  for (PortId id : {x, y}) {
    b_.port_data(id).width_active = w;
    b_.port_data(id).speed_active = s;
  }
  b_.connect(x, y);
  return x;
}

PortId Sketch::polling(NodeId n, int p) {
  PortId id = port(n, p);
  b_.port_data(id).state = PortState::Down;
  b_.port_data(id).phys_state = PhysState::Polling;
  return id;
}

PortId port_of(const Fabric& f, Guid guid, int number) {
  return *f.find_port(*f.find_node(guid), static_cast<std::uint8_t>(number));
}

}  // namespace ibatlas::test
