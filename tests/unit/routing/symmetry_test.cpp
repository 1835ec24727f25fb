// Route symmetry on a square s1-s2-s3-s4 with h1 on s1 and h3 on s3: two 2-hop paths, so the
// tables decide whether h1 -> h3 and h3 -> h1 share links.

#include <gtest/gtest.h>

#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

// LIDs: s1..s4 1..4, h1 5, h3 6. s1[2]-s2[2], s2[3]-s3[3], s3[4]-s4[4], s4[5]-s1[5].
struct Square {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId s3 = net.sw("s3");
  NodeId s4 = net.sw("s4");
  NodeId h1 = net.ca("h1");
  NodeId h3 = net.ca("h3");

  // h1 -> h3 always via s2; h3 -> h1 via s2, or via s4 when `asymmetric`.
  explicit Square(bool asymmetric) {
    net.link(h1, 1, s1, 1);
    net.link(h3, 1, s3, 1);
    net.link(s1, 2, s2, 2);
    net.link(s2, 3, s3, 3);
    net.link(s3, 4, s4, 4);
    net.link(s4, 5, s1, 5);
    net.routes(s1, {{1, 0}, {2, 2}, {3, 2}, {4, 5}, {5, 1}, {6, 2}});
    net.routes(s2, {{1, 2}, {2, 0}, {3, 3}, {4, 3}, {5, 2}, {6, 3}});
    net.routes(s3, {{1, 3}, {2, 3}, {3, 0}, {4, 4}, {5, asymmetric ? 4 : 3}, {6, 1}});
    net.routes(s4, {{1, 5}, {2, 5}, {3, 4}, {4, 0}, {5, 5}, {6, 4}});
  }
};

TEST(RouteSymmetryTest, ReturnOverTheOtherSideIsAsymmetric) {
  Square sq(true);
  Fabric f = sq.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  ASSERT_TRUE(r.symmetry.checked);
  EXPECT_EQ(r.symmetry.pairs, 1U);
  EXPECT_EQ(r.symmetry.asymmetric, 1U);
  ASSERT_TRUE(r.symmetry.example.has_value());
  std::vector<Finding> found = route_findings(f, r, nullptr);
  std::erase_if(found, [](const Finding& x) { return x.check != "route.asymmetric"; });
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].severity, Severity::Info);
  EXPECT_NE(found[0].message.find("h1 <-> h3"), std::string::npos) << found[0].message;
}

TEST(RouteSymmetryTest, ReturnOverTheSameLinksIsSymmetric) {
  Square sq(false);
  Fabric f = sq.net.build();
  RouteReport r = analyze_routes(f, RouteAnalysisOptions{});
  EXPECT_EQ(r.symmetry.pairs, 1U);
  EXPECT_EQ(r.symmetry.asymmetric, 0U);
  std::vector<Finding> found = route_findings(f, r, nullptr);
  EXPECT_TRUE(std::none_of(found.begin(), found.end(),
                           [](const Finding& x) { return x.check == "route.asymmetric"; }));
}

TEST(RouteSymmetryTest, TooManyCellsIsSkippedAndSaysSo) {
  Square sq(true);
  RouteAnalysisOptions options;
  options.symmetry_max_cells = 1;  // 2 leaves x 2 CA LIDs
  RouteReport r = analyze_routes(sq.net.build(), options);
  EXPECT_FALSE(r.symmetry.checked);
  EXPECT_NE(r.symmetry.note.find("skipped"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
