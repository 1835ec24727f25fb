// The model-level route walker the probe planner uses, on hand-written tables: each expected
// route is read off the tables by hand.

#include "ibatlas/lft_route.hpp"

#include <gtest/gtest.h>

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Ring;
using test::SmallTree;

PortId port(const Fabric& f, NodeId node, int number) {
  return *f.find_port(node, static_cast<std::uint8_t>(number));
}

TEST(LftRouteTest, HostToHostAcrossASpine) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  // a1 (LID 5) to b1 (LID 7): a1 -> l1, l1's entry for 7 is 3 (sp1), sp1's is 2 (l2), l2's is
  // 1 (b1).
  std::optional<std::vector<PortId>> route = egress_ports(f, port(f, t.a1, 1), 7);
  ASSERT_TRUE(route);
  EXPECT_EQ(*route, (std::vector<PortId>{port(f, t.a1, 1), port(f, t.l1, 3), port(f, t.sp1, 2),
                                         port(f, t.l2, 1)}));
  // b2 (LID 8) to a2 (LID 6): l2's entry for 6 is 4 (sp2), sp2's is 1 (l1), l1's is 2.
  route = egress_ports(f, port(f, t.b2, 1), 6);
  ASSERT_TRUE(route);
  EXPECT_EQ(*route, (std::vector<PortId>{port(f, t.b2, 1), port(f, t.l2, 4), port(f, t.sp2, 1),
                                         port(f, t.l1, 2)}));
}

TEST(LftRouteTest, SameLeafIsTwoHops) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  std::optional<std::vector<PortId>> route = egress_ports(f, port(f, t.a1, 1), 6);
  ASSERT_TRUE(route);
  EXPECT_EQ(*route, (std::vector<PortId>{port(f, t.a1, 1), port(f, t.l1, 2)}));
}

TEST(LftRouteTest, NoTableNoEntryOrUnknownLidIsNoRoute) {
  SmallTree t;
  t.net.routes(t.l1, {{7, 3}});  // sp1 has no table; l1 none for 8
  Fabric f = t.net.build();
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 7));   // sp1 has no table
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 8));   // l1 has no entry
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 99));  // nobody's LID
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 5));   // its own
  LftRouter router(f);
  EXPECT_TRUE(router.has_tables());
  EXPECT_EQ(router.entry(t.l1, 7), 3);
  EXPECT_FALSE(router.entry(t.sp1, 7));
}

TEST(LftRouteTest, LinkNotActiveIsNoRoute) {
  SmallTree t;
  t.minhop_tables();
  t.net.port(t.sp1, 2).state = PortState::Init;  // sp1 - l2
  Fabric f = t.net.build();
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 7));
  EXPECT_TRUE(egress_ports(f, port(f, t.a1, 1), 8));  // via sp2
  LftRouter router(f);
  EXPECT_FALSE(router.working_peer(port(f, t.l2, 3)));
  EXPECT_EQ(router.working_peer(port(f, t.l2, 4)), port(f, t.sp2, 2));
}

TEST(LftRouteTest, WrongNodeIsNoRoute) {
  SmallTree t;
  t.minhop_tables();
  t.net.route(t.l2, 7, 2);  // b1's LID out of the port to b2
  Fabric f = t.net.build();
  EXPECT_FALSE(egress_ports(f, port(f, t.a1, 1), 7));
}

TEST(LftRouteTest, LoopIsNoRoute) {
  Ring r(3);  // switches LIDs 1-3, hosts 4-6
  for (NodeId sw : r.sw) {
    r.net.route(sw, 6, 1);  // round and round, never down to h2
  }
  Fabric f = r.net.build();
  EXPECT_FALSE(egress_ports(f, port(f, r.host[0], 1), 6));
}

TEST(LftRouteTest, SwitchLidEndsAtTheSwitch) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  // l2's own LID 4: l1's entry is 3 (sp1), sp1's is 2, and the route ends on arriving at l2.
  std::optional<std::vector<PortId>> route = egress_ports(f, port(f, t.a1, 1), 4);
  ASSERT_TRUE(route);
  EXPECT_EQ(*route, (std::vector<PortId>{port(f, t.a1, 1), port(f, t.l1, 3), port(f, t.sp1, 2)}));
}

}  // namespace
}  // namespace ibatlas
