// check --plan on a partial scan (docs/discover.md, "Partial scans"): planned cables where
// the scan did not look are counted in one plan.beyond_scan, not reported missing. The
// partial snapshot is made by the crawler itself, over the in-process transport, on the chain
// of crawler_partial_test.cpp:
//
//   H1[1]-[1]S1[2]-[1]S2[2]-[1]S3[2]-[1]H2
//                    S2[3]-[1]H3
//
// From S2 (route 0,1,2) with 1 hop the crawl reads S2, S1, S3 and H3 and follows only S2's
// ports: the planned cables H1-S1 and S3-H2 have no end it followed (2 beyond the scan); the
// three at S2 are compared. Counted on the drawing.

#include <gtest/gtest.h>

#include "ibatlas/analysis/plan.hpp"
#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/formats/plan_csv.hpp"

#include "support/fabric_sketch.hpp"
#include "support/fabric_transport.hpp"

namespace ibatlas {
namespace {

constexpr Guid kH1 = 0x100;

constexpr std::string_view kPlan =
    "node,port,peer_node,peer_port\n"
    "H1,1,S1,1\n"
    "S1,2,S2,1\n"
    "S2,2,S3,1\n"
    "S3,2,H2,1\n"
    "S2,3,H3,1\n";

Fabric chain(bool with_h3) {
  test::Sketch s;
  NodeId h1 = s.ca("H1", kH1);
  NodeId s1 = s.sw("S1", 0x1000, 4);
  NodeId s2 = s.sw("S2", 0x2000, 4);
  NodeId s3 = s.sw("S3", 0x3000, 4);
  s.cable(h1, 1, s1, 1);
  s.cable(s1, 2, s2, 1);
  s.cable(s2, 2, s3, 1);
  s.cable(s3, 2, s.ca("H2", 0x200), 1);
  if (with_h3) {
    s.cable(s2, 3, s.ca("H3", 0x300), 1);
  } else {
    s.polling(s2, 3);
  }
  return s.build();
}

// The fabric as a crawl from S2 with 1 hop sees it.
Fabric scan_from_s2(const Fabric& fabric) {
  test::FabricTransport transport(fabric, {.local_port = test::port_of(fabric, kH1, 1)});
  CrawlOptions options;
  options.start = DirectedRoute{1, 2};
  options.max_hops = 1;
  return discover(transport, options).fabric;
}

std::vector<Finding> check(const Fabric& f) {
  CablingPlan plan = read_plan_csv(kPlan, "plan.csv");
  return check_plan(f, plan, AuditOptions{});
}

TEST(PlanPartialTest, TheWholeChainIsAsPlanned) {
  EXPECT_TRUE(check(chain(true)).empty());
}

TEST(PlanPartialTest, CablesBeyondTheScanAreCountedNotMissing) {
  Fabric partial = scan_from_s2(chain(true));
  ASSERT_TRUE(partial.provenance().partial);
  std::vector<Finding> m = check(partial);
  ASSERT_EQ(m.size(), 1U) << m[0].check << ": " << m[0].message;
  EXPECT_EQ(m[0].check, "plan.beyond_scan");
  EXPECT_EQ(m[0].severity, Severity::Info);
  EXPECT_EQ(m[0].measured, "2 cables");
  EXPECT_EQ(m[0].message,
            "2 cables of the plan lie beyond the partial scan (from 0,1,2, 1 hop) and were not "
            "compared");
}

TEST(PlanPartialTest, AMissingCableTheScanFollowedIsStillMissing) {
  Fabric partial = scan_from_s2(chain(false));  // H3 unplugged at S2 port 3
  std::vector<Finding> m = check(partial);
  ASSERT_EQ(m.size(), 2U);
  EXPECT_EQ(m[0].check, "plan.missing");
  EXPECT_EQ(m[0].location.here.name, "S2");
  EXPECT_EQ(m[0].location.here.port, 3);
  EXPECT_EQ(m[1].check, "plan.beyond_scan");
  EXPECT_EQ(m[1].measured, "2 cables");
}

}  // namespace
}  // namespace ibatlas
