// The overview laid out by Graphviz and parsed back (issue 15, section 5): on generated
// fat-trees and real dumps its drawing keeps a screen's proportions (aspect ratio 1:2 to
// 2.5:1), every group's label is at least 9 px tall when the SVG is fitted to 1920x1080, it
// has at most 150 boxes, and every finding's check id is in it (on a box, a line or the
// legend).

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/overview.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"
#include "support/realworld_files.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

struct Overview {
  RenderModel model;
  std::string svg;
  std::vector<Finding> findings;
  double seconds = 0;  // from the fabric to the SVG
};

// What `render --check` draws for a large fabric: checks, the detailed model with the
// findings marked, the groups, the fold, the layout.
Overview overview_of(const Fabric& fabric) {
  auto start = std::chrono::steady_clock::now();
  Overview o;
  o.findings = run_checks(fabric, AuditOptions{});
  Tiers tiers = infer_tiers(fabric);
  RenderOptions options;
  options.unfold = guids_named(o.findings);
  RenderModel detailed = build_render_model(fabric, tiers, options);
  mark_findings(detailed, fabric, o.findings);
  o.model = fold_into_groups(detailed, compute_map_groups(fabric, tiers), {});
  o.svg = render_map(o.model, MapFormat::Svg);
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

struct Measured {
  double width = 0;  // the viewBox, in SVG units (pt)
  double height = 0;
  double label_px = 1e9;  // the smallest group label font at the 1920x1080 fit
  std::size_t boxes = 0;
  std::size_t group_boxes = 0;
};

Measured measure(const std::string& svg) {
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_string(svg.c_str()));
  Measured m;
  pugi::xml_node root = doc.child("svg");
  double x = 0;
  double y = 0;
  EXPECT_EQ(std::sscanf(root.attribute("viewBox").value(), "%lf %lf %lf %lf", &x, &y, &m.width,
                        &m.height),
            4);
  double scale = std::min(1920 / m.width, 1080 / m.height);  // px per SVG unit
  for (pugi::xpath_node hit : doc.select_nodes("//g[@class='node']")) {
    ++m.boxes;
    if (!std::string_view(hit.node().attribute("id").value()).starts_with("G")) {
      continue;
    }
    ++m.group_boxes;
    for (pugi::xpath_node text : hit.node().select_nodes(".//text")) {
      m.label_px = std::min(m.label_px, text.node().attribute("font-size").as_double() * scale);
    }
  }
  return m;
}

// Every finding's check id somewhere in the SVG's text (titles, labels, legend).
void expect_every_check_shown(const Overview& o) {
  std::set<std::string> checks;
  for (const Finding& f : o.findings) {
    checks.insert(f.check);
  }
  for (const std::string& check : checks) {
    EXPECT_NE(o.svg.find(check), std::string::npos) << check;
  }
}

// The screen-size properties, printed for the record (docs/render.md cites them).
void expect_readable(const std::string& name, const Overview& o) {
  Measured m = measure(o.svg);
  if (const char* dir = std::getenv("IBATLAS_OVERVIEW_SVG_DIR")) {  // to look at them
    std::string file = name;
    std::replace(file.begin(), file.end(), '/', '_');
    std::ofstream(std::string(dir) + "/" + file + ".svg") << o.svg;
  }
  std::printf(
      "[ overview ] %s: %zu boxes (%zu groups), row limit %zu, %.0f x %.0f pt, aspect %.2f, "
      "group labels >= %.1f px at 1920x1080, %zu findings, %.2f s\n",
      name.c_str(), m.boxes, m.group_boxes, o.model.row_limit, m.width, m.height,
      m.width / m.height, m.label_px, o.findings.size(), o.seconds);
  EXPECT_GE(m.width / m.height, 0.5);
  EXPECT_LE(m.width / m.height, 2.5);
  EXPECT_GT(m.group_boxes, 0u);
  EXPECT_GE(m.label_px, 9.0);
  EXPECT_LE(m.boxes, 150u);
  EXPECT_EQ(m.boxes, o.model.nodes.size());
  expect_every_check_shown(o);
}

Fabric read_dump(const std::string& relative) {
  std::string path = test::realworld(relative);
  return read_fabric(read_file(path), path).fabric;
}

TEST(OverviewSvgTest, TenThousandHostFatTreeFitsAScreen) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 36, .hosts = 10000});
  expect_readable("fat-tree 3 levels radix 36, 10000 hosts", overview_of(f));
}

TEST(OverviewSvgTest, SmallerFatTreesFitAScreen) {
  Fabric three = test::make_fat_tree({.levels = 3, .radix = 16, .hosts = 500});
  expect_readable("fat-tree 3 levels radix 16, 500 hosts", overview_of(three));
  Fabric two = test::make_fat_tree({.levels = 2, .radix = 36, .hosts = 600});
  expect_readable("fat-tree 2 levels radix 36, 600 hosts", overview_of(two));
}

TEST(OverviewSvgTest, IrregularFabricsFitAScreen) {
  Fabric small = test::make_irregular({.switches = 12, .radix = 16, .hosts = 60, .seed = 3});
  expect_readable("irregular 12 switches", overview_of(small));
  Fabric large = test::make_irregular(
      {.switches = 120, .radix = 24, .extra_links = 60, .hosts = 600, .seed = 7});
  expect_readable("irregular 120 switches", overview_of(large));
}

// The most boxes an overview is meant to hold: 150 groups, a core tier over 149 pods, as
// compute_map_groups would give them (hand-built: no generator makes that many pods).
TEST(OverviewSvgTest, AHundredAndFiftyGroupsFitAScreen) {
  RenderModel detailed;
  MapGroups groups;
  for (std::uint32_t g = 0; g < 150; ++g) {
    std::string name = g == 0 ? "core tier" : "pod " + std::to_string(g);
    groups.groups.push_back(
        {.id = g == 0 ? "tier3" : "pod" + std::to_string(g),
         .kind = g == 0 ? GroupKind::Tier : GroupKind::Pod,
         .name = name,
         .summary = g == 0 ? "576 switches" : "18 leaves + 18 spines, 324 hosts",
         .tier = g == 0 ? 3 : 2,
         .switches = {NodeId{g}}});
    groups.group_of.push_back(g);
    RenderNode box{.id = "n" + std::to_string(g), .kind = BoxKind::Switch, .label = name};
    box.tier = g == 0 ? 3 : 2;
    box.members = {NodeId{g}};
    detailed.nodes.push_back(box);
    detailed.box_of.push_back(g);
    if (g > 0) {
      detailed.edges.push_back({.upper = 0, .lower = g, .cables = {PortId{g}}, .count = 1});
    }
  }
  Overview o;
  o.model = fold_into_groups(detailed, groups, {});
  EXPECT_EQ(o.model.group_font, 43);  // 20 pt x sqrt(150 / 32) = 43.3
  o.svg = render_map(o.model, MapFormat::Svg);
  expect_readable("150 groups (hand-built)", o);
}

TEST(OverviewSvgTest, JanusFitsAScreen) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  expect_readable("mlunacek-janus",
                  overview_of(read_dump("mlunacek-janus/ibnetdiscover-2-12-2014")));
}

TEST(OverviewSvgTest, DirectorDumpFitsAScreen) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  expect_readable("mellanox-ufm-sdk-ndt director",
                  overview_of(read_dump("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt")));
}

// Every group opened in place (what the atlas shows after a click) lays out with every box.
void expect_group_views(const Fabric& fabric) {
  std::vector<Finding> findings = run_checks(fabric, AuditOptions{});
  Tiers tiers = infer_tiers(fabric);
  RenderModel detailed = build_render_model(fabric, tiers, {});
  mark_findings(detailed, fabric, findings);
  MapGroups groups = compute_map_groups(fabric, tiers);
  for (std::size_t g = 0; g < groups.groups.size(); ++g) {
    SCOPED_TRACE(groups.groups[g].id);
    RenderModel view = group_view(detailed, groups, g);
    Measured m = measure(render_map(view, MapFormat::Svg));
    EXPECT_EQ(m.boxes, view.nodes.size());
    EXPECT_GT(m.boxes, 0u);
  }
}

TEST(OverviewSvgTest, EveryGroupViewOfJanusAndTheDirectorDumpLaysOut) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  expect_group_views(read_dump("mlunacek-janus/ibnetdiscover-2-12-2014"));
  expect_group_views(read_dump("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt"));
}

// Every real dump's overview lays out, keeps to 150 boxes and shows every check; those large
// enough to be drawn as an overview by default also fit a screen.
TEST(OverviewSvgTest, EveryRealDumpRendersItsOverview) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  std::size_t rendered = 0;
  auto start = std::chrono::steady_clock::now();
  for (const fs::path& file : test::realworld_fabric_files()) {
    SCOPED_TRACE(file.string());
    std::optional<ReadResult> read;
    try {
      read = read_fabric(read_file(file.string()), file.string());
    } catch (const Error&) {
      continue;  // not a fabric: the readers' tests cover it
    }
    if (read->fabric.nodes().empty()) {
      continue;
    }
    Overview o = overview_of(read->fabric);
    MapGroups groups = compute_map_groups(read->fabric, infer_tiers(read->fabric));
    Measured m = measure(o.svg);
    EXPECT_LE(m.boxes, 150u);
    EXPECT_EQ(m.boxes, o.model.nodes.size());
    expect_every_check_shown(o);
    if (groups.switch_units > kOverviewSwitchUnits) {
      expect_readable(fs::relative(file, test::realworld("")).string(), o);
    }
    ++rendered;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ overview ] %zu real dumps in %.1f s\n", rendered, seconds);
  EXPECT_GE(rendered, 20u);
}

}  // namespace
}  // namespace ibatlas
