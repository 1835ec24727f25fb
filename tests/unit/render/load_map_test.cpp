// Route load on the map (render --loads). The fabric is routing_net.hpp's small tree with
// both leaves sending every remote host by sp1, whose loads are counted by hand (as in
// route_load_test.cpp): l1 port 3 -> sp1 carries a1, a2 -> b1, b2 = 4 routes; the leaves'
// four uplinks carry 4 + 0 + 4 + 0 = 8 routes over 4 x 200 Gb/s, a fair share of 0.01
// routes per Gb/s, so 4 / 200 is 2.0 times fair: hot. sp1 port 1 -> l1 carries b1, b2 ->
// a1, a2 = 4, also 2.0. Nothing crosses sp2.

#include "ibatlas/render/load_map.hpp"

#include <gtest/gtest.h>

#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

struct Marked {
  Fabric fabric;
  RenderModel model;
};

Marked marked(test::SmallTree& t) {
  Fabric f = t.net.build();
  RouteLoad load = route_loads(f, analyze_routes(f, RouteAnalysisOptions{}).balance);
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  mark_loads(m, f, load);
  return {std::move(f), std::move(m)};
}

// The line drawing the cable at `node`'s port `number`.
const RenderEdge& line_of(const Marked& m, NodeId node, int number) {
  PortId port = *m.fabric.find_port(node, static_cast<std::uint8_t>(number));
  PortId cable = std::min(port, *m.fabric.port(port).peer);
  return m.model.edges.at(m.model.edge_of.at(cable.value));
}

test::SmallTree all_by_sp1() {
  test::SmallTree t;
  t.minhop_tables();
  t.net.routes(t.l1, {{7, 3}, {8, 3}});
  t.net.routes(t.l2, {{5, 3}, {6, 3}});
  return t;
}

TEST(LoadMapTest, AHotUplinkIsRedBoldAndLabelledWithItsShare) {
  test::SmallTree t = all_by_sp1();
  Marked m = marked(t);
  const RenderEdge& hot = line_of(m, t.l1, 3);
  ASSERT_TRUE(hot.load);
  EXPECT_EQ(*hot.load, LoadLevel::Hot);
  EXPECT_EQ(hot.label_note, "hot 2.0×");
  ASSERT_EQ(hot.tooltip.size(), 2U);
  // The direction leaving the lower PortId first: sp1 was made before l1.
  EXPECT_EQ(hot.tooltip[0], "sp1 port 1 → l1 port 3: 4 routes, 2.00× the fair share (hot)");
  EXPECT_EQ(hot.tooltip[1], "l1 port 3 → sp1 port 1: 4 routes, 2.00× the fair share (hot)");
  std::string dot = map_dot(m.model);
  EXPECT_NE(dot.find("color=\"" + load_colour(LoadLevel::Hot) + "\", penwidth=2.5"),
            std::string::npos);
  EXPECT_NE(dot.find("route load: hot (route.imbalance)"), std::string::npos);
  EXPECT_NE(dot.find("(2 hot cables)"), std::string::npos);
}

TEST(LoadMapTest, ALinkNoRouteCrossesIsIdleGrey) {
  test::SmallTree t = all_by_sp1();
  Marked m = marked(t);
  const RenderEdge& idle = line_of(m, t.l2, 4);
  ASSERT_TRUE(idle.load);
  EXPECT_EQ(*idle.load, LoadLevel::Idle);
  EXPECT_EQ(idle.label_note, "");
  EXPECT_EQ(load_colour(LoadLevel::Idle), "#bdbdbd");
}

TEST(LoadMapTest, MinhopSpreadsEvenlySoEveryLinkIsFairAndHostCablesKeepTheirSpeed) {
  test::SmallTree t;
  t.minhop_tables();  // each uplink 2 routes of 8 over 4 links: share 1.0
  Marked m = marked(t);
  for (const RenderEdge& e : m.model.edges) {
    bool switches = m.model.nodes[e.lower].kind == BoxKind::Switch;
    ASSERT_EQ(e.load.has_value(), switches);
    if (switches) {
      EXPECT_EQ(*e.load, LoadLevel::Fair);
    }
  }
}

TEST(LoadMapTest, LevelsByShare) {
  struct Case {
    std::uint64_t routes;
    double share;
    bool hot;
    LoadLevel level;
  };

  const Case cases[] = {{0, 0.0, false, LoadLevel::Idle},  {1, 0.49, false, LoadLevel::Light},
                        {1, 0.5, false, LoadLevel::Fair},  {1, 1.49, false, LoadLevel::Fair},
                        {1, 1.5, false, LoadLevel::Heavy}, {9, 3.0, false, LoadLevel::Heavy},
                        {9, 2.0, true, LoadLevel::Hot}};
  for (const Case& c : cases) {
    LinkLoad l;
    l.routes = c.routes;
    l.share = c.share;
    l.hot = c.hot;
    EXPECT_EQ(load_level(l), c.level) << c.share;
  }
}

}  // namespace
}  // namespace ibatlas
