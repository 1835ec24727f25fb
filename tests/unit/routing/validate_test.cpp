// Route validation on hand-built fabrics, one failure kind per test; every count below is
// worked out by hand from the tables the test writes.

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

std::uint64_t fate(const RouteReport& r, RouteFate f) {
  return r.validation.fates[static_cast<std::size_t>(f)];
}

std::vector<Finding> findings_of(const Fabric& f, const RouteReport& r, const std::string& id) {
  std::vector<Finding> all = route_findings(f, r, nullptr);
  std::erase_if(all, [&id](const Finding& x) { return x.check != id; });
  return all;
}

// s1 - s2, h1 on s1 port 1, h2 on s2 port 1, s1[2] - s2[2]. LIDs: s1 1, s2 2, h1 3, h2 4.
struct Line {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");

  Line() {
    net.link(h1, 1, s1, 1);
    net.link(h2, 1, s2, 1);
    net.link(s1, 2, s2, 2);
  }

  void correct_tables() {
    net.routes(s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});
    net.routes(s2, {{1, 2}, {2, 0}, {3, 2}, {4, 1}});
  }
};

TEST(RouteValidationTest, CorrectTablesDeliverEveryPairWithHandCountedHops) {
  Line l;
  l.correct_tables();
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  // 4 LIDs x 3 senders each (2 switches + 2 CAs, minus the LID's own node).
  EXPECT_EQ(r.validation.pairs, 12U);
  EXPECT_EQ(fate(r, RouteFate::Delivered), 12U);
  EXPECT_EQ(r.validation.nonminimal, 0U);
  EXPECT_EQ(r.validation.ca_sources, 2U);
  EXPECT_EQ(r.validation.switch_sources, 2U);
  EXPECT_EQ(r.validation.destinations, 4U);
  // 1 hop: s2->s1, h1->s1, s1->s2, h2->s2, s1->h1, s2->h2; 2: h2->s1, h1->s2, s2->h1,
  // s1->h2; 3: h2->h1, h1->h2.
  EXPECT_EQ(r.validation.hop_histogram, (std::vector<std::uint64_t>{0, 6, 4, 2}));
  EXPECT_EQ(r.validation.min_hop_histogram, r.validation.hop_histogram);
  EXPECT_TRUE(r.validation.drops.empty());
  EXPECT_TRUE(r.credit_loops.empty());
  EXPECT_TRUE(route_findings(f, r, nullptr).empty());
}

TEST(RouteValidationTest, TwoSwitchesPointingAtEachOtherLoop) {
  Line l;
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});
  l.net.routes(l.s2, {{1, 2}, {2, 0}, {3, 2}, {4, 2}});  // LID 4 back to s1
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::Loop), 3U);  // s1, s2 and h1 to LID 4
  EXPECT_EQ(fate(r, RouteFate::Delivered), 9U);
  ASSERT_EQ(r.validation.drops.size(), 1U);
  const RouteDrop& d = r.validation.drops[0];
  EXPECT_EQ(d.fate, RouteFate::Loop);
  EXPECT_EQ(d.at, l.s1);
  EXPECT_EQ(d.cycle, (std::vector<NodeId>{l.s1, l.s2}));
  EXPECT_EQ(d.lids, 1U);
  EXPECT_EQ(d.example_lid, 4);
  std::vector<Finding> loops = findings_of(f, r, "route.loop");
  ASSERT_EQ(loops.size(), 1U);
  EXPECT_EQ(loops[0].severity, Severity::Error);
  EXPECT_EQ(loops[0].location.here.name, "s1");
  EXPECT_NE(loops[0].message.find("s1 -> s2 -> s1"), std::string::npos) << loops[0].message;
}

TEST(RouteValidationTest, MissingEntryIsABlackHoleAtThatSwitch) {
  Line l;
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});
  l.net.routes(l.s2, {{1, 2}, {2, 0}, {4, 1}});  // nothing for h1's LID 3
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::NoEntry), 2U);  // s2 and h2 to LID 3
  ASSERT_EQ(r.validation.drops.size(), 1U);
  EXPECT_EQ(r.validation.drops[0].at, l.s2);
  EXPECT_FALSE(r.validation.drops[0].port.has_value());
  std::vector<Finding> lost = findings_of(f, r, "route.unreachable");
  ASSERT_EQ(lost.size(), 1U);
  EXPECT_EQ(lost[0].location.kind, LocationKind::Node);
  EXPECT_EQ(lost[0].location.here.name, "s2");
  EXPECT_EQ(lost[0].measured, "2 routes to 1 LIDs");
}

TEST(RouteValidationTest, EntryToAnUncabledPortDropsThere) {
  Line l;
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 5}});  // port 5 has no cable
  l.net.routes(l.s2, {{1, 2}, {2, 0}, {3, 2}, {4, 1}});
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::DownPort), 2U);  // s1 and h1 to LID 4
  ASSERT_EQ(r.validation.drops.size(), 1U);
  EXPECT_EQ(r.validation.drops[0].port, std::optional<std::uint8_t>(5));
  std::vector<Finding> lost = findings_of(f, r, "route.unreachable");
  ASSERT_EQ(lost.size(), 1U);
  EXPECT_EQ(lost[0].location.kind, LocationKind::Port);
  EXPECT_EQ(lost[0].location.here.port, std::optional<std::uint8_t>(5));
}

TEST(RouteValidationTest, EntryBeyondTheSwitchsPortsIsABadPort) {
  Line l;
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 9}});  // s1 has 8 ports
  l.net.routes(l.s2, {{1, 2}, {2, 0}, {3, 2}, {4, 1}});
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::BadPort), 2U);
  EXPECT_EQ(fate(r, RouteFate::Delivered), 10U);
}

TEST(RouteValidationTest, EntryToAnotherHostIsTheWrongNode) {
  Line l;
  NodeId h3 = l.net.ca("h3");  // LID 5
  l.net.link(h3, 1, l.s1, 3);
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 3}, {5, 3}});  // LID 4 to h3
  l.net.routes(l.s2, {{1, 2}, {2, 0}, {3, 2}, {4, 1}, {5, 2}});
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::WrongNode), 3U);  // s1, h1, h3 to LID 4
  ASSERT_EQ(r.validation.drops.size(), 1U);
  EXPECT_EQ(r.validation.drops[0].at, l.s1);
  EXPECT_EQ(r.validation.drops[0].port, std::optional<std::uint8_t>(3));
}

TEST(RouteValidationTest, SwitchWithoutTableDropsWhatPassesIt) {
  Line l;
  l.net.routes(l.s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});  // s2 has no table at all
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  // LID 1: s2, h2; LID 3: s2, h2; LID 4: s1, s2, h1. Arriving at s2 for its own LID 2 is
  // delivery (as ibtracert sees it), table or not.
  EXPECT_EQ(fate(r, RouteFate::NoTable), 7U);
  EXPECT_EQ(fate(r, RouteFate::Delivered), 5U);
  EXPECT_EQ(r.validation.switches_without_table, 1U);
}

// Triangle s1, s2, s3; h1 on s1, h2 on s2. LIDs: s1 1, s2 2, s3 3, h1 4, h2 5.
struct Triangle {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId s3 = net.sw("s3");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");

  Triangle() {
    net.link(h1, 1, s1, 1);
    net.link(h2, 1, s2, 1);
    net.link(s1, 2, s2, 2);
    net.link(s2, 3, s3, 3);
    net.link(s3, 4, s1, 4);
    net.routes(s2, {{1, 2}, {2, 0}, {3, 3}, {4, 2}, {5, 1}});
    net.routes(s3, {{1, 4}, {2, 3}, {3, 0}, {4, 4}, {5, 3}});
  }
};

TEST(RouteValidationTest, DetourIsDeliveredButNonMinimalAndBlamesTheSwitch) {
  Triangle t;
  t.net.routes(t.s1, {{1, 0}, {2, 2}, {3, 4}, {4, 1}, {5, 4}});  // h2 via s3
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(fate(r, RouteFate::Delivered), r.validation.pairs);
  EXPECT_EQ(r.validation.nonminimal, 2U);  // s1 (3 hops, not 2) and h1 (4, not 3)
  ASSERT_EQ(r.validation.detours.size(), 1U);
  EXPECT_EQ(r.validation.detours[0].at, t.s1);
  EXPECT_EQ(r.validation.detours[0].lids, 1U);
  std::vector<Finding> longer = findings_of(f, r, "route.nonminimal");
  ASSERT_EQ(longer.size(), 1U);
  EXPECT_EQ(longer[0].severity, Severity::Warning);
  EXPECT_EQ(longer[0].location.here.name, "s1");
}

TEST(RouteValidationTest, ShortestRoutesInTheTriangleAreNotDetours) {
  Triangle t;
  t.net.routes(t.s1, {{1, 0}, {2, 2}, {3, 4}, {4, 1}, {5, 2}});
  Fabric f = t.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.nonminimal, 0U);
  EXPECT_TRUE(r.validation.detours.empty());
  EXPECT_TRUE(findings_of(f, r, "route.nonminimal").empty());
}

TEST(RouteValidationTest, HostWithoutWorkingLinkIsSkippedNotCountedAsDropped) {
  Line l;
  NodeId h3 = l.net.ca("h3");  // LID 5, never cabled
  (void)h3;
  l.correct_tables();
  Fabric f = l.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.destinations, 4U);
  EXPECT_EQ(r.validation.unlinked_lids, 1U);
  EXPECT_EQ(fate(r, RouteFate::Delivered), 12U);
}

}  // namespace
}  // namespace ibatlas
