#pragma once

// Hand-built fabrics for the audit tests: a thin layer over FabricBuilder that gives every
// cabled port what a live crawl reads (Active/LinkUp, 4xHDR, enabled = supported = 1x|4x and
// SDR..HDR, MTU 4096, VL cap 4, a LID), so that a test changes only the field it is about.
// `dump()` cables instead carry only what an ibnetdiscover dump has (active width/speed).

#include <cstdint>
#include <string>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::test {

inline WidthSet widths(std::initializer_list<LinkWidth> list) {
  WidthSet s;
  for (LinkWidth w : list) {
    s.insert(w);
  }
  return s;
}

inline SpeedSet speeds_up_to(LinkSpeed top) {
  SpeedSet s;
  for (int i = 0; i <= static_cast<int>(top); ++i) {
    s.insert(static_cast<LinkSpeed>(i));
  }
  return s;
}

class Sketch {
 public:
  // A switch with `ports` external ports and port 0 (with the switch's LID).
  NodeId sw(const std::string& name, Guid guid, int ports = 36) {
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

  // A CA with `ports` ports, each with its own GUID (node GUID + port) and LID.
  NodeId ca(const std::string& name, Guid guid, int ports = 1) {
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

  // A cable with everything a crawl reads; returns port a's id (builder id).
  PortId cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
               LinkSpeed s = LinkSpeed::Hdr) {
    PortId x = port(a, pa);
    PortId y = port(b, pb);
    for (PortId id : {x, y}) {
      Port& p = b_.port_data(id);
      p.state = PortState::Active;
      p.phys_state = PhysState::LinkUp;
      p.width_active = w;
      p.speed_active = s;
      p.width_enabled = widths({LinkWidth::X1, LinkWidth::X4});
      p.width_supported = widths({LinkWidth::X1, LinkWidth::X4});
      p.speed_enabled = speeds_up_to(LinkSpeed::Hdr);
      p.speed_supported = speeds_up_to(LinkSpeed::Hdr);
      p.mtu_active = Mtu::B4096;
      p.mtu_cap = Mtu::B4096;
      p.vl_cap = 4;
    }
    b_.connect(x, y);
    return x;
  }

  // A cable as an ibnetdiscover dump shows it: active width and speed only.
  PortId dump_cable(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
                    LinkSpeed s = LinkSpeed::Hdr) {
    PortId x = port(a, pa);
    PortId y = port(b, pb);
    for (PortId id : {x, y}) {
      b_.port_data(id).width_active = w;
      b_.port_data(id).speed_active = s;
    }
    b_.connect(x, y);
    return x;
  }

  // An uncabled switch port as a crawl sees it: Down/Polling.
  PortId polling(NodeId n, int p) {
    PortId id = port(n, p);
    b_.port_data(id).state = PortState::Down;
    b_.port_data(id).phys_state = PhysState::Polling;
    return id;
  }

  PortId port(NodeId n, int p) { return b_.port(n, static_cast<std::uint8_t>(p)); }

  Port& data(NodeId n, int p) { return b_.port_data(port(n, p)); }

  Node& node(NodeId n) { return b_.node(n); }

  FabricBuilder& builder() { return b_; }

  Fabric build() { return std::move(b_).build(); }

 private:
  FabricBuilder b_;
  Lid next_lid_ = 1;
};

// The port `number` of the node with `guid` in a built fabric. REQUIRES: both exist.
inline PortId port_of(const Fabric& f, Guid guid, int number) {
  return *f.find_port(*f.find_node(guid), static_cast<std::uint8_t>(number));
}

}  // namespace ibatlas::test
