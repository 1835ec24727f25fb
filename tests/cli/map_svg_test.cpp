// The map through Graphviz: DOT text, SVG parsed back with pugixml, the HTML page.

#include <map>
#include <set>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/map_html.hpp"
#include "ibatlas/render/style.hpp"

#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

using test::render_sample;

RenderModel sample_model(RenderOptions o = {}) {
  Fabric f = render_sample();
  return build_render_model(f, infer_tiers(f), o);
}

// id -> <title> text of every node group (class "node") of an SVG.
std::map<std::string, std::string> svg_nodes(const std::string& svg, const char* cls = "node") {
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_string(svg.c_str()));
  std::map<std::string, std::string> nodes;
  std::string query = std::string("//g[@class='") + cls + "']";
  for (pugi::xpath_node hit : doc.select_nodes(query.c_str())) {
    nodes[hit.node().attribute("id").value()] = hit.node().child("title").text().get();
  }
  return nodes;
}

TEST(MapDotTest, OneRankPerTierInTheTiersLayoutOnly) {
  RenderModel m = sample_model();
  std::string dot = map_dot(m);
  std::size_t ranks = 0;
  for (std::size_t at = dot.find("rank=same"); at != std::string::npos;
       at = dot.find("rank=same", at + 1)) {
    ++ranks;
  }
  EXPECT_EQ(ranks, 3u);  // hosts, leaves, spines
  m.layout = RenderLayout::Spring;
  EXPECT_EQ(map_dot(m).find("rank=same"), std::string::npos);
  EXPECT_EQ(layout_engine(m), "neato");
}

TEST(MapDotTest, EscapesQuotesBackslashesAndBadBytes) {
  EXPECT_EQ(dot_escape("a\"b\\c"), "a\\\"b\\\\c");
  EXPECT_EQ(dot_escape("two\nlines"), "two\\nlines");
  EXPECT_EQ(dot_escape(std::string("bad\xff") + "byte\x01"), "bad?byte?");
  EXPECT_EQ(dot_escape("×18 ü"), "×18 ü");  // UTF-8 stays
  // Overlong "/" and a UTF-16 surrogate are not well-formed UTF-8: one "?" per byte.
  EXPECT_EQ(dot_escape(std::string("a\xc0\xaf") + "b\xed\xa0\x80"), "a??b???");
  EXPECT_EQ(html_label_escape("<a&b>"), "&lt;a&amp;b&gt;");
}

TEST(MapSvgTest, EveryBoxIsInTheSvgWithItsTooltipAsTitle) {
  RenderModel m = sample_model();
  std::map<std::string, std::string> nodes = svg_nodes(render_map(m, MapFormat::Svg));
  ASSERT_EQ(nodes.size(), m.nodes.size());
  for (const RenderNode& n : m.nodes) {
    ASSERT_TRUE(nodes.contains(n.id)) << n.label;
    EXPECT_EQ(nodes[n.id].substr(0, n.tooltip.front().size()), n.tooltip.front());
  }
  // The folded group's title lists every member with its GUID.
  const std::string& group = nodes["g00000000000000c1"];
  for (const char* guid : {"0x00000000000000c1", "0x00000000000000c2", "0x00000000000000c3"}) {
    EXPECT_NE(group.find(guid), std::string::npos) << guid;
  }
  EXPECT_EQ(svg_nodes(render_map(m, MapFormat::Svg), "edge").size(), m.edges.size());
}

TEST(MapSvgTest, AMarkedCableCarriesTheFindingInItsTitle) {
  Fabric f = render_sample();
  RenderModel m = build_render_model(f, infer_tiers(f), {});
  Finding finding;
  finding.check = "link.degraded";
  finding.severity = Severity::Error;
  finding.location.kind = LocationKind::Port;
  finding.location.here = Endpoint{test::kL1, 34, "L1"};
  finding.message = "runs 1x";
  mark_findings(m, f, std::vector<Finding>{finding});
  std::string svg = render_map(m, MapFormat::Svg);
  std::map<std::string, std::string> edges = svg_nodes(svg, "edge");
  std::size_t marked = 0;
  for (const auto& [id, title] : edges) {
    marked += title.find("error link.degraded: runs 1x") != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(marked, 1u);
  EXPECT_NE(svg.find(highlight_colour(Highlight::Error)), std::string::npos);
  EXPECT_EQ(svg_nodes(render_map(sample_model(), MapFormat::Svg), "edge").size(), 7u);
}

TEST(MapSvgTest, BrokenDotIsAnErrorNotACrash) {
  EXPECT_THROW(graphviz_render("digraph { a -> ", "dot", "svg"), Error);
  EXPECT_THROW(graphviz_render("digraph { a }", "nosuchengine", "svg"), Error);
}

TEST(MapSvgTest, SpringLayoutDrawsEveryBoxToo) {
  RenderOptions o;
  o.layout = RenderLayout::Spring;
  RenderModel m = sample_model(o);
  EXPECT_EQ(svg_nodes(render_map(m, MapFormat::Svg)).size(), m.nodes.size());
}

TEST(MapHtmlTest, OneSelfContainedFileWithTheSvgAndTheScript) {
  RenderModel m = sample_model();
  std::string html = render_map(m, MapFormat::Html);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("<?xml"), std::string::npos);
  EXPECT_NE(html.find("const EDGES = [[\"e0\""), std::string::npos);
  // Nothing is fetched: no src= or href= attributes, no stylesheet links.
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
