// Up/down against min-hop where the difference matters: a ring, where every shortest path
// turns the same way round and the channel dependencies close a cycle, which up/down breaks.

#include "ibatlas/routing/updn.hpp"

#include <gtest/gtest.h>

#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/fabric_generators.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

using test::Ring;

RouteReport analyze_with(const Fabric& f, RoutingEngine engine, std::vector<Guid> roots = {}) {
  ComputeResult e = compute_routes(f, ComputeOptions{engine, std::move(roots)});
  return analyze_routes(e.fabric, RouteAnalysisOptions{});
}

TEST(UpdnTest, FiveRingHasACreditLoopUnderMinhopAndNoneUnderUpdn) {
  Ring ring(5);
  Fabric f = ring.net.build();
  RouteReport minhop = analyze_with(f, RoutingEngine::Minhop);
  EXPECT_EQ(minhop.validation.fates[0], minhop.validation.pairs);
  // Distances are at most 2 and every 2-hop path is unique: clockwise routes chain the five
  // clockwise channels into one cycle, counter-clockwise routes the other five.
  ASSERT_EQ(minhop.credit_loops.size(), 2U);
  EXPECT_EQ(minhop.credit_loops[0].channels.size(), 5U);
  EXPECT_EQ(minhop.credit_loops[1].channels.size(), 5U);

  RouteReport updn = analyze_with(f, RoutingEngine::Updn, {f.node(ring.sw[0]).guid});
  EXPECT_EQ(updn.validation.fates[0], updn.validation.pairs);
  EXPECT_TRUE(updn.credit_loops.empty());
}

TEST(UpdnTest, SixRingWithOneRootIsDeadlockFreeAndDelivers) {
  Ring ring(6);
  Fabric f = ring.net.build();
  EXPECT_FALSE(analyze_with(f, RoutingEngine::Minhop).credit_loops.empty());
  RouteReport updn = analyze_with(f, RoutingEngine::Updn, {f.node(ring.sw[0]).guid});
  EXPECT_EQ(updn.validation.fates[0], updn.validation.pairs);
  EXPECT_TRUE(updn.credit_loops.empty());
}

// opensm without connect_roots: r0 and r3 are roots; r1, r2, r4, r5 rank 1. From r0 to r3
// either way round turns down then up (r0 -> r1 down, r1 -> r2 down by GUID, r2 -> r3 up;
// r0 -> r5 down, r5 -> r4 up by GUID), so r0 has no route to r3 or its host.
TEST(UpdnTest, TwoRootsOnARingCannotReachEachOtherAsInOpensm) {
  Ring ring(6);
  Fabric f = ring.net.build();
  ComputeResult e = compute_routes(
      f, ComputeOptions{RoutingEngine::Updn, {f.node(ring.sw[0]).guid, f.node(ring.sw[3]).guid}});
  const std::vector<std::uint8_t>& r0 = e.fabric.forwarding_tables()[0].out_port;
  EXPECT_EQ(r0[ring.net.lid(ring.sw[3])], ForwardingTable::kNoRoute);
  EXPECT_EQ(r0[ring.net.lid(ring.host[3])], ForwardingTable::kNoRoute);
  EXPECT_EQ(r0[ring.net.lid(ring.host[1])], 1);  // down one hop is fine
  RouteReport r = analyze_routes(e.fabric, RouteAnalysisOptions{});
  EXPECT_LT(r.validation.host_delivered, r.validation.host_pairs);
  EXPECT_TRUE(r.credit_loops.empty());
}

TEST(UpdnTest, UpdnRoutesAroundTheRootAndAreLongerThanMinimalOnARing) {
  Ring ring(5);
  Fabric f = ring.net.build();
  RouteReport updn = analyze_with(f, RoutingEngine::Updn, {f.node(ring.sw[0]).guid});
  // Ranks: r0 0; r1, r4 1; r2, r3 2. Between the equal ranks r2 and r3 the larger GUID is
  // up, so r3 -> r2 is up. r4 -> r3 -> r2 (2 hops) would turn down then up: r4 goes round
  // through r0 and r1 (3 hops) instead.
  EXPECT_GT(updn.validation.nonminimal, 0U);
}

TEST(UpdnTest, RootsOfAFatTreeAreItsSpines) {
  test::FatTreeSpec spec;
  spec.levels = 2;
  spec.radix = 8;
  spec.hosts = 16;  // 4 leaves of 4 hosts: each leaf holds 25% of the CAs, too many for a root
  Fabric f = test::make_fat_tree(spec);
  std::vector<NodeId> roots = detect_updn_roots(f);
  ASSERT_EQ(roots.size(), 4U);  // radix 8: 4 spines
  for (NodeId r : roots) {
    EXPECT_EQ(f.node(r).description.substr(0, 5), "spine");
  }
}

TEST(UpdnTest, RingHasNoDetectableRootSoUpdnFallsBackToMinhop) {
  Ring ring(5);
  Fabric f = ring.net.build();
  EXPECT_TRUE(detect_updn_roots(f).empty());  // every histogram bar is 20% or 40%
  ComputeResult e = compute_routes(f, ComputeOptions{RoutingEngine::Updn, {}});
  EXPECT_EQ(e.used, RoutingEngine::Minhop);
  ASSERT_EQ(e.notes.size(), 1U);
  EXPECT_EQ(e.fabric.forwarding_tables()[0].out_port, compute_minhop(f)[0].out_port);
}

TEST(UpdnTest, UnknownRootGuidIsNotedAndIgnored) {
  Ring ring(5);
  Fabric f = ring.net.build();
  UpdnTables t = compute_updn(f, std::vector<Guid>{0xdead, f.node(ring.sw[0]).guid});
  EXPECT_FALSE(t.fell_back);
  EXPECT_EQ(t.roots, (std::vector<NodeId>{ring.sw[0]}));
  ASSERT_EQ(t.notes.size(), 1U);
  EXPECT_NE(t.notes[0].find("0x000000000000dead"), std::string::npos);
}

// The cores are the detected roots; as in opensm (connect_roots off) a core cannot reach
// another core (down to an aggregation switch, then up), nor an aggregation switch the cores
// it is not cabled to: those switch LIDs go unrouted. Host traffic is all delivered.
TEST(UpdnTest, FatTreeUnderUpdnDeliversHostsMinimallyWithoutDeadlock) {
  test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 8;
  spec.hosts = 64;
  Fabric f = test::make_fat_tree(spec);
  RouteReport r = analyze_with(f, RoutingEngine::Updn);
  EXPECT_GT(r.validation.host_pairs, 0U);
  EXPECT_EQ(r.validation.host_delivered, r.validation.host_pairs);
  EXPECT_EQ(r.validation.nonminimal, 0U);
  EXPECT_TRUE(r.credit_loops.empty());
  for (const RouteDrop& d : r.validation.drops) {
    EXPECT_EQ(d.fate, RouteFate::NoEntry);
    std::optional<PortId> owner = f.find_port_by_lid(d.example_lid);
    ASSERT_TRUE(owner.has_value());
    EXPECT_EQ(f.node(f.node_of(*owner)).type, NodeType::Switch);
    std::string at = f.node(d.at).description;
    EXPECT_TRUE(at.starts_with("core") || at.starts_with("agg")) << at;
  }
}

}  // namespace
}  // namespace ibatlas
