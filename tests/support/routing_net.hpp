#pragma once

// Hand-built fabrics for the routing tests, on top of Sketch (fabric_sketch.hpp): switches
// and single-port CAs with GUIDs and LIDs given in creation order (LIDs 1, 2, ...), every
// switch port made (uncabled ones Down/Polling), Active 4xHDR cables unless told otherwise,
// and tables written entry by entry, so each test states its routes by hand.

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/fabric.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas::test {

class Net {
 public:
  // A switch with `ports` external ports, GUID `guid` (0: 0x1000 + 0x10 n, n counting every
  // node made so far), node description `name`.
  NodeId sw(const std::string& name, int ports = 8, Guid guid = 0);

  // A one-port CA, GUID 0x2000 + 0x10 n (port GUID + 1), node description `name`; its port
  // is Down until a link() cables it.
  NodeId ca(const std::string& name);

  // A cable whose ends are Active/LinkUp at width w, speed s (Sketch::link).
  void link(NodeId a, int pa, NodeId b, int pb, LinkWidth w = LinkWidth::X4,
            LinkSpeed s = LinkSpeed::Hdr) {
    sketch_.link(a, pa, b, pb, w, s);
  }

  // sw's entry for `lid` is `port` (tables are sized to the highest LID + 1).
  void route(NodeId sw, Lid lid, std::uint8_t port) { entries_[sw.value][lid] = port; }

  // The same port for several LIDs.
  void routes(NodeId sw, std::initializer_list<std::pair<Lid, std::uint8_t>> list);

  // An empty table (every entry unset) for a switch no route() named.
  void empty_table(NodeId sw) { entries_[sw.value]; }

  Lid lid(NodeId n) const { return lids_.at(n.value); }

  // The port's data, to set fields a test is about (enabled speeds, states).
  Port& port(NodeId node, int number) { return sketch_.data(node, number); }

  Guid guid(NodeId n) { return sketch_.node(n).guid; }

  // The fabric with its tables and a "test" provenance. Leaves the Net empty.
  Fabric build();

 private:
  Guid next_guid(Guid base, Guid guid);

  Sketch sketch_;
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

  explicit SmallTree(LinkWidth l1_sp2_width = LinkWidth::X4);

  // The tables minhop_test works out by hand (opensm's minhop on this fabric).
  void minhop_tables();
};

// n switches in a ring (port 1 to the next, port 2 to the previous), then one host each on
// port 3. LIDs: switches 1..n, hosts n+1..2n.
struct Ring {
  Net net;
  std::vector<NodeId> sw;
  std::vector<NodeId> host;

  explicit Ring(int n);
};

}  // namespace ibatlas::test
