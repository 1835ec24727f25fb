// Balance on the small tree of routing_net.hpp, counts worked out by hand: each leaf sends
// its two hosts' routes to each remote host through one uplink.

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::SmallTree;

const PortLoad& load_of(const Fabric& f, const RouteReport& r, NodeId node, int port) {
  PortId id = *f.find_port(node, static_cast<std::uint8_t>(port));
  auto it = std::find_if(r.balance.ports.begin(), r.balance.ports.end(),
                         [id](const PortLoad& p) { return p.port == id; });
  EXPECT_NE(it, r.balance.ports.end());
  return *it;
}

const TierLoad* tier_load(const RouteReport& r, int tier, LinkDirection dir) {
  for (const TierLoad& t : r.balance.tiers) {
    if (t.tier == tier && t.direction == dir) {
      return &t;
    }
  }
  return nullptr;
}

TEST(RouteBalanceTest, MinhopTablesLoadEveryUplinkAlike) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  // l1 port 3 carries a1, a2 -> b1; port 4 a1, a2 -> b2.
  EXPECT_EQ(load_of(f, r, t.l1, 3).routes, 2U);
  EXPECT_EQ(load_of(f, r, t.l1, 4).routes, 2U);
  EXPECT_EQ(load_of(f, r, t.l1, 3).lids, 1U);  // b1 only (switch LIDs do not count)
  // l1 port 1 to a1: from a2, b1, b2. a1's own port: to a2, b1, b2.
  EXPECT_EQ(load_of(f, r, t.l1, 1).routes, 3U);
  EXPECT_EQ(load_of(f, r, t.a1, 1).routes, 3U);
  const TierLoad* up = tier_load(r, 1, LinkDirection::Up);
  ASSERT_NE(up, nullptr);
  EXPECT_EQ(up->ports, 4U);
  EXPECT_EQ(up->max_routes, 2U);
  EXPECT_DOUBLE_EQ(up->mean_routes, 2.0);
  EXPECT_DOUBLE_EQ(up->max_per_gbps, 2.0 / (4 * lane_rate_gbps(LinkSpeed::Hdr)));
  const TierLoad* down = tier_load(r, 2, LinkDirection::Down);
  ASSERT_NE(down, nullptr);
  EXPECT_EQ(down->ports, 4U);
  EXPECT_EQ(down->max_routes, 2U);
  EXPECT_TRUE(r.balance.imbalanced.empty());
}

TEST(RouteBalanceTest, AllRemoteHostsOnOneUplinkIsAnImbalance) {
  SmallTree t;
  t.minhop_tables();
  t.net.route(t.l1, 8, 3);  // b2 joins b1 on port 3
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.balance.imbalanced.size(), 1U);
  const ImbalancedGroup& g = r.balance.imbalanced[0];
  EXPECT_EQ(g.at, t.l1);
  EXPECT_EQ(g.group, "uplinks");
  EXPECT_EQ(g.min_lids, 0U);
  EXPECT_EQ(g.max_lids, 2U);
  // route.imbalance judges routes per link (route_load_test.cpp): l1 port 3 carries a1, a2 ->
  // b1, b2 (4 of the leaf-up tier's 8 over 4 links), sp1 port 2 the same routes down to l2.
  std::vector<Finding> found = route_findings(f, r, nullptr);
  std::erase_if(found, [](const Finding& x) { return x.check != "route.imbalance"; });
  ASSERT_EQ(found.size(), 2U);
  auto at_l1 = std::find_if(found.begin(), found.end(),
                            [](const Finding& x) { return x.location.here.name == "l1"; });
  ASSERT_NE(at_l1, found.end());
  EXPECT_EQ(at_l1->measured, "4 routes (2.0x its share)");
}

TEST(RouteBalanceTest, EqualLidsOnASlowerUplinkAreAnImbalanceByBandwidth) {
  SmallTree t(LinkWidth::X1);  // l1 port 4 runs 1x, port 3 4x
  t.minhop_tables();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.balance.imbalanced.size(), 1U);
  const ImbalancedGroup& g = r.balance.imbalanced[0];
  EXPECT_EQ(g.min_lids, 1U);
  EXPECT_EQ(g.max_lids, 1U);
  EXPECT_DOUBLE_EQ(g.max_weighted, 4.0);  // 1 LID over a quarter of the bandwidth
  EXPECT_DOUBLE_EQ(g.mean_weighted, 2.5);
}

TEST(RouteBalanceTest, DegradedLinkListsTheRoutesItCarries) {
  SmallTree t(LinkWidth::X1);
  for (auto [node, port] : {std::pair{t.l1, 4}, std::pair{t.sp2, 1}}) {
    Port& p = t.net.port(node, port);
    p.width_enabled = WidthSet{};
    p.width_enabled->insert(LinkWidth::X1);
    p.width_enabled->insert(LinkWidth::X4);
    p.width_supported = p.width_enabled;
    p.speed_enabled = SpeedSet{};
    p.speed_enabled->insert(LinkSpeed::Hdr);
    p.speed_supported = p.speed_enabled;
  }
  t.minhop_tables();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.balance.degraded.size(), 1U);
  const DegradedLoad& d = r.balance.degraded[0];
  std::uint64_t up = f.node_of(d.a) == t.l1 ? d.routes_ab : d.routes_ba;
  std::uint64_t down = f.node_of(d.a) == t.l1 ? d.routes_ba : d.routes_ab;
  EXPECT_EQ(up, 2U);    // a1, a2 -> b2
  EXPECT_EQ(down, 2U);  // b1, b2 -> a2 (l2 sends a2 by port 4, sp2 down to l1)
}

}  // namespace
}  // namespace ibatlas
