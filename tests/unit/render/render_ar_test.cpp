// Adaptive routing on the map: switch boxes that route adaptively say "AR on"; every switch
// with AR state has its one-line summary in the tooltip; nothing at all without AR state.

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/render/render_model.hpp"

#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

using test::render_sample;

// AR state for the switch with `guid`: on or off, with two Free entries (LIDs 1 and 2) and
// one Static entry (LID 3) in one group of two sub-groups.
SwitchAr ar_for(const Fabric& fabric, Guid guid, bool enabled) {
  SwitchAr ar;
  ar.switch_node = *fabric.find_node(guid);
  ar.info = ArInfo{};
  ar.info->enabled = enabled;
  ArLft lft;
  lft.entries.resize(4);
  lft.entries[1] = ArLftEntry{ArLidState::Free, 0, 1, 1};
  lft.entries[2] = ArLftEntry{ArLidState::Free, 0, 2, 1};
  lft.entries[3] = ArLftEntry{ArLidState::Static, 0, 3, 0};
  ar.lfts.push_back(lft);
  ar.groups.push_back(ArGroup{0, 0, 1, 0, std::nullopt, {1, 2}});
  ar.groups.push_back(ArGroup{0, 0, 1, 1, std::nullopt, {3}});
  return ar;
}

Fabric with_ar(const Fabric& fabric, const std::vector<SwitchAr>& states) {
  FabricBuilder builder = from_fabric(fabric);
  for (const SwitchAr& ar : states) {
    builder.set_switch_ar(ar);
  }
  return std::move(builder).build();
}

const RenderNode& box_of(const RenderModel& m, const Fabric& f, Guid guid) {
  return m.nodes.at(*m.box_of.at(f.find_node(guid)->value));
}

bool has_line(const RenderNode& node, const std::string& line) {
  return std::find(node.tooltip.begin(), node.tooltip.end(), line) != node.tooltip.end();
}

TEST(RenderArTest, AnAdaptiveSwitchSaysSoUnderItsNameAndInItsTooltip) {
  Fabric plain = render_sample();
  Fabric f = with_ar(plain, {ar_for(plain, test::kS1, true), ar_for(plain, test::kS2, false)});
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  const RenderNode& s1 = box_of(m, f, test::kS1);
  const RenderNode& s2 = box_of(m, f, test::kS2);
  EXPECT_TRUE(s1.label.ends_with("\nAR on")) << s1.label;
  EXPECT_TRUE(has_line(s1, "AR on: 2 adaptive LIDs (Free 2), 2 sub-groups"));
  EXPECT_EQ(s2.label.find("AR"), std::string::npos) << s2.label;
  EXPECT_TRUE(has_line(s2, "AR off: 2 adaptive LIDs (Free 2), 2 sub-groups"));
}

TEST(RenderArTest, AnUnsupportedSwitchShowsItsReasonAndNoMark) {
  Fabric plain = render_sample();
  SwitchAr unsupported;
  unsupported.switch_node = *plain.find_node(test::kL1);
  unsupported.support = ArSupport::Unsupported;
  unsupported.reason = "GeneralInfo: no AR capability bit";
  Fabric f = with_ar(plain, {unsupported});
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  const RenderNode& l1 = box_of(m, f, test::kL1);
  EXPECT_EQ(l1.label.find("AR"), std::string::npos);
  EXPECT_TRUE(has_line(l1, "AR unsupported: GeneralInfo: no AR capability bit"));
}

TEST(RenderArTest, WithoutArStateNothingIsSaidAboutAr) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  for (const RenderNode& node : m.nodes) {
    EXPECT_EQ(node.label.find("AR"), std::string::npos) << node.label;
    for (const std::string& line : node.tooltip) {
      EXPECT_FALSE(line.starts_with("AR")) << line;
    }
  }
}

}  // namespace
}  // namespace ibatlas
