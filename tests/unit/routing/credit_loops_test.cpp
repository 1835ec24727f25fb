// Credit loops on hand-written tables: a ring routed all one way round closes the channel
// dependency graph into one cycle; a line cannot; a routing loop is a route.loop, not a
// credit loop (its routes are never delivered, so they add no dependencies).

#include <gtest/gtest.h>

#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;
using test::Ring;

// Every switch sends its own LID to port 0, its host's to port 3, all else clockwise.
Fabric clockwise_ring(int n) {
  Ring ring(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      ring.net.route(ring.sw[i], ring.net.lid(ring.sw[j]), i == j ? 0 : 1);
      ring.net.route(ring.sw[i], ring.net.lid(ring.host[j]), i == j ? 3 : 1);
    }
  }
  return ring.net.build();
}

TEST(CreditLoopTest, RingRoutedClockwiseHasOneCycleThroughEveryClockwiseLink) {
  Fabric f = clockwise_ring(4);
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);  // all delivered, the long way
  EXPECT_EQ(r.channels, 8U);                             // 4 links, 2 directions
  ASSERT_EQ(r.credit_loops.size(), 1U);
  const CreditLoop& loop = r.credit_loops[0];
  EXPECT_EQ(loop.component, 4U);
  ASSERT_EQ(loop.channels.size(), 4U);
  for (int i = 0; i < 4; ++i) {
    const Port& p = f.port(loop.channels[i]);
    EXPECT_EQ(f.node(p.node).description, "r" + std::to_string(i));
    EXPECT_EQ(p.number, 1);
  }
  std::vector<Finding> found = route_findings(f, r, nullptr);
  std::erase_if(found, [](const Finding& x) { return x.check != "route.credit_loop"; });
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].location.kind, LocationKind::Link);
  EXPECT_EQ(found[0].location.here.name, "r0");
  EXPECT_EQ(found[0].location.peer->name, "r1");
  EXPECT_NE(found[0].message.find("r0[1] -> r1[1] -> r2[1] -> r3[1] -> r0"), std::string::npos)
      << found[0].message;
}

TEST(CreditLoopTest, TwoHopRingRoutesNeverCloseACycle) {
  // In a 4-ring, routes of at most one hop each way add no dependency at all except the
  // opposite switch, which goes clockwise from r0, r2 and counter-clockwise from r1, r3.
  Ring ring(4);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      int ahead = (j - i + 4) % 4;
      std::uint8_t port = ahead == 0 ? 0 : ahead == 1 ? 1 : ahead == 3 ? 2 : (i % 2 == 0 ? 1 : 2);
      ring.net.route(ring.sw[i], ring.net.lid(ring.sw[j]), port);
      ring.net.route(ring.sw[i], ring.net.lid(ring.host[j]), ahead == 0 ? 3 : port);
    }
  }
  Fabric f = ring.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
  // Dependencies: r0->r1->r2, r2->r3->r0 (clockwise from the even switches), r1->r0->r3,
  // r3->r2->r1 (counter-clockwise from the odd ones): no chain closes.
  EXPECT_TRUE(r.credit_loops.empty());
}

TEST(CreditLoopTest, RoutingLoopIsNotReportedAsACreditLoop) {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");
  net.link(h1, 1, s1, 1);
  net.link(h2, 1, s2, 1);
  net.link(s1, 2, s2, 2);
  net.routes(s1, {{1, 0}, {2, 2}, {3, 1}, {4, 2}});
  net.routes(s2, {{1, 2}, {2, 0}, {3, 2}, {4, 2}});  // LID 4 bounces between s1 and s2
  RouteReport r = analyze_routes(net.build(), RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.fates[static_cast<int>(RouteFate::Loop)], 3U);
  EXPECT_TRUE(r.credit_loops.empty());
}

}  // namespace
}  // namespace ibatlas
