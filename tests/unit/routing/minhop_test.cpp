// The min-hop engine against tables worked out by hand from opensm's rules
// (osm_ucast_mgr.c / osm_switch.c, 3.3.23): end ports visited leaves-with-most-hosts first,
// switches in byte-swapped GUID order; per LID the least-hop port with the fewest CA LIDs so
// far, lowest port number on ties; switch LIDs not counted.

#include "ibatlas/routing/minhop.hpp"

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/fabric_generators.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

std::vector<std::uint8_t> table_of(const std::vector<ForwardingTable>& tables, NodeId sw) {
  for (const ForwardingTable& t : tables) {
    if (t.switch_node == sw) {
      return t.out_port;
    }
  }
  return {};
}

constexpr std::uint8_t kNone = ForwardingTable::kNoRoute;

using test::SmallTree;

TEST(MinhopTest, SmallTreeTablesMatchOpensmsRulesByHand) {
  SmallTree t;
  Fabric f = t.net.build();
  std::vector<ForwardingTable> tables = compute_minhop(f);
  ASSERT_EQ(tables.size(), 4U);
  // Order: a1 a2 (l1), b1 b2 (l2), then port GUID order sp1 sp2 l1 l2.
  // l1: a1, a2 local; b1 -> 3 (both 0), b2 -> 4 (3 has 1); sp1 3, sp2 4; l2: 3 and 4 both
  // carry 1 CA LID, so 3.
  EXPECT_EQ(table_of(tables, t.l1), (std::vector<std::uint8_t>{kNone, 3, 4, 0, 3, 1, 2, 3, 4}));
  EXPECT_EQ(table_of(tables, t.l2), (std::vector<std::uint8_t>{kNone, 3, 4, 3, 0, 3, 4, 1, 2}));
  // sp1: one path down to each leaf; to sp2 both leaves are 2 hops and have 2 CA LIDs: 1.
  EXPECT_EQ(table_of(tables, t.sp1), (std::vector<std::uint8_t>{kNone, 0, 1, 1, 2, 1, 1, 2, 2}));
  EXPECT_EQ(table_of(tables, t.sp2), (std::vector<std::uint8_t>{kNone, 1, 0, 1, 2, 1, 1, 2, 2}));
}

// Three leaves with one host each, so the order of the leaves decides which remote host gets
// which uplink. l2's and l3's GUIDs sort one way as numbers and the other way byte-swapped.
TEST(MinhopTest, LeavesAreVisitedInByteSwappedGuidOrder) {
  Net net;
  NodeId sp1 = net.sw("sp1", 8, 0x1000);
  NodeId sp2 = net.sw("sp2", 8, 0x1010);
  NodeId l1 = net.sw("l1", 8, 0x0300);  // swapped 0x0003...
  NodeId l2 = net.sw("l2", 8, 0x0200);  // swapped 0x0002...: first
  NodeId l3 = net.sw("l3", 8, 0x0101);  // swapped 0x0101...: after l1, though smallest
  NodeId hosts[3] = {net.ca("a1"), net.ca("b1"), net.ca("c1")};  // LIDs 6, 7, 8
  NodeId leaves[3] = {l1, l2, l3};
  for (int i = 0; i < 3; ++i) {
    net.link(hosts[i], 1, leaves[i], 1);
    net.link(leaves[i], 3, sp1, i + 1);
    net.link(leaves[i], 4, sp2, i + 1);
  }
  Fabric f = net.build();
  std::vector<std::uint8_t> lft = table_of(compute_minhop(f), l1);
  ASSERT_EQ(lft.size(), 9U);
  EXPECT_EQ(lft[7], 3);  // b1 (on l2, visited first): both uplinks empty, port 3
  EXPECT_EQ(lft[8], 4);  // c1 (on l3): port 3 already has b1
  EXPECT_EQ(lft[6], 1);
}

TEST(MinhopTest, SwitchLidsDoNotCountTowardsBalance) {
  SmallTree t;
  Fabric f = t.net.build();
  std::vector<std::uint8_t> lft = table_of(compute_minhop(f), t.l1);
  // sp1 and sp2 each go out of their only least-hop port; were switch LIDs counted, l2
  // (after sp1 on 3 and sp2 on 4) would still tie, so check the CA side: b1 3, b2 4.
  EXPECT_EQ(lft[7], 3);
  EXPECT_EQ(lft[8], 4);
}

TEST(MinhopTest, UnreachableLidsStayUnrouted) {
  SmallTree t;
  NodeId lone = t.net.sw("lone");  // LID 9, no cable
  (void)lone;
  Fabric f = t.net.build();
  std::vector<std::uint8_t> lft = table_of(compute_minhop(f), t.l1);
  ASSERT_EQ(lft.size(), 10U);
  EXPECT_EQ(lft[9], kNone);
}

TEST(MinhopTest, GeneratedFatTreesAreFullyDeliveredMinimalAndBalanced) {
  struct Case {
    int levels;
    int radix;
    int hosts;
  };

  for (Case c : {Case{2, 8, 32}, Case{2, 12, 60}, Case{3, 8, 100}}) {
    test::FatTreeSpec spec;
    spec.levels = c.levels;
    spec.radix = c.radix;
    spec.hosts = c.hosts;
    Fabric f = test::make_fat_tree(spec);
    std::vector<ForwardingTable> tables = compute_minhop(f);
    FabricBuilder b = from_fabric(f);
    for (ForwardingTable& t : tables) {
      b.add_forwarding_table(t.switch_node, std::move(t.out_port));
    }
    Fabric routed = std::move(b).build();
    RouteReport r = analyze_routes(routed, RouteAnalysisOptions{});
    SCOPED_TRACE(std::to_string(c.levels) + " levels, radix " + std::to_string(c.radix));
    EXPECT_GT(r.validation.pairs, 0U);
    EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
    EXPECT_EQ(r.validation.nonminimal, 0U);
    EXPECT_TRUE(r.balance.imbalanced.empty());
    EXPECT_TRUE(r.credit_loops.empty());  // a fat-tree's min-hop routes are up*/down*
  }
}

}  // namespace
}  // namespace ibatlas
