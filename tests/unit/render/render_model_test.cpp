// Golden tests of the render model on the hand-built fat-tree render_sample()
// (support/sample_fabrics.hpp). Every expected value below is derived from the picture in
// that header, not from our output.

#include "ibatlas/render/render_model.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/render/style.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

using test::render_sample;

const RenderNode* box(const RenderModel& m, const std::string& label) {
  for (const RenderNode& n : m.nodes) {
    if (n.label == label) {
      return &n;
    }
  }
  return nullptr;
}

// The lines between two boxes, upper first.
std::vector<RenderEdge> lines(const RenderModel& m, const std::string& upper,
                              const std::string& lower) {
  std::vector<RenderEdge> found;
  for (const RenderEdge& e : m.edges) {
    if (m.nodes[e.upper].label == upper && m.nodes[e.lower].label == lower) {
      found.push_back(e);
    }
  }
  return found;
}

RenderModel model_of(const Fabric& f, const RenderOptions& o = {}) {
  return build_render_model(f, infer_tiers(f), o);
}

TEST(RenderModelTest, FoldsTheHostsOfEachLeafIntoOneCountedBox) {
  RenderModel m = model_of(render_sample());
  ASSERT_EQ(m.nodes.size(), 6u);  // S1, S2, L1, L2 and two host groups
  const RenderNode* g1 = box(m, "node0001–node0003 ×3");
  ASSERT_NE(g1, nullptr);
  EXPECT_EQ(g1->kind, BoxKind::HostGroup);
  EXPECT_EQ(g1->members.size(), 3u);
  EXPECT_EQ(g1->tier, 0);
  // The CA without a host name counts, but does not make the range.
  const RenderNode* g2 = box(m, "node0010–node0011 ×3\n(1 unnamed)");
  ASSERT_NE(g2, nullptr);
  EXPECT_EQ(g2->members.size(), 3u);
}

TEST(RenderModelTest, ExpandHostsDrawsEveryHost) {
  RenderOptions o;
  o.expand_hosts = true;
  RenderModel m = model_of(render_sample(), o);
  EXPECT_EQ(m.nodes.size(), 10u);
  ASSERT_NE(box(m, "node0002"), nullptr);
  EXPECT_EQ(box(m, "node0002")->kind, BoxKind::Host);
  EXPECT_EQ(box(m, "node0001–node0003 ×3"), nullptr);
  EXPECT_EQ(m.edges.size(), 11u);  // 5 switch lines (one L1-S2 per rate) + 6 host cables
}

TEST(RenderModelTest, TiersPutSpinesAboveLeavesAboveHosts) {
  RenderModel m = model_of(render_sample());
  EXPECT_EQ(m.layout, RenderLayout::Tiers);
  EXPECT_EQ(box(m, "S1")->tier, 2);
  EXPECT_EQ(box(m, "S2")->tier, 2);
  EXPECT_EQ(box(m, "L1")->tier, 1);
  EXPECT_EQ(box(m, "L2")->tier, 1);
}

TEST(RenderModelTest, ParallelCablesAtOneRateMergeAndOtherRatesStaySeparate) {
  RenderModel m = model_of(render_sample());
  EXPECT_EQ(m.edges.size(), 7u);
  std::vector<RenderEdge> s1_l1 = lines(m, "S1", "L1");
  ASSERT_EQ(s1_l1.size(), 1u);
  EXPECT_EQ(s1_l1[0].count, 2u);
  EXPECT_EQ(edge_label(s1_l1[0]), "×2 4xHDR");
  std::vector<RenderEdge> s2_l1 = lines(m, "S2", "L1");
  ASSERT_EQ(s2_l1.size(), 2u);  // one 4xHDR, one 1xHDR: each alone, no count label
  EXPECT_NE(s2_l1[0].width, s2_l1[1].width);
  EXPECT_EQ(s2_l1[0].count + s2_l1[1].count, 2u);
  std::vector<RenderEdge> hosts = lines(m, "L1", "node0001–node0003 ×3");
  ASSERT_EQ(hosts.size(), 1u);
  EXPECT_EQ(edge_label(hosts[0]), "×3 4xHDR");
  EXPECT_TRUE(lines(m, "L1", "S1").empty());  // never drawn upside down
}

TEST(RenderModelTest, EveryFabricNodeHasTheBoxThatShowsIt) {
  Fabric f = render_sample();
  RenderModel m = model_of(f);
  ASSERT_EQ(m.box_of.size(), f.nodes().size());
  for (const Node& n : f.nodes()) {
    std::optional<std::size_t> b = m.box_of[f.id_of(n).value];
    ASSERT_TRUE(b.has_value()) << n.description;
    const std::vector<NodeId>& members = m.nodes[*b].members;
    EXPECT_NE(std::find(members.begin(), members.end(), f.id_of(n)), members.end());
  }
}

TEST(RenderModelTest, NodeTooltipsGiveGuidLidAndPorts) {
  RenderModel m = model_of(render_sample());
  const RenderNode* l1 = box(m, "L1");
  ASSERT_NE(l1, nullptr);
  std::vector<std::string> expected = {"L1", "Switch, leaf", "GUID 0x00000000000000b1", "LID 3",
                                       "36 ports, 7 cabled"};
  EXPECT_EQ(l1->tooltip, expected);
}

TEST(RenderModelTest, FocusKeepsTheNodeAndItsNeighbours) {
  Fabric f = render_sample();
  RenderOptions o;
  o.focus = f.find_node(test::kL2);
  RenderModel m = model_of(f, o);
  ASSERT_EQ(m.nodes.size(), 4u);  // L2, S1, S2 and L2's hosts; not L1 nor its hosts
  EXPECT_EQ(box(m, "L1"), nullptr);
  EXPECT_TRUE(box(m, "L2")->focus);
  EXPECT_FALSE(box(m, "S1")->focus);
  EXPECT_FALSE(m.box_of[f.find_node(test::kNode1)->value].has_value());
  o.focus_depth = 2;  // two hops reach L1 through the spines, not L1's hosts
  EXPECT_EQ(model_of(f, o).nodes.size(), 5u);
}

TEST(RenderModelTest, UnfoldedHostsLeaveTheirGroup) {
  RenderOptions o;
  o.unfold = {test::kNode2};
  RenderModel m = model_of(render_sample(), o);
  ASSERT_NE(box(m, "node0002"), nullptr);
  EXPECT_NE(box(m, "node[0001,0003] ×2"), nullptr);  // a gap now: no "–" range
}

TEST(RenderModelTest, ASwitchWithoutATierMakesTheLayoutSpring) {
  test::Sketch s;
  NodeId a = s.sw("A", 1), b = s.sw("B", 2);
  s.cable(a, 1, b, 1);
  RenderModel m = model_of(s.build());
  EXPECT_EQ(m.layout, RenderLayout::Spring);
  EXPECT_EQ(model_of(render_sample()).layout, RenderLayout::Tiers);
}

TEST(RenderModelTest, ChassisChipsAreOneBoxAndTheirInnerCablesAreCounted) {
  test::Sketch s;
  NodeId line = s.sw("core1/L01/U1", 0x11), spine = s.sw("core1/S01/U1", 0x12);
  NodeId leaf = s.sw("leaf", 0x20);
  NodeId host = s.ca("h1 HCA-1", 0x30);
  s.node(line).system_guid = 0x99;
  s.node(spine).system_guid = 0x99;
  s.cable(line, 1, spine, 1);
  s.cable(line, 2, leaf, 1);
  s.cable(leaf, 2, host, 1);
  RenderModel m = model_of(s.build());
  EXPECT_EQ(m.nodes.size(), 3u);
  const RenderNode* chassis = box(m, "core1\n2 chips");
  ASSERT_NE(chassis, nullptr);
  EXPECT_EQ(chassis->kind, BoxKind::Chassis);
  EXPECT_EQ(chassis->tooltip.back(), "1 cable inside the chassis (not drawn)");
  EXPECT_EQ(m.edges.size(), 2u);
}

// A 10k-host tree drawn whole is 11,440 boxes: warned about before the layout starts;
// folded (one box per leaf's hosts) it is not, nor is a small tree drawn whole.
TEST(RenderModelTest, OnlyAMapOfThousandsOfBoxesIsWarnedAbout) {
  Fabric big = test::make_fat_tree(test::FatTreeSpec{.levels = 3, .radix = 36, .hosts = 10000});
  RenderOptions whole;
  whole.expand_hosts = true;
  RenderModel expanded = build_render_model(big, infer_tiers(big), whole);
  ASSERT_EQ(expanded.nodes.size(), 11440u);
  std::optional<std::string> warning = slow_layout_warning(expanded);
  ASSERT_TRUE(warning.has_value());
  EXPECT_EQ(warning->rfind("laying out 11440 boxes and ", 0), 0u) << *warning;
  EXPECT_FALSE(slow_layout_warning(build_render_model(big, infer_tiers(big), RenderOptions{})));
  Fabric small = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 36});
  EXPECT_FALSE(slow_layout_warning(build_render_model(small, infer_tiers(small), whole)));
}

}  // namespace
}  // namespace ibatlas
