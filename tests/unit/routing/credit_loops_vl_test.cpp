// Credit loops per VL on a clockwise four-switch ring (credit_loops_test.cpp's: r_i port 1
// to r_{i+1}, host h_i on port 3; LIDs r 1-4, h 5-8). Every route goes clockwise, so on one VL
// the channels r0[1] -> r1[1] -> r2[1] -> r3[1] close a cycle. Worked out by hand: the
// dependency r3[1] -> r0[1] comes only from paths that cross r3 -> r0 and go on past r0
// (h3 to r1/h1 and r2/h2, h2 to r1/h1); give those SL 1 and map SL 1 to VL 1, and VL 0 lacks
// r3[1] -> r0[1] while VL 1 holds only r2[1] -> r3[1] -> r0[1] -> r1[1]: no cycle on either.

#include <gtest/gtest.h>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Ring;
using Vls = std::array<std::uint8_t, 16>;

constexpr Vls kIdentity = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr std::size_t kSwitches = 4;

Fabric clockwise_ring() {
  Ring ring(static_cast<int>(kSwitches));
  for (std::size_t i = 0; i < kSwitches; ++i) {
    for (std::size_t j = 0; j < kSwitches; ++j) {
      ring.net.route(ring.sw[i], ring.net.lid(ring.sw[j]), i == j ? 0 : 1);
      ring.net.route(ring.sw[i], ring.net.lid(ring.host[j]), i == j ? 3 : 1);
    }
  }
  return ring.net.build();
}

// SL 1 for the paths named in the header, SL 0 for every other (host, LID) path.
void set_dateline_sls(FabricBuilder& b) {
  for (Lid src = 5; src <= 8; ++src) {
    std::vector<std::uint8_t> sl(9, 0);
    std::size_t i = src - 5U;
    for (std::size_t j = 0; j < kSwitches; ++j) {
      bool crosses_and_goes_on = (i == 3 && (j == 1 || j == 2)) || (i == 2 && j == 1);
      sl[j + 1] = crosses_and_goes_on ? 1 : 0;
      sl[j + 5] = crosses_and_goes_on ? 1 : 0;
    }
    b.set_path_sls(src, sl);
  }
}

// `vl` for every (in, out) pair of every switch port 0..3, as a crawl with --sl2vl reads them.
void set_tables(FabricBuilder& b, const Fabric& f, const Vls& vl) {
  for (const Node& n : f.nodes()) {
    if (n.type != NodeType::Switch) {
      continue;
    }
    NodeId id = f.id_of(n);
    for (std::uint8_t in = 0; in <= 3; ++in) {
      for (std::uint8_t out = 0; out <= 3; ++out) {
        b.add_sl_to_vl_table(*f.find_port(id, in), *f.find_port(id, out), vl);
      }
    }
  }
}

std::vector<Finding> of_check(const Fabric& f, const RouteReport& r, std::string_view id) {
  std::vector<Finding> found = route_findings(f, r, nullptr);
  std::erase_if(found, [id](const Finding& x) { return x.check != id; });
  return found;
}

TEST(CreditLoopVlTest, PathSlsOnTwoVlsBreakTheRingsLoop) {
  Fabric plain = clockwise_ring();
  FabricBuilder b = from_fabric(plain);
  set_dateline_sls(b);
  set_tables(b, plain, kIdentity);
  Fabric f = std::move(b).build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
  EXPECT_TRUE(r.credit_loops.empty());
  EXPECT_EQ(r.virtual_lanes, 2U);
  EXPECT_EQ(r.channels, 8U);
  EXPECT_TRUE(r.credit_loop_inputs.path_sls);
  EXPECT_TRUE(r.credit_loop_inputs.sl_to_vl);
  EXPECT_EQ(r.credit_loop_inputs.paths_without_sl, 0U);
  EXPECT_EQ(r.credit_loop_inputs.hops_without_table, 0U);
  EXPECT_TRUE(of_check(f, r, "route.sl_assumed").empty());
  EXPECT_TRUE(of_check(f, r, "route.vl_assumed").empty());
}

TEST(CreditLoopVlTest, TablesMappingEverySlToVl0BringTheLoopBack) {
  Fabric plain = clockwise_ring();
  FabricBuilder b = from_fabric(plain);
  set_dateline_sls(b);
  set_tables(b, plain, Vls{});
  Fabric f = std::move(b).build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.credit_loops.size(), 1U);
  EXPECT_EQ(r.credit_loops[0].channels.size(), 4U);
  EXPECT_EQ(r.credit_loops[0].vls, std::vector<std::uint8_t>(4, 0));
  EXPECT_EQ(r.virtual_lanes, 1U);
  std::vector<Finding> loops = of_check(f, r, "route.credit_loop");
  ASSERT_EQ(loops.size(), 1U);
  EXPECT_NE(loops[0].message.find("credit loop on VL 0: r0[1] -> r1[1] -> r2[1] -> r3[1] -> r0"),
            std::string::npos)
      << loops[0].message;
}

TEST(CreditLoopVlTest, TheLoopMovesToVl1WhenTheTablesPutSl0There) {
  Fabric plain = clockwise_ring();
  FabricBuilder b = from_fabric(plain);
  Vls to_one{};
  to_one.fill(1);
  set_tables(b, plain, to_one);
  Fabric f = std::move(b).build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.credit_loops.size(), 1U);
  EXPECT_EQ(r.credit_loops[0].vls, std::vector<std::uint8_t>(4, 1));
}

TEST(CreditLoopVlTest, WithoutPathSlsEveryPathIsSl0AndTheReportSaysSo) {
  Fabric f = clockwise_ring();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.credit_loops.size(), 1U);
  EXPECT_FALSE(r.credit_loop_inputs.path_sls);
  std::vector<Finding> assumed = of_check(f, r, "route.sl_assumed");
  ASSERT_EQ(assumed.size(), 1U);
  EXPECT_EQ(assumed[0].severity, Severity::Info);
  EXPECT_EQ(assumed[0].location.kind, LocationKind::Fabric);
  EXPECT_EQ(assumed[0].measured, "no path SLs");
  EXPECT_TRUE(of_check(f, r, "route.vl_assumed").empty());
}

TEST(CreditLoopVlTest, WithoutPathSlsALoopFreeVerdictNeedsNoNoteButPartialSlsDo) {
  // The one-VL graph holds every dependency real VLs could: no loop there is no loop at all.
  test::SmallTree t;
  t.minhop_tables();
  Fabric tree = t.net.build();
  RouteReport r = analyze_routes(tree, RouteAnalysisOptions{});
  EXPECT_TRUE(r.credit_loops.empty());
  EXPECT_TRUE(of_check(tree, r, "route.sl_assumed").empty());
  // Some SLs known, others not: an unknown one could close a loop on its real VL.
  FabricBuilder b = from_fabric(tree);
  b.set_path_sls(5, {0, 0, 0, 0, 0, 0, 0, 0, 0});  // a1: every LID; a2, b1, b2: none
  Fabric partial = std::move(b).build();
  r = analyze_routes(partial, RouteAnalysisOptions{});
  std::vector<Finding> assumed = of_check(partial, r, "route.sl_assumed");
  ASSERT_EQ(assumed.size(), 1U);
  // By hand: a path is looked up where it leaves the host's leaf for a spine: to the two
  // spines, the other leaf and its two hosts (its own leaf and neighbour stay on the leaf).
  // 4 hosts x 5 = 20 paths; a1's 5 are known.
  EXPECT_EQ(assumed[0].measured, "15 of 20 paths without an SL");
}

TEST(CreditLoopVlTest, PathSlsWithoutTablesStayOnVl0AndTheReportSaysSo) {
  Fabric plain = clockwise_ring();
  FabricBuilder b = from_fabric(plain);
  set_dateline_sls(b);
  Fabric f = std::move(b).build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_EQ(r.credit_loops.size(), 1U);
  std::vector<Finding> assumed = of_check(f, r, "route.vl_assumed");
  ASSERT_EQ(assumed.size(), 1U);
  EXPECT_EQ(assumed[0].measured, "no SL-to-VL tables");
}

TEST(CreditLoopVlTest, MissingSlsAndTablesAreCounted) {
  Fabric plain = clockwise_ring();
  FabricBuilder b = from_fabric(plain);
  // h0 (LID 5) has SLs to the switches only: its 3 host paths that leave r0 are unknown.
  b.set_path_sls(5, {0, 0, 0, 0, 0});
  // Every table but r1's (in 2, out 1): the hop r0 -> r1 -> r2.
  Vls zero{};
  for (const Node& n : plain.nodes()) {
    NodeId id = plain.id_of(n);
    for (std::uint8_t in = 0; n.type == NodeType::Switch && in <= 3; ++in) {
      for (std::uint8_t out = 0; out <= 3; ++out) {
        if (n.description != "r1" || in != 2 || out != 1) {
          b.add_sl_to_vl_table(*plain.find_port(id, in), *plain.find_port(id, out), zero);
        }
      }
    }
  }
  Fabric f = std::move(b).build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  // Paths looked up: each host to the 7 LIDs not its own whose route leaves its switch
  // toward another switch (h_i to r_i stays): 4 x 6 = 24; unknown: h1..h3's 18 and h0's 3.
  EXPECT_EQ(r.credit_loop_inputs.paths, 24U);
  EXPECT_EQ(r.credit_loop_inputs.paths_without_sl, 21U);
  EXPECT_EQ(r.credit_loop_inputs.hops_without_table, 1U);
  std::vector<Finding> sl = of_check(f, r, "route.sl_assumed");
  ASSERT_EQ(sl.size(), 1U);
  EXPECT_EQ(sl[0].measured, "21 of 24 paths without an SL");
  std::vector<Finding> vl = of_check(f, r, "route.vl_assumed");
  ASSERT_EQ(vl.size(), 1U);
  EXPECT_EQ(vl[0].measured, "1 (switch, in, out) port pairs without a table");
}

}  // namespace
}  // namespace ibatlas
