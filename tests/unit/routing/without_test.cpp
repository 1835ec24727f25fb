// --without: recomputing around a missing spine, and validating the old tables without it.

#include "ibatlas/routing/without.hpp"

#include <gtest/gtest.h>

#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::SmallTree;

std::uint64_t fate(const RouteReport& r, RouteFate f) {
  return r.validation.fates[static_cast<std::size_t>(f)];
}

TEST(WithoutTest, GoneSpineLosesItsCablesLidAndTable) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  std::vector<Place> gone{Place{t.sp1, std::nullopt}};
  Fabric w = without(f, gone);
  EXPECT_FALSE(w.port(*w.find_port(t.l1, 3)).peer.has_value());
  EXPECT_EQ(w.port(*w.find_port(t.l1, 3)).state, std::optional<PortState>(PortState::Down));
  EXPECT_FALSE(w.port(*w.find_port(t.sp1, 0)).base_lid.has_value());
  EXPECT_EQ(w.forwarding_tables().size(), 3U);
  EXPECT_TRUE(w.port(*w.find_port(t.l1, 4)).peer.has_value());
}

TEST(WithoutTest, OldTablesWithoutASpineDropAtTheLeaves) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  std::vector<Place> gone{Place{t.sp1, std::nullopt}};
  RouteReport r = analyze_routes(without(f, gone), RouteAnalysisOptions{});
  // Now 7 LIDs (sp1's is gone) and senders l1, l2, sp2, a1, a2, b1, b2 (sp1 has no link).
  // Lost at l1 port 3: LID 1 is gone; LID 4 (l2) and 7 (b1) from l1, a1, a2 -> 6.
  // Lost at l2 port 3: LID 3 (l1) and 5 (a1) from l2, b1, b2 -> 6.
  EXPECT_EQ(fate(r, RouteFate::DownPort), 12U);
  EXPECT_EQ(r.validation.drops.size(), 2U);
}

TEST(WithoutTest, RecomputedTablesRouteAroundTheGoneSpine) {
  SmallTree t;
  Fabric f = t.net.build();
  std::vector<Place> gone{Place{t.sp1, std::nullopt}};
  ComputeResult e = compute_routes(without(f, gone), ComputeOptions{});
  RouteReport r = analyze_routes(e.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::Delivered), r.validation.pairs);
  for (const PortLoad& p : r.balance.ports) {
    if (p.port == *e.fabric.find_port(t.l1, 4)) {
      EXPECT_EQ(p.lids, 2U);  // b1 and b2 both over the remaining uplink
    }
  }
}

TEST(WithoutTest, OneCableGoneLeavesTheRestAlone) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = t.net.build();
  std::vector<Place> gone{Place{t.l1, f.find_port(t.l1, 4)}};
  Fabric w = without(f, gone);
  EXPECT_FALSE(w.port(*w.find_port(t.sp2, 1)).peer.has_value());
  EXPECT_TRUE(w.port(*w.find_port(t.sp2, 0)).base_lid.has_value());
  EXPECT_EQ(w.forwarding_tables().size(), 4U);
}

}  // namespace
}  // namespace ibatlas
