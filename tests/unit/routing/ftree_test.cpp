// opensm's fat-tree engine on routing_net.hpp's small tree (two spines, two leaves, two
// hosts each), worked out by hand from osm_ucast_ftree.c:
//
// - Switch table order (byte-swapped GUIDs): sp1, sp2, l1, l2. Ranking from the CAs makes
//   l1, l2 the leaves (rank 1) and sp1, sp2 the roots (rank 0). Indexing starts at l1
//   [1.0]; its uplinks give sp1 [0.0], sp2 [0.1]; sp1's downlinks give l2 [1.1].
// - LID 5 (a1): l1 sends up by its least loaded up group, sp1 (index order breaks the tie),
//   and sp1 takes l2's route up; sp2 gets it as a secondary path, l2 already has it. LID 6
//   (a2): l1's group to sp1 now carries one route down, so sp2 is the main path and l2
//   goes up by port 4. LIDs 7, 8 on l2 mirror these: l1 goes to sp1 for 7, sp2 for 8.
// - Switch LIDs: a root reaches the leaves below it but never the other root (no
//   connect_roots): sp1 has no entry for sp2's LID 2, sp2 none for LID 1. The leaves' LIDs
//   3, 4 go up by the first up group in load order: tied at one route each, index order
//   picks sp1.

#include "ibatlas/routing/ftree.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

constexpr std::uint8_t kNo = ForwardingTable::kNoRoute;

TEST(FtreeTest, SmallTreeTablesAsWorkedOutByHand) {
  test::SmallTree t;
  Fabric f = t.net.build();
  FtreeTables e = compute_ftree(f);
  ASSERT_FALSE(e.fell_back) << (e.notes.empty() ? "" : e.notes[0]);
  //                                     LID: 0    1    2    3  4  5  6  7  8
  const std::vector<std::uint8_t> sp1 = {kNo, 0, kNo, 1, 2, 1, 1, 2, 2};
  const std::vector<std::uint8_t> sp2 = {kNo, kNo, 0, 1, 2, 1, 1, 2, 2};
  const std::vector<std::uint8_t> l1 = {kNo, 3, 4, 0, 3, 1, 2, 3, 4};
  const std::vector<std::uint8_t> l2 = {kNo, 3, 4, 3, 0, 3, 4, 1, 2};
  ASSERT_EQ(e.tables.size(), 4U);
  EXPECT_EQ(e.tables[t.sp1.value].out_port, sp1);
  EXPECT_EQ(e.tables[t.sp2.value].out_port, sp2);
  EXPECT_EQ(e.tables[t.l1.value].out_port, l1);
  EXPECT_EQ(e.tables[t.l2.value].out_port, l2);
}

// The same tree without b2: l2 routes b1, then one dummy destination (l1 has two CAs). The
// dummy goes up by sp2 (sp1 already carries b1), so the leaves' uplinks are tied at one
// route down each when the switch LIDs are routed, and index order sends l2's LID 4 to l1 by
// sp1: l1's entry is 3. Without the dummy, sp2 would be ahead and l1's entry 4.
TEST(FtreeTest, ADummyDestinationLoadsTheLeafWithFewerHosts) {
  test::Net net;
  NodeId sp1 = net.sw("sp1");
  NodeId sp2 = net.sw("sp2");
  NodeId l1 = net.sw("l1");
  NodeId l2 = net.sw("l2");
  NodeId a1 = net.ca("a1");
  NodeId a2 = net.ca("a2");
  NodeId b1 = net.ca("b1");
  net.link(a1, 1, l1, 1);
  net.link(a2, 1, l1, 2);
  net.link(b1, 1, l2, 1);
  net.link(l1, 3, sp1, 1);
  net.link(l1, 4, sp2, 1);
  net.link(l2, 3, sp1, 2);
  net.link(l2, 4, sp2, 2);
  FtreeTables e = compute_ftree(net.build());
  ASSERT_FALSE(e.fell_back) << (e.notes.empty() ? "" : e.notes[0]);
  //                                      LID: 0    1    2  3  4  5  6  7
  EXPECT_EQ(e.tables[sp1.value].out_port, (std::vector<std::uint8_t>{kNo, 0, kNo, 1, 2, 1, 1, 2}));
  EXPECT_EQ(e.tables[sp2.value].out_port, (std::vector<std::uint8_t>{kNo, kNo, 0, 1, 2, 1, 1, 2}));
  EXPECT_EQ(e.tables[l1.value].out_port, (std::vector<std::uint8_t>{kNo, 3, 4, 0, 3, 1, 2, 3}));
  EXPECT_EQ(e.tables[l2.value].out_port, (std::vector<std::uint8_t>{kNo, 3, 4, 3, 0, 3, 4, 1}));
}

TEST(FtreeTest, EveryHostPairIsDeliveredThroughTheEngine) {
  test::SmallTree t;
  ComputeResult e = compute_routes(t.net.build(), ComputeOptions{RoutingEngine::Ftree, {}});
  EXPECT_EQ(e.used, RoutingEngine::Ftree);
  RouteReport r = analyze_routes(e.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.host_delivered, r.validation.host_pairs);
  EXPECT_EQ(r.validation.host_pairs, 12U);
  EXPECT_TRUE(r.credit_loops.empty());
}

// A ring has no tree rank (every switch has a CA, so all are leaves of rank 0): opensm logs
// "not a fat-tree" and routes with minhop.
TEST(FtreeTest, ARingIsNotAFatTreeAndFallsBackToMinhop) {
  test::Ring ring(5);
  Fabric f = ring.net.build();
  ComputeResult e = compute_routes(f, ComputeOptions{RoutingEngine::Ftree, {}});
  EXPECT_EQ(e.used, RoutingEngine::Minhop);
  ASSERT_EQ(e.notes.size(), 1U);
  EXPECT_NE(e.notes[0].find("minhop tables instead"), std::string::npos);
  Fabric minhop = compute_routes(f, ComputeOptions{RoutingEngine::Minhop, {}}).fabric;
  EXPECT_TRUE(std::ranges::equal(e.fabric.forwarding_tables(), minhop.forwarding_tables()));
}

TEST(FtreeTest, EngineNameRoundTrips) {
  EXPECT_EQ(to_string(RoutingEngine::Ftree), "ftree");
  EXPECT_EQ(parse_routing_engine("ftree"), RoutingEngine::Ftree);
}

}  // namespace
}  // namespace ibatlas
