// The routing checks' ids and severities (docs/checks.md, docs/routing.md) and the audit
// entry point.

#include "ibatlas/routing/route_checks.hpp"

#include <gtest/gtest.h>

#include "unit/routing/routing_net.hpp"

namespace ibatlas {
namespace {

TEST(RouteChecksTest, TheSixIdsWithTheirDocumentedSeverities) {
  struct Expected {
    std::string_view id;
    Severity severity;
  };

  const Expected expected[] = {
      {"route.unreachable", Severity::Error}, {"route.loop", Severity::Error},
      {"route.credit_loop", Severity::Error}, {"route.nonminimal", Severity::Warning},
      {"route.imbalance", Severity::Warning}, {"route.asymmetric", Severity::Info},
  };
  std::span<const CheckInfo> checks = routing_checks();
  ASSERT_EQ(checks.size(), std::size(expected));
  for (std::size_t i = 0; i < checks.size(); ++i) {
    EXPECT_EQ(checks[i].id, expected[i].id);
    EXPECT_EQ(checks[i].severity, expected[i].severity);
    EXPECT_FALSE(checks[i].title.empty());
  }
}

// The registry (src/analysis/finding.cpp) is another module's; until it lists the routing
// ids this says so instead of passing.
TEST(RouteChecksTest, EveryRoutingCheckIsInTheAuditRegistry) {
  if (find_check("route.unreachable") == nullptr) {
    GTEST_SKIP() << "the check registry does not list the route.* ids yet";
  }
  for (const CheckInfo& mine : routing_checks()) {
    const CheckInfo* registered = find_check(mine.id);
    ASSERT_NE(registered, nullptr) << mine.id;
    EXPECT_EQ(registered->severity, mine.severity) << mine.id;
  }
}

TEST(RouteChecksTest, FabricWithoutTablesHasNoRoutingFindings) {
  test::SmallTree t;
  EXPECT_TRUE(check_routes(t.net.build(), AuditOptions{}).empty());
}

TEST(RouteChecksTest, AuditEntryPointReportsABrokenTable) {
  test::SmallTree t;
  t.minhop_tables();
  t.net.route(t.l1, 7, 9);  // b1 out of a port l1 does not have
  std::vector<Finding> found = check_routes(t.net.build(), AuditOptions{});
  std::erase_if(found, [](const Finding& f) { return f.check == "route.asymmetric"; });
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].check, "route.unreachable");
  EXPECT_EQ(found[0].location.kind, LocationKind::Node);  // port 9 does not exist
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_NE(found[0].message.find("bad port (port 9)"), std::string::npos) << found[0].message;
}

// minhop's tables here: a1 -> b2 goes by sp2 but b2 -> a1 by sp1, and a2 -> b1 by sp1 but
// b1 -> a2 by sp2; a1-b1, a2-b2 and the two same-leaf pairs are symmetric.
TEST(RouteChecksTest, HealthyMinhopTablesGiveOnlyTheAsymmetryNote) {
  test::SmallTree t;
  t.minhop_tables();
  std::vector<Finding> found = check_routes(t.net.build(), AuditOptions{});
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].check, "route.asymmetric");
  EXPECT_EQ(found[0].measured, "2 of 6 CA pairs");
}

}  // namespace
}  // namespace ibatlas
