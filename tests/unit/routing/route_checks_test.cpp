// The routing checks' ids and severities (docs/checks.md, docs/routing.md), the audit
// entry point, and run_checks including them.

#include "ibatlas/routing/route_checks.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/audit/audit.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

TEST(RouteChecksTest, TheEightIdsWithTheirDocumentedSeverities) {
  struct Expected {
    std::string_view id;
    Severity severity;
  };

  const Expected expected[] = {
      {"route.unreachable", Severity::Error}, {"route.loop", Severity::Error},
      {"route.credit_loop", Severity::Error}, {"route.sl_assumed", Severity::Info},
      {"route.vl_assumed", Severity::Info},   {"route.nonminimal", Severity::Warning},
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

// routing_checks() is the route.* slice of the one registry: every route.* id of the registry
// is in it, and each of its entries is the registry's own (same address, same severity).
TEST(RouteChecksTest, EveryRoutingCheckIsInTheAuditRegistry) {
  std::span<const CheckInfo> mine = routing_checks();
  ASSERT_FALSE(mine.empty());
  for (const CheckInfo& c : mine) {
    EXPECT_EQ(find_check(c.id), &c) << c.id;
  }
  std::size_t registered = 0;
  for (const CheckInfo& c : all_checks()) {
    registered += c.id.starts_with("route.") ? 1 : 0;
  }
  EXPECT_EQ(registered, mine.size()) << "a route.* id outside the slice";
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

// `ibatlas check` (run_checks) includes the routing findings when the snapshot holds tables.
TEST(RouteChecksTest, RunChecksIncludesRoutingFindingsOnlyWithTables) {
  auto routing = [](const std::vector<Finding>& all) {
    return std::count_if(all.begin(), all.end(),
                         [](const Finding& f) { return f.check.starts_with("route."); });
  };
  test::SmallTree without;
  EXPECT_EQ(routing(run_checks(without.net.build(), AuditOptions{})), 0);

  test::SmallTree broken;
  broken.minhop_tables();
  broken.net.route(broken.l1, 7, 9);  // b1 out of a port l1 does not have
  std::vector<Finding> found = run_checks(broken.net.build(), AuditOptions{});
  auto unreachable = std::find_if(found.begin(), found.end(),
                                  [](const Finding& f) { return f.check == "route.unreachable"; });
  ASSERT_NE(unreachable, found.end());
  EXPECT_EQ(unreachable->location.here.name, "l1");
  EXPECT_EQ(unreachable->severity, Severity::Error);
  EXPECT_TRUE(std::is_sorted(found.begin(), found.end(), finding_less));
}

}  // namespace
}  // namespace ibatlas
