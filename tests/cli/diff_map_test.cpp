// `diff --svg`: NEW drawn with the changes of hand-built pairs marked, both ways.

#include "ibatlas/render/diff_map.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/render/map_dot.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_sketch.hpp"
#include "support/sample_fabrics.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

using test::Sketch;

// Two leaves under one spine, hosts h1 and h2 on leaf A, h3 on leaf B. Each flag changes
// the NEW side only.
struct Edit {
  bool drop_cable_b = false;   // B's uplink gone
  bool add_h4 = false;         // a new host on leaf A port 4
  bool slow_uplink_a = false;  // A's uplink at 1x
  bool drop_h3 = false;        // h3 gone with its cable
};

Fabric pair_side(const Edit& e) {
  Sketch s;
  NodeId spine = s.sw("spine", 0x1), a = s.sw("leafA", 0x2), b = s.sw("leafB", 0x3);
  NodeId h1 = s.ca("h1 HCA-1", 0x10), h2 = s.ca("h2 HCA-1", 0x11);
  s.cable(spine, 1, a, 10, e.slow_uplink_a ? LinkWidth::X1 : LinkWidth::X4);
  if (!e.drop_cable_b) {
    s.cable(spine, 2, b, 10);
  }
  s.cable(h1, 1, a, 1);
  s.cable(h2, 1, a, 2);
  if (!e.drop_h3) {
    s.cable(s.ca("h3 HCA-1", 0x12), 1, b, 1);
  }
  if (e.add_h4) {
    s.cable(s.ca("h4 HCA-1", 0x13), 1, a, 4);
  }
  return s.build();
}

RenderModel diff_model(const Edit& e) {
  Fabric after = pair_side(e);
  FabricDiff diff = diff_fabrics(pair_side({}), after);
  return diff_map_model(after, diff.changes);
}

std::size_t count(const RenderModel& m, Highlight h) {
  std::size_t n = 0;
  for (const RenderNode& node : m.nodes) {
    n += node.highlight == h ? 1 : 0;
  }
  for (const RenderEdge& edge : m.edges) {
    n += edge.highlight == h ? 1 : 0;
  }
  return n;
}

TEST(DiffMapTest, NoChangesMarkNothing) {
  RenderModel m = diff_model({});
  for (Highlight h : {Highlight::Added, Highlight::Changed, Highlight::Removed}) {
    EXPECT_EQ(count(m, h), 0u);
  }
}

TEST(DiffMapTest, ARemovedCableIsADashedRedLineBetweenTheBoxesThatRemain) {
  RenderModel m = diff_model({.drop_cable_b = true});
  ASSERT_EQ(count(m, Highlight::Removed), 1u);
  const RenderEdge& gone = m.edges.back();
  EXPECT_EQ(gone.highlight, Highlight::Removed);
  EXPECT_EQ(m.nodes[gone.upper].label, "spine");  // still a spine through leafA
  EXPECT_EQ(m.nodes[gone.lower].label, "leafB");
  EXPECT_NE(map_dot(m).find("style=dashed"), std::string::npos);
  EXPECT_EQ(count(m, Highlight::Added), 0u);
}

TEST(DiffMapTest, AnAddedHostIsGreenAndDrawnOnItsOwn) {
  RenderModel m = diff_model({.add_h4 = true});
  bool found = false;
  for (const RenderNode& n : m.nodes) {
    if (n.label != "h4") {
      continue;
    }
    found = true;
    EXPECT_EQ(n.highlight, Highlight::Added);
    EXPECT_NE(n.tooltip.back().find("node.added"), std::string::npos);
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(count(m, Highlight::Removed), 0u);
}

TEST(DiffMapTest, ADegradedLinkIsOrange) {
  RenderModel m = diff_model({.slow_uplink_a = true});
  ASSERT_EQ(count(m, Highlight::Changed), 1u);
  for (const RenderEdge& e : m.edges) {
    if (e.highlight == Highlight::Changed) {
      EXPECT_EQ(e.width, LinkWidth::X1);
    }
  }
}

TEST(DiffMapTest, ARemovedNodeIsADashedBoxOfItsOwn) {
  RenderModel m = diff_model({.drop_h3 = true});
  ASSERT_EQ(m.nodes.back().kind, BoxKind::Gone);
  EXPECT_EQ(m.nodes.back().highlight, Highlight::Removed);
  EXPECT_EQ(m.nodes.back().label, "h3 HCA-1");
}

TEST(DiffMapTest, DiffCommandWritesTheSvgAndKeepsItsExitStatus) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("render_diff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string old_path = (dir / "old.topo").string(), new_path = (dir / "new.topo").string();
  {
    std::ofstream f(old_path);
    write_ibnetdiscover(pair_side({}), f);
  }
  {
    std::ofstream f(new_path);
    write_ibnetdiscover(pair_side({.add_h4 = true}), f);
  }
  std::string svg = (dir / "d.svg").string();
  EXPECT_EQ(test::run_cli({"diff", old_path, new_path, "--svg", svg}).status, kExitFindings);
  std::ifstream in(svg);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("node.added"), std::string::npos);
  EXPECT_EQ(test::run_cli({"diff", old_path, old_path, "--svg", svg}).status, kExitOk);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ibatlas
