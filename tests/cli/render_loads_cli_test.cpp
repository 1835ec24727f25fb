// `ibatlas render --loads`: switch links coloured by route load, from the source's tables
// (--lfts) or from a saved `routes --json`. The fabric is routing_net.hpp's small tree with
// both leaves sending every remote host by sp1: its two sp1 cables carry 4 routes each way
// at 2.0 times the fair share (counted by hand in tests/unit/render/load_map_test.cpp), so
// they are hot; nothing crosses sp2.

#include <fstream>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"

#include "support/cli/cli_run.hpp"
#include "support/routing_net.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

class RenderLoadsCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::SmallTree t;
    t.minhop_tables();
    t.net.routes(t.l1, {{7, 3}, {8, 3}});
    t.net.routes(t.l2, {{5, 3}, {6, 3}});
    Fabric f = t.net.build();
    std::ofstream topology(topo_);
    write_ibnetdiscover(f, topology);
    std::ofstream lfts(lfts_);
    write_lft_dump(f, lfts);
  }

  static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  // Edges (SVG groups of class "edge") drawn in `colour`, and the text of their labels.
  static std::size_t edges_in(const std::string& svg, const std::string& colour,
                              std::string* labels) {
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_string(svg.c_str()));
    std::size_t n = 0;
    for (pugi::xpath_node g : doc.select_nodes("//*[local-name()='g'][@class='edge']")) {
      pugi::xpath_node path = g.node().select_node(".//*[local-name()='path']");
      if (path && std::string(path.node().attribute("stroke").value()) == colour) {
        ++n;
        for (pugi::xpath_node t : g.node().select_nodes(".//*[local-name()='text']")) {
          *labels += std::string(t.node().child_value()) + ";";
        }
      }
    }
    return n;
  }

  test::TempDir dir_;
  std::string topo_ = dir_.file("topo.txt");
  std::string lfts_ = dir_.file("lfts.txt");
};

TEST_F(RenderLoadsCliTest, TheTwoHotCablesAreRedInTheSvgFromTheTables) {
  std::string svg = dir_.file("m.svg");
  test::CliRun r = test::run_cli({"render", topo_, "--lfts", lfts_, "--loads", "-o", svg});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::string labels;
  EXPECT_EQ(edges_in(slurp(svg), "#cb181d", &labels), 2U);
  EXPECT_EQ(labels, "hot 2.0×;hot 2.0×;");
  std::string idle;
  EXPECT_EQ(edges_in(slurp(svg), "#bdbdbd", &idle), 2U);  // the sp2 cables
}

TEST_F(RenderLoadsCliTest, ASavedRoutesJsonGivesTheSameMap) {
  std::string json = dir_.file("routes.json");
  test::CliRun routes = test::run_cli({"routes", topo_, "--lfts", lfts_, "--json"});
  ASSERT_EQ(routes.status, kExitOk) << routes.err;
  std::ofstream(json) << routes.out;
  std::string svg = dir_.file("m.svg");
  test::CliRun r = test::run_cli({"render", topo_, "--loads", json, "-o", svg});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::string labels;
  EXPECT_EQ(edges_in(slurp(svg), "#cb181d", &labels), 2U);
}

TEST_F(RenderLoadsCliTest, NoTablesAndNoFileIsBadInput) {
  test::CliRun r = test::run_cli({"render", topo_, "--loads", "-o", dir_.file("m.svg")});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("holds no forwarding tables for --loads"), std::string::npos) << r.err;
}

TEST_F(RenderLoadsCliTest, AFindingsFileOfAnotherCommandIsRefused) {
  std::string json = dir_.file("check.json");
  std::ofstream(json) << test::run_cli({"check", topo_, "--json"}).out;
  test::CliRun r = test::run_cli({"render", topo_, "--loads", json, "-o", dir_.file("m.svg")});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("route loads come from `ibatlas routes --json`"), std::string::npos)
      << r.err;
}

TEST_F(RenderLoadsCliTest, TheMatrixHasNoLinesToColour) {
  test::CliRun r = test::run_cli(
      {"render", topo_, "--lfts", lfts_, "--loads", "--view", "matrix", "-o", dir_.file("m.svg")});
  EXPECT_EQ(r.status, kExitUsage);
}

}  // namespace
}  // namespace ibatlas
