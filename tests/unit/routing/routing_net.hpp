#pragma once

// Hand-built fabrics for the routing tests: switches and single-port CAs with LIDs given in
// creation order (1, 2, ...), Active 4xHDR cables unless told otherwise, and tables written
// entry by entry, so each test states its routes by hand.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::test {

class Net {
 public:
  // A switch with `ports` external ports, GUID `guid` (0: 0x1000 + 0x10 n, n counting every
  // node made so far), node description `name`.
  NodeId sw(const std::string& name, int ports = 8, Guid guid = 0) {
    NodeId id = node(NodeType::Switch, name, ports, 0x1000, guid);
    Port zero;
    zero.number = 0;
    zero.guid = b_.node(id).guid;
    zero.base_lid = next_lid_++;
    zero.lmc = 0;
    zero.state = PortState::Active;
    b_.add_port(id, zero);
    for (int p = 1; p <= ports; ++p) {
      Port idle;
      idle.number = static_cast<std::uint8_t>(p);
      idle.state = PortState::Down;
      idle.phys_state = PhysState::Polling;
      b_.add_port(id, idle);
    }
    return id;
  }

  // A one-port CA, GUID 0x2000 + 0x10 n (port GUID + 1), node description `name`.
  NodeId ca(const std::string& name) {
    NodeId id = node(NodeType::Ca, name, 1, 0x2000, 0);
    Port port;
    port.number = 1;
    port.guid = b_.node(id).guid + 1;
    port.base_lid = next_lid_++;
    port.lmc = 0;
    port.state = PortState::Down;
    b_.add_port(id, port);
    return id;
  }

  void link(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
            LinkSpeed s = LinkSpeed::Hdr) {
    PortId x = b_.port(a, static_cast<std::uint8_t>(pa));
    PortId y = b_.port(b, static_cast<std::uint8_t>(pb));
    for (PortId id : {x, y}) {
      Port& p = b_.port_data(id);
      p.state = PortState::Active;
      p.phys_state = PhysState::LinkUp;
      p.width_active = w;
      p.speed_active = s;
    }
    b_.connect(x, y);
  }

  // sw's entry for `lid` is `port` (tables are sized to the highest LID + 1).
  void route(NodeId sw, Lid lid, std::uint8_t port) { entries_[sw.value][lid] = port; }

  // The same port for several LIDs.
  void routes(NodeId sw, std::initializer_list<std::pair<Lid, std::uint8_t>> list) {
    for (auto [lid, port] : list) {
      route(sw, lid, port);
    }
  }

  // An empty table (every entry unset) for a switch no route() named.
  void empty_table(NodeId sw) { entries_[sw.value]; }

  Lid lid(NodeId n) const { return lids_.at(n.value); }

  // The port's data, to set fields a test is about (enabled speeds, states).
  Port& port(NodeId node, int number) {
    return b_.port_data(b_.port(node, static_cast<std::uint8_t>(number)));
  }

  Guid guid(NodeId n) { return b_.node(n).guid; }

  Fabric build() {
    for (auto& [node, entries] : entries_) {
      std::vector<std::uint8_t> lft(next_lid_, ForwardingTable::kNoRoute);
      for (auto [lid, port] : entries) {
        lft.at(lid) = port;
      }
      b_.add_forwarding_table(NodeId{node}, std::move(lft));
    }
    b_.set_provenance(Provenance{"test", "test", std::nullopt, "test", std::nullopt});
    return std::move(b_).build();
  }

 private:
  NodeId node(NodeType type, const std::string& name, int ports, Guid base, Guid guid) {
    Node n;
    n.type = type;
    n.guid = guid != 0 ? guid : base + count_ * 0x10;
    ++count_;
    n.system_guid = n.guid;
    n.description = name;
    n.port_count = static_cast<std::uint8_t>(ports);
    NodeId id = b_.add_node(n);
    lids_.push_back(next_lid_);
    return id;
  }

  FabricBuilder b_;
  Lid next_lid_ = 1;
  Guid count_ = 0;
  std::vector<Lid> lids_;  // per NodeId: its (first) LID
  std::map<std::uint32_t, std::map<Lid, std::uint8_t>> entries_;
};

// Two spines, two leaves with two hosts each. Leaf ports: hosts 1, 2; port 3 to sp1, 4 to
// sp2. Spine port 1 to l1, 2 to l2. LIDs: sp1 1, sp2 2, l1 3, l2 4, a1 5, a2 6, b1 7, b2 8.
struct SmallTree {
  Net net;
  NodeId sp1 = net.sw("sp1");
  NodeId sp2 = net.sw("sp2");
  NodeId l1 = net.sw("l1");
  NodeId l2 = net.sw("l2");
  NodeId a1 = net.ca("a1");
  NodeId a2 = net.ca("a2");
  NodeId b1 = net.ca("b1");
  NodeId b2 = net.ca("b2");

  explicit SmallTree(LinkWidth l1_sp2_width = LinkWidth::X4) {
    net.link(a1, 1, l1, 1);
    net.link(a2, 1, l1, 2);
    net.link(b1, 1, l2, 1);
    net.link(b2, 1, l2, 2);
    net.link(l1, 3, sp1, 1);
    net.link(l1, 4, sp2, 1, l1_sp2_width);
    net.link(l2, 3, sp1, 2);
    net.link(l2, 4, sp2, 2);
  }

  // The tables minhop_test works out by hand (opensm's minhop on this fabric).
  void minhop_tables() {
    net.routes(l1, {{1, 3}, {2, 4}, {3, 0}, {4, 3}, {5, 1}, {6, 2}, {7, 3}, {8, 4}});
    net.routes(l2, {{1, 3}, {2, 4}, {3, 3}, {4, 0}, {5, 3}, {6, 4}, {7, 1}, {8, 2}});
    net.routes(sp1, {{1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
    net.routes(sp2, {{1, 1}, {2, 0}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
  }
};

// n switches in a ring (port 1 to the next, port 2 to the previous), then one host each on
// port 3. LIDs: switches 1..n, hosts n+1..2n.
struct Ring {
  Net net;
  std::vector<NodeId> sw;
  std::vector<NodeId> host;

  explicit Ring(int n) {
    for (int i = 0; i < n; ++i) {
      sw.push_back(net.sw("r" + std::to_string(i)));
    }
    for (int i = 0; i < n; ++i) {
      host.push_back(net.ca("h" + std::to_string(i)));
      net.link(sw[i], 1, sw[(i + 1) % n], 2);
      net.link(host[i], 1, sw[i], 3);
    }
  }
};

}  // namespace ibatlas::test
