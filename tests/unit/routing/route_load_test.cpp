// route.imbalance by route load (routing/route_load.hpp). Loads on SmallTree (routing_net.hpp:
// hosts a1, a2 on l1, b1, b2 on l2; leaf port 3 to sp1, 4 to sp2) worked out by hand, and
// the per-link counts cross-checked against a brute-force walk of every (CA port, CA LID)
// pair through the tables with LftRouter (lft_route.hpp), a separate walker.

#include "ibatlas/routing/route_load.hpp"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "ibatlas/lft_route.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/fabric_generators.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::SmallTree;

const LinkLoad& link_of(const Fabric& f, const RouteLoad& load, NodeId node, int port) {
  PortId id = *f.find_port(node, static_cast<std::uint8_t>(port));
  auto it = std::find_if(load.links.begin(), load.links.end(),
                         [id](const LinkLoad& l) { return l.from == id; });
  EXPECT_NE(it, load.links.end());
  return *it;
}

std::vector<Finding> imbalance_findings(const Fabric& f, const RouteReport& r) {
  std::vector<Finding> found = route_findings(f, r, nullptr);
  std::erase_if(found, [](const Finding& x) { return x.check != "route.imbalance"; });
  return found;
}

TEST(RouteLoadTest, MinhopTablesShareEveryTierEvenly) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  // 8 switch-to-switch link directions; no host cable.
  EXPECT_EQ(load.links.size(), 8U);
  // l1 port 3 (to sp1): a1, a2 -> b1; port 4 (to sp2): a1, a2 -> b2.
  EXPECT_EQ(link_of(f, load, t.l1, 3).routes, 2U);
  EXPECT_EQ(link_of(f, load, t.l1, 4).routes, 2U);
  EXPECT_EQ(link_of(f, load, t.l1, 3).direction, LinkDirection::Up);
  EXPECT_EQ(link_of(f, load, t.l1, 3).tier, std::optional<int>(1));
  // sp1 port 1 (to l1): b1, b2 -> a1, sp2 port 1: b1, b2 -> a2.
  EXPECT_EQ(link_of(f, load, t.sp1, 1).routes, 2U);
  EXPECT_EQ(link_of(f, load, t.sp1, 1).direction, LinkDirection::Down);
  for (const LinkLoad& l : load.links) {
    EXPECT_DOUBLE_EQ(l.share, 1.0);
    EXPECT_FALSE(l.hot);
  }
  ASSERT_EQ(load.groups.size(), 2U);  // leaf up, spine down
  EXPECT_EQ(load.groups[0].routes, 8U);
  EXPECT_TRUE(load.groups[0].rated);
  EXPECT_TRUE(imbalance_findings(f, r).empty());
}

// Both leaves send every remote host by sp1: sp2 carries nothing.
TEST(RouteLoadTest, OneSpineCarryingEveryRouteIsFlagged) {
  SmallTree t;
  t.minhop_tables();
  t.net.routes(t.l1, {{7, 3}, {8, 3}});
  t.net.routes(t.l2, {{5, 3}, {6, 3}});
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  // l1 port 3: a1, a2 -> b1, b2 = 4 of the leaf-up tier's 8 routes over 4 equal links.
  const LinkLoad& hot = link_of(f, load, t.l1, 3);
  EXPECT_EQ(hot.routes, 4U);
  EXPECT_DOUBLE_EQ(hot.share, 2.0);
  EXPECT_TRUE(hot.hot);
  EXPECT_EQ(link_of(f, load, t.l1, 4).routes, 0U);
  EXPECT_FALSE(link_of(f, load, t.l1, 4).hot);
  // sp1 port 2 (to l2): a1, a2 -> b1, b2.
  EXPECT_EQ(link_of(f, load, t.sp1, 2).routes, 4U);
  EXPECT_TRUE(link_of(f, load, t.sp1, 2).hot);
  std::vector<Finding> found = imbalance_findings(f, r);
  ASSERT_EQ(found.size(), 4U);  // l1 up, l2 up, sp1 down to l1, sp1 down to l2
  auto at_l1 = std::find_if(found.begin(), found.end(),
                            [](const Finding& x) { return x.location.here.name == "l1"; });
  ASSERT_NE(at_l1, found.end());
  EXPECT_EQ(at_l1->location.kind, LocationKind::Link);
  EXPECT_EQ(at_l1->location.here.port, 3);
  ASSERT_TRUE(at_l1->location.peer.has_value());
  EXPECT_EQ(at_l1->location.peer->name, "sp1");
  EXPECT_EQ(at_l1->measured, "4 routes (2.0x its share)");
  EXPECT_NE(at_l1->message.find("(leaf, up)"), std::string::npos) << at_l1->message;
}

// l1 port 4 to sp2 runs 1x, every other cable 4x; minhop's tables give every switch link 2
// routes. Leaf up: 8 routes over 13 lanes' worth of rate, so a 4x link's fair share is 32/13
// routes and the 1x link's 8/13: carrying 2, it has 26/8 = 3.25 times its share.
TEST(RouteLoadTest, ASlowLinkCarryingTheMeanIsFlaggedByRate) {
  SmallTree t(LinkWidth::X1);
  t.minhop_tables();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  const LinkLoad& slow = link_of(f, load, t.l1, 4);
  EXPECT_EQ(slow.routes, 2U);
  EXPECT_DOUBLE_EQ(slow.share, 3.25);
  EXPECT_TRUE(slow.hot);
  EXPECT_DOUBLE_EQ(link_of(f, load, t.l1, 3).share, 26.0 / 32.0);
  // The same cable downwards: sp2 port 1 carries b1, b2 -> a2 at 1x.
  EXPECT_DOUBLE_EQ(link_of(f, load, t.sp2, 1).share, 3.25);
  std::vector<Finding> found = imbalance_findings(f, r);
  ASSERT_EQ(found.size(), 2U);
  for (const Finding& x : found) {
    EXPECT_EQ(x.measured, "2 routes (3.2x its share)");  // printed to one decimal
  }
}

TEST(RouteLoadTest, WithoutRatesTheCountsDecide) {
  SmallTree t;
  t.minhop_tables();
  t.net.routes(t.l1, {{7, 3}, {8, 3}});
  t.net.port(t.l1, 4).width_active.reset();  // one link of the leaf-up group has no rate
  t.net.port(t.sp2, 1).width_active.reset();
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  // Leaf up: 4, 0, 2, 2 routes; by count the fair share is 2 per link.
  EXPECT_FALSE(load.groups[0].rated);
  EXPECT_DOUBLE_EQ(load.groups[0].fair, 2.0);
  EXPECT_DOUBLE_EQ(link_of(f, load, t.l1, 3).share, 2.0);
  EXPECT_DOUBLE_EQ(link_of(f, load, t.l2, 3).share, 1.0);
}

// Routes per sending port counted by walking every (CA port, CA/router LID) pair.
std::map<std::uint32_t, std::uint64_t> brute_force_loads(const Fabric& f) {
  LftRouter router(f);
  std::vector<std::pair<PortId, Lid>> ends;  // CA/router ports that reach a switch, by LID
  for (std::uint32_t i = 0; i < f.ports().size(); ++i) {
    PortId id{i};
    const Port& p = f.port(id);
    std::optional<PortId> peer = router.working_peer(id);
    if (f.node(p.node).type == NodeType::Switch || !peer || !p.base_lid ||
        f.node(f.node_of(*peer)).type != NodeType::Switch) {
      continue;
    }
    for (Lid k = 0; k < (Lid{1} << p.lmc.value_or(0)); ++k) {
      ends.emplace_back(id, static_cast<Lid>(*p.base_lid + k));
    }
  }
  std::map<std::uint32_t, std::uint64_t> routes;
  for (const auto& [src, ignored] : ends) {
    if (ignored != *f.port(src).base_lid) {
      continue;  // one source per port, not per LID
    }
    for (const auto& [dst, lid] : ends) {
      if (dst == src) {
        continue;
      }
      std::optional<std::vector<PortId>> path = router.egress_ports(src, lid);
      for (std::size_t h = 1; path && h < path->size(); ++h) {  // [0] is the source's own
        ++routes[(*path)[h].value];
      }
    }
  }
  return routes;
}

// Returns the routes the walk counted on switch ports.
std::uint64_t expect_loads_match_brute_force(const Fabric& f, bool some_delivered = true) {
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  std::map<std::uint32_t, std::uint64_t> expected = brute_force_loads(f);
  std::uint64_t checked = 0;
  for (const PortLoad& p : r.balance.ports) {
    if (f.node(f.node_of(p.port)).type != NodeType::Switch) {
      continue;  // a CA's own port: every route it sends, delivered or not, in the walk
    }
    auto it = expected.find(p.port.value);
    EXPECT_EQ(p.routes, it == expected.end() ? 0U : it->second) << "port " << p.port.value;
    checked += p.routes;
  }
  for (const LinkLoad& l : load.links) {
    auto it = expected.find(l.from.value);
    EXPECT_EQ(l.routes, it == expected.end() ? 0U : it->second);
  }
  std::uint64_t walked = 0;
  for (const auto& [port, n] : expected) {
    walked += n;
  }
  EXPECT_EQ(checked, walked);  // no route counted on a port missing from the report
  if (some_delivered) {
    EXPECT_GT(walked, 0U);
  }
  return walked;
}

TEST(RouteLoadTest, MatchesABruteForceWalkOnMinhopFatTrees) {
  for (int levels : {2, 3}) {
    test::FatTreeSpec spec;
    spec.levels = levels;
    spec.radix = 8;
    Fabric f = compute_routes(test::make_fat_tree(spec), ComputeOptions{}).fabric;
    SCOPED_TRACE(levels);
    expect_loads_match_brute_force(f);
  }
}

TEST(RouteLoadTest, MatchesABruteForceWalkOnUpdnAndIrregularFabrics) {
  test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 8;
  ComputeOptions updn;
  updn.engine = RoutingEngine::Updn;
  expect_loads_match_brute_force(compute_routes(test::make_fat_tree(spec), updn).fabric);
  test::IrregularSpec irregular;  // mixed rates, parallel cables, dual-port hosts
  irregular.routers = 2;
  expect_loads_match_brute_force(
      compute_routes(test::make_irregular(irregular), ComputeOptions{}).fabric);
}

// The hot uplink, small. On a full 3-level tree of radix 8 (8 pods of 4 leaves and 4
// aggregation switches, 16 cores, 128 hosts) minhop's tables send every route an aggregation
// switch takes up by one of its 4 uplinks: each leaf hands out remote LIDs to its uplinks in
// turn, each aggregation switch to its own uplinks in the same turn, so the LIDs a leaf sends
// to aggregation switch k all leave k by the same port. A pod sends 16 x 112 = 1,792 routes
// up over 16 links (a fair share of 112); the one uplink of an aggregation switch carries its
// 448, 4 times that, and the core sends them down as one link too. At 10k hosts (radix 36)
// the same pattern gives 18 times (routing_bench --load 3 36 10000, docs/benchmarks.md).
TEST(RouteLoadTest, MinhopOnThreeLevelsHasOneHotUplinkPerAggregationSwitch) {
  test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 8;
  Fabric f = compute_routes(test::make_fat_tree(spec), ComputeOptions{}).fabric;
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  RouteLoad load = route_loads(f, r.balance);
  std::map<std::uint32_t, int> hot_up;  // per aggregation switch
  std::size_t hot_down = 0;
  for (const LinkLoad& l : load.links) {
    if (!l.hot) {
      EXPECT_LE(l.share, 1.0) << l.from.value;
      continue;
    }
    EXPECT_EQ(l.routes, 448U);
    EXPECT_DOUBLE_EQ(l.share, 4.0);
    if (l.direction == LinkDirection::Up) {
      EXPECT_EQ(l.tier, std::optional<int>(2));
      ++hot_up[f.node_of(l.from).value];
    } else {
      EXPECT_EQ(l.direction, LinkDirection::Down);
      EXPECT_EQ(l.tier, std::optional<int>(3));
      ++hot_down;
    }
  }
  EXPECT_EQ(hot_up.size(), 32U);  // every aggregation switch, once
  for (const auto& [agg, n] : hot_up) {
    EXPECT_EQ(n, 1) << agg;
  }
  EXPECT_EQ(hot_down, 32U);
  EXPECT_EQ(imbalance_findings(f, r).size(), 64U);
}

TEST(RouteLoadTest, MinhopOnTwoLevelsIsEven) {
  test::FatTreeSpec spec;
  spec.radix = 8;
  Fabric f = compute_routes(test::make_fat_tree(spec), ComputeOptions{}).fabric;
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  for (const LinkLoad& l : route_loads(f, r.balance).links) {
    EXPECT_DOUBLE_EQ(l.share, 1.0);
  }
  EXPECT_TRUE(imbalance_findings(f, r).empty());
}

// Random tables: most routes loop or drop; those are skipped, the delivered ones counted.
TEST(RouteLoadTest, LoopsAndDropsAreSkippedAsTheWalkSkipsThem) {
  std::uint64_t delivered = 0;
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    test::IrregularSpec spec;
    spec.seed = seed;
    spec.routes = true;
    Fabric f = test::make_irregular(spec);
    RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
    ASSERT_GT(r.validation.pairs, r.validation.fates[0]);  // some pairs do not arrive
    SCOPED_TRACE(seed);
    delivered += expect_loads_match_brute_force(f, false);
  }
  EXPECT_GT(delivered, 0U);  // some random routes do arrive, and cross switch links
}

}  // namespace
}  // namespace ibatlas
