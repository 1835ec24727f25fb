// Findings on the map and --focus lookups, on render_sample() (support/sample_fabrics.hpp).

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/render/render_model.hpp"

#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

using test::render_sample;

Finding at_port(Severity severity, Guid guid, std::uint8_t port, std::string message) {
  Finding f;
  f.check = "link.degraded";
  f.severity = severity;
  f.location.kind = LocationKind::Port;
  f.location.here = Endpoint{guid, port, ""};
  f.message = std::move(message);
  return f;
}

std::size_t highlighted_edges(const RenderModel& m, Highlight h) {
  std::size_t n = 0;
  for (const RenderEdge& e : m.edges) {
    n += e.highlight == h ? 1 : 0;
  }
  return n;
}

TEST(RenderMarksTest, AnErrorOnACableMarksItsLineRedWithTheText) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  std::vector<Finding> findings = {at_port(Severity::Error, test::kL1, 34, "1x instead of 4x")};
  mark_findings(m, f, findings);
  ASSERT_EQ(highlighted_edges(m, Highlight::Error), 1u);
  for (const RenderEdge& e : m.edges) {
    if (e.highlight != Highlight::Error) {
      continue;
    }
    EXPECT_EQ(e.width, LinkWidth::X1);
    ASSERT_EQ(e.tooltip.size(), 1u);
    EXPECT_EQ(e.tooltip[0], "error link.degraded: 1x instead of 4x");
  }
}

TEST(RenderMarksTest, AMarkedCableLeavesItsBundle) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  std::size_t before = m.edges.size();
  // L1 port 31 is one of the two S1-L1 cables: the bundle of two becomes two lines.
  mark_findings(m, f, std::vector<Finding>{at_port(Severity::Warning, test::kL1, 31, "errors")});
  EXPECT_EQ(m.edges.size(), before + 1);
  EXPECT_EQ(highlighted_edges(m, Highlight::Warning), 1u);
  EXPECT_EQ(highlighted_edges(m, Highlight::Error), 0u);
}

TEST(RenderMarksTest, InfoFindingsAddTextButNoColour) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  mark_findings(m, f, std::vector<Finding>{at_port(Severity::Info, test::kL1, 31, "fyi")});
  EXPECT_EQ(highlighted_edges(m, Highlight::Warning) + highlighted_edges(m, Highlight::Error), 0u);
  bool found = false;
  for (const RenderEdge& e : m.edges) {
    found = found || !e.tooltip.empty();
  }
  EXPECT_TRUE(found);
}

TEST(RenderMarksTest, APortWithoutACableMarksItsBoxAndFabricFindingsBecomeNotes) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  Finding fabric_wide;
  fabric_wide.check = "fat_tree.shape";
  fabric_wide.message = "irregular";
  mark_findings(
      m, f, std::vector<Finding>{at_port(Severity::Warning, test::kS1, 20, "down"), fabric_wide});
  std::size_t s1 = *m.box_of[f.find_node(test::kS1)->value];
  EXPECT_EQ(m.nodes[s1].highlight, Highlight::Warning);
  EXPECT_EQ(m.nodes[s1].tooltip.back(), "port 20: warning link.degraded: down");
  ASSERT_EQ(m.notes.size(), 1u);
  EXPECT_EQ(m.notes[0], "warning fat_tree.shape: irregular");
}

TEST(RenderMarksTest, GuidsNamedSkipsInfoAndFabricFindings) {
  std::vector<Finding> findings = {at_port(Severity::Warning, 7, 1, ""),
                                   at_port(Severity::Info, 8, 1, "")};
  EXPECT_EQ(guids_named(findings), (std::unordered_set<Guid>{7}));
}

TEST(RenderMarksTest, FocusFindsANodeByGuidLidDescriptionOrHostName) {
  Fabric f = render_sample();
  NodeId l2 = *f.find_node(test::kL2);
  EXPECT_EQ(find_focus_node(f, "0xb2"), l2);
  EXPECT_EQ(find_focus_node(f, "4"), l2);  // LIDs in creation order: S1 1, S2 2, L1 3, L2 4
  EXPECT_EQ(find_focus_node(f, "L2"), l2);
  EXPECT_EQ(find_focus_node(f, "node0010"), *f.find_node(test::kNode10));
  EXPECT_EQ(find_focus_node(f, "node0010 mlx5_0"), *f.find_node(test::kNode10));
}

TEST(RenderMarksTest, FocusOnNothingIsAClearError) {
  Fabric f = render_sample();
  try {
    find_focus_node(f, "nosuchnode");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no node has that GUID, LID, description or host name"),
              std::string::npos);
  }
  EXPECT_THROW(find_focus_node(f, "0xdead"), Error);
  EXPECT_THROW(find_focus_node(f, "999"), Error);
}

}  // namespace
}  // namespace ibatlas
