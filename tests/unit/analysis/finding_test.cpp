// The finding registry, severities, ordering, and that docs/checks.md documents every id.

#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/findings/registry.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

Finding at(std::string check, Severity s, std::string name, std::optional<std::uint8_t> port) {
  Finding f;
  f.check = std::move(check);
  f.severity = s;
  f.location.kind = port ? LocationKind::Port : LocationKind::Node;
  f.location.here = Endpoint{0x1, port, std::move(name)};
  return f;
}

TEST(FindingTest, RegistryIdsAreUniqueAndLookedUp) {
  std::set<std::string_view> ids;
  for (const CheckInfo& c : all_checks()) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_EQ(find_check(c.id), &c);
    EXPECT_FALSE(c.title.empty());
  }
  EXPECT_EQ(find_check("no.such"), nullptr);
  EXPECT_EQ(find_check("link.degraded")->severity, Severity::Error);
  EXPECT_EQ(find_check("link.capped")->severity, Severity::Warning);
}

TEST(FindingTest, EveryCheckHasASectionInDocsChecksMd) {
  std::ifstream in(test::source_dir() + "/docs/checks.md");
  ASSERT_TRUE(in) << "docs/checks.md missing";
  std::stringstream text;
  text << in.rdbuf();
  for (const CheckInfo& c : all_checks()) {
    std::string heading = "\n## `" + std::string(c.id) + "`";
    EXPECT_NE(text.str().find(heading), std::string::npos) << c.id << " has no section";
  }
}

TEST(FindingTest, SeverityWordsRoundTripAndRank) {
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    EXPECT_EQ(parse_severity(to_string(s)), s);
  }
  EXPECT_FALSE(parse_severity("fatal").has_value());
  EXPECT_TRUE(reaches(Severity::Error, Severity::Warning));
  EXPECT_TRUE(reaches(Severity::Warning, Severity::Warning));
  EXPECT_FALSE(reaches(Severity::Info, Severity::Warning));
}

TEST(FindingTest, SortsBySeverityThenNaturalLocationOrder) {
  std::vector<Finding> f = {
      at("b", Severity::Warning, "leaf10", 1), at("a", Severity::Info, "leaf1", 1),
      at("c", Severity::Warning, "leaf2", 14), at("d", Severity::Error, "spine", std::nullopt),
      at("e", Severity::Warning, "leaf2", 3),
  };
  sort_findings(f);
  std::vector<std::string> order;
  for (const Finding& x : f) {
    order.push_back(x.check);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"d", "e", "c", "b", "a"}));
}

TEST(FindingTest, FabricFindingsComeFirstWithinASeverity) {
  Finding whole;
  whole.check = "z";
  whole.severity = Severity::Warning;
  std::vector<Finding> f = {at("a", Severity::Warning, "aaa", 1), whole};
  sort_findings(f);
  EXPECT_EQ(f[0].check, "z");
}

TEST(FindingTest, LocationsReadAsText) {
  Location link{LocationKind::Link, Endpoint{0x1, 14, "leaf07"}, Endpoint{0x2, 7, "spine03"}};
  EXPECT_EQ(to_string(link), "leaf07 port 14 <-> spine03 port 7");
  EXPECT_EQ(to_string(Location{}), "fabric");
  EXPECT_EQ(to_string(Location{LocationKind::Node, Endpoint{0x1, std::nullopt, "leaf07"}, {}}),
            "leaf07");
}

TEST(FindingTest, CountsBySeverity) {
  std::vector<Finding> f = {at("a", Severity::Error, "x", 1), at("b", Severity::Info, "x", 1),
                            at("c", Severity::Info, "x", 1)};
  SeverityCounts c = count_by_severity(f);
  EXPECT_EQ(c.errors, 1u);
  EXPECT_EQ(c.warnings, 0u);
  EXPECT_EQ(c.infos, 2u);
}

}  // namespace
}  // namespace ibatlas
