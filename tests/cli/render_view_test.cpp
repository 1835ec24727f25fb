// `ibatlas render --view` and `--expand`, in-process: which view is drawn, and the usage
// errors. The fabrics are generated fat-trees whose shape is known from the generator
// (tests/support/fabric_generators.cpp): a 3-level tree of radix 12 has 12 pods of 6 leaves
// (leafNNNN, pod p holding leaf 6(p-1) .. 6(p-1)+5) and 6 aggregation switches each, and 36
// core switches: 180 switches, so `auto` draws its overview of 12 pods and one core tier.

#include <fstream>
#include <regex>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_generators.hpp"
#include "support/sample_fabrics.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t count_of(const std::string& text, const std::regex& pattern) {
  return static_cast<std::size_t>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), {}));
}

const std::regex kGroupBox(R"re(\n  "G[a-z0-9-]+" \[)re");

class RenderViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream big(dir_.file("ft3.topo"));
    write_ibnetdiscover(test::make_fat_tree({.levels = 3, .radix = 12}), big);
    std::ofstream two(dir_.file("ft2.topo"));
    write_ibnetdiscover(test::make_fat_tree({.levels = 2, .radix = 8}), two);
    std::ofstream small(dir_.file("small.topo"));
    write_ibnetdiscover(test::render_sample(), small);
  }

  test::CliRun render(std::vector<std::string> args) {
    args.insert(args.begin(), "render");
    return test::run_cli(args);
  }

  test::TempDir dir_;
};

TEST_F(RenderViewTest, AutoDrawsTheOverviewOfALargeFabric) {
  test::CliRun r = render({dir_.file("ft3.topo"), "-o", dir_.file("map.dot")});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::string dot = slurp(dir_.file("map.dot"));
  EXPECT_EQ(count_of(dot, kGroupBox), 13U) << dot.substr(0, 2000);
  for (int pod = 1; pod <= 12; ++pod) {
    EXPECT_NE(dot.find("\"Gpod" + std::to_string(pod) + "\" ["), std::string::npos) << pod;
  }
  EXPECT_NE(dot.find("\"Gtier3\" ["), std::string::npos);
  EXPECT_EQ(dot.find("label=\"leaf0000\""), std::string::npos) << "a switch drawn on its own";
  EXPECT_NE(r.err.find("overview of 13 groups"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--expand GROUP"), std::string::npos) << r.err;
}

TEST_F(RenderViewTest, AutoDrawsASmallFabricInDetail) {
  test::CliRun r = render({dir_.file("small.topo"), "-o", dir_.file("map.dot")});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(count_of(slurp(dir_.file("map.dot")), kGroupBox), 0U);
  EXPECT_EQ(r.err.find("overview"), std::string::npos) << r.err;
}

TEST_F(RenderViewTest, DetailDrawsEverySwitchOfALargeFabric) {
  test::CliRun r = render({dir_.file("ft3.topo"), "--view", "detail", "-o", dir_.file("map.dot")});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::string dot = slurp(dir_.file("map.dot"));
  EXPECT_EQ(count_of(dot, kGroupBox), 0U);
  EXPECT_NE(dot.find("label=\"leaf0071\""), std::string::npos);
  EXPECT_NE(dot.find("label=\"core035\""), std::string::npos);
}

TEST_F(RenderViewTest, ExpandOpensOneGroupInsideTheOverview) {
  test::CliRun r = render({dir_.file("ft3.topo"), "--expand", "pod1", "-o", dir_.file("map.dot")});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::string dot = slurp(dir_.file("map.dot"));
  EXPECT_EQ(dot.find("\"Gpod1\" ["), std::string::npos);
  EXPECT_NE(dot.find("\"Gpod2\" ["), std::string::npos);
  EXPECT_EQ(count_of(dot, kGroupBox), 12U);
  for (const char* sw : {"leaf0000", "leaf0005", "agg0000", "agg0005"}) {
    EXPECT_NE(dot.find("label=\"" + std::string(sw) + "\""), std::string::npos) << sw;
  }
  EXPECT_EQ(dot.find("label=\"leaf0006\""), std::string::npos) << "pod 2 stays folded";
}

TEST_F(RenderViewTest, AnUnknownGroupIsRefusedWithTheKnownOnes) {
  test::CliRun r = render({dir_.file("ft3.topo"), "--expand", "pod99", "-o", dir_.file("map.dot")});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("pod99"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pod12"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("map.dot")));
}

TEST_F(RenderViewTest, FocusAndExpandDoNotMixWithOtherViews) {
  test::CliRun focus = render({dir_.file("ft3.topo"), "--view", "overview", "--focus", "leaf0000",
                               "-o", dir_.file("a.svg")});
  EXPECT_EQ(focus.status, kExitUsage) << focus.err;
  EXPECT_NE(focus.err.find("--focus"), std::string::npos) << focus.err;
  test::CliRun expand = render(
      {dir_.file("ft3.topo"), "--view", "matrix", "--expand", "pod1", "-o", dir_.file("b.svg")});
  EXPECT_EQ(expand.status, kExitUsage) << expand.err;
  EXPECT_NE(expand.err.find("--expand"), std::string::npos) << expand.err;
}

TEST_F(RenderViewTest, MatrixIsSvgOrHtml) {
  test::CliRun png =
      render({dir_.file("ft2.topo"), "--view", "matrix", "-o", dir_.file("matrix.png")});
  EXPECT_EQ(png.status, kExitBadInput);
  EXPECT_NE(png.err.find("SVG or HTML"), std::string::npos) << png.err;
  test::CliRun svg =
      render({dir_.file("ft2.topo"), "--view", "matrix", "-o", dir_.file("matrix.svg")});
  ASSERT_EQ(svg.status, kExitOk) << svg.err;
  // radix 8, two levels: 8 leaves, each cabled once to each of 4 spines.
  EXPECT_EQ(count_of(slurp(dir_.file("matrix.svg")), std::regex("class=\"cell\"")), 32U);
  test::CliRun html =
      render({dir_.file("ft2.topo"), "--view", "matrix", "-o", dir_.file("matrix.html")});
  ASSERT_EQ(html.status, kExitOk) << html.err;
  EXPECT_TRUE(slurp(dir_.file("matrix.html")).starts_with("<!DOCTYPE html>"));
}

TEST_F(RenderViewTest, MatrixNeedsTwoSwitchTiers) {
  std::ofstream one(dir_.file("one.topo"));
  write_ibnetdiscover(test::make_fat_tree({.levels = 2, .radix = 4, .hosts = 2}), one);
  one.close();
  test::CliRun r = render({dir_.file("one.topo"), "--view", "matrix", "-o", dir_.file("m.svg")});
  // Two hosts fill one leaf of radix 4, whose two uplinks reach two spines: still two tiers.
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::ofstream lone(dir_.file("lone.topo"));
  lone << "Switch 4 \"S-0000000000000001\" # \"lone\" base port 0 lid 1 lmc 0\n";
  lone.close();
  test::CliRun none =
      render({dir_.file("lone.topo"), "--view", "matrix", "-o", dir_.file("n.svg")});
  EXPECT_EQ(none.status, kExitBadInput) << none.err;
  EXPECT_NE(none.err.find("fewer than two switch tiers"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace ibatlas
