// Every real-world dump that reads as a fabric renders, and its SVG shows every node: as
// its own box, inside a folded group or chassis, or (aggregation nodes) inside a switch.

#include <chrono>
#include <filesystem>
#include <set>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/render/graphviz.hpp"

#include "support/paths.hpp"
#include "support/realworld_files.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

std::set<std::string> svg_node_ids(const std::string& svg) {
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_string(svg.c_str()));
  std::set<std::string> ids;
  for (pugi::xpath_node hit : doc.select_nodes("//g[@class='node']")) {
    ids.insert(hit.node().attribute("id").value());
  }
  return ids;
}

void expect_complete_map(const Fabric& fabric) {
  RenderModel model = build_render_model(fabric, infer_tiers(fabric), {});
  std::set<std::string> ids = svg_node_ids(render_map(model, MapFormat::Svg));
  EXPECT_EQ(ids.size(), model.nodes.size());
  for (const Node& node : fabric.nodes()) {
    std::optional<std::size_t> box = model.box_of[fabric.id_of(node).value];
    ASSERT_TRUE(box.has_value()) << node.description;
    EXPECT_TRUE(ids.contains(model.nodes[*box].id)) << node.description;
  }
}

TEST(RealworldRenderTest, EveryDumpRendersWithEveryNode) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  std::size_t rendered = 0;
  for (const fs::path& file : test::realworld_fabric_files()) {
    SCOPED_TRACE(file.string());
    std::optional<ReadResult> read;
    try {
      read = read_fabric(read_file(file.string()), file.string());
    } catch (const Error&) {
      continue;  // not a fabric (a negative test file, an LFT dump): the readers' tests cover it
    }
    if (read->fabric.nodes().empty()) {
      continue;
    }
    auto start = std::chrono::steady_clock::now();
    expect_complete_map(read->fabric);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 60.0);
    ++rendered;
  }
  EXPECT_GE(rendered, 20u);
}

}  // namespace
}  // namespace ibatlas
