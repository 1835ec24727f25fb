// The cabling matrix SVG, parsed back with pugixml: one group per cell with its id, tooltip
// and state colour, row and column names, the legend, escaping of hostile names.

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/render/cabling_matrix.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/style.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

MatrixCell make_cell(std::size_t row, std::size_t column, CellState state,
                     std::vector<std::string> tooltip) {
  MatrixCell c;
  c.row = row;
  c.column = column;
  c.cables = state == CellState::Missing ? 0 : 1;
  c.expected = state == CellState::Extra ? 0 : 1;
  c.width = LinkWidth::X4;
  c.speed = state == CellState::Degraded ? LinkSpeed::Edr : LinkSpeed::Hdr;
  c.state = state;
  c.tooltip = std::move(tooltip);
  return c;
}

// 2 rows × 3 columns, one cell in each state; the extra one carries an error.
CablingMatrix sample() {
  CablingMatrix m;
  m.title = "leaf × spine";
  m.rows = {"leaf1", "leaf2"};
  m.columns = {"spine1", "spine2", "spine3"};
  m.row_groups = {"pod 1", "pod 1"};
  m.column_groups = {"spine tier", "spine tier", "spine tier"};
  m.expectation = "the plan plan.csv";
  m.cells = {make_cell(0, 0, CellState::Expected, {"leaf1 × spine1: 1 of 1 cable", "as expected"}),
             make_cell(0, 1, CellState::Degraded, {"leaf1 × spine2", "degraded"}),
             make_cell(1, 1, CellState::Missing, {"leaf2 × spine2", "missing"}),
             make_cell(1, 2, CellState::Extra, {"leaf2 × spine3", "extra", "error x: bad"})};
  m.cells[3].highlight = Highlight::Error;
  return m;
}

struct Parsed {
  pugi::xml_document doc;
  std::map<std::string, pugi::xml_node> cells;  // by id
};

void parse(const std::string& svg, Parsed& p) {
  pugi::xml_parse_result r = p.doc.load_string(svg.c_str());
  ASSERT_TRUE(r) << r.description() << " at " << r.offset;
  for (pugi::xpath_node n : p.doc.select_nodes("//g[@class='cell']")) {
    EXPECT_TRUE(p.cells.emplace(n.node().attribute("id").value(), n.node()).second);
  }
}

std::vector<std::string> texts(const pugi::xml_document& doc, const std::string& cls) {
  std::vector<std::string> out;
  for (pugi::xpath_node n : doc.select_nodes(("//text[@class='" + cls + "']").c_str())) {
    out.push_back(n.node().child_value());
  }
  return out;
}

TEST(CablingMatrixSvgTest, OneGroupPerCellWithIdTooltipAndStateColour) {
  std::vector<CablingMatrix> ms = {sample()};
  Parsed p;
  parse(cabling_matrix_svg(ms, "fabric"), p);
  pugi::xml_node svg = p.doc.child("svg");
  ASSERT_TRUE(svg);
  std::string w = svg.attribute("width").value();
  std::string h = svg.attribute("height").value();
  EXPECT_EQ(std::string(svg.attribute("viewBox").value()), "0 0 " + w + " " + h);
  EXPECT_EQ(std::string(svg.child("title").child_value()), "fabric");
  ASSERT_EQ(p.cells.size(), 4u);

  struct Case {
    std::string id;
    std::string title;
    std::string fill;
    std::string stroke;
    std::string state;
  };

  for (const Case& k : {
           Case{"m0-0-0", "leaf1 × spine1: 1 of 1 cable\nas expected", speed_colour(LinkSpeed::Hdr),
                "", "as expected"},
           Case{"m0-0-1", "leaf1 × spine2\ndegraded", "#ffd92f", "", "degraded"},
           Case{"m0-1-1", "leaf2 × spine2\nmissing", "#ffffff", "#555555", "missing"},
           Case{"m0-1-2", "leaf2 × spine3\nextra\nerror x: bad", "#1a1a1a",
                highlight_colour(Highlight::Error), "extra"},
       }) {
    ASSERT_TRUE(p.cells.contains(k.id)) << k.id;
    pugi::xml_node g = p.cells[k.id];
    EXPECT_EQ(std::string(g.child("title").child_value()), k.title);
    EXPECT_EQ(std::string(g.child("rect").attribute("fill").value()), k.fill) << k.id;
    EXPECT_EQ(std::string(g.child("rect").attribute("stroke").value()), k.stroke) << k.id;
    EXPECT_EQ(std::string(g.attribute("data-state").value()), k.state);
  }
  EXPECT_EQ(std::string(p.cells["m0-1-1"].child("rect").attribute("stroke-dasharray").value()),
            "3 2");
  // Cells of 18 px show their count; a missing cell has none.
  EXPECT_EQ(std::string(p.cells["m0-0-0"].child("text").child_value()), "1");
  EXPECT_FALSE(p.cells["m0-1-1"].child("text"));
  EXPECT_EQ(texts(p.doc, "row"), (std::vector<std::string>{"leaf1", "leaf2"}));
  EXPECT_EQ(texts(p.doc, "column"), (std::vector<std::string>{"spine1", "spine2", "spine3"}));
}

TEST(CablingMatrixSvgTest, LegendExplainsTheStatesTheBordersAndTheExpectation) {
  std::vector<CablingMatrix> ms = {sample()};
  Parsed p;
  parse(cabling_matrix_svg(ms, "fabric"), p);
  pugi::xml_node legend = p.doc.select_node("//g[@id='legend']").node();
  ASSERT_TRUE(legend);
  std::vector<std::string> lines;
  for (pugi::xpath_node n : legend.select_nodes(".//text[@class='legend-text']")) {
    lines.push_back(n.node().child_value());
  }
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "as expected, at HDR");  // the one expected cell is HDR
  EXPECT_EQ(lines[1].rfind("degraded", 0), 0u);
  EXPECT_EQ(lines[2].rfind("missing", 0), 0u);
  EXPECT_EQ(lines[3].rfind("extra", 0), 0u);
  EXPECT_NE(lines[4].find("an error"), std::string::npos);
  EXPECT_NE(lines[5].find("a warning"), std::string::npos);
  EXPECT_EQ(lines[6], "Expected: the plan plan.csv");
  std::vector<std::string> swatches;
  for (pugi::xpath_node n : legend.select_nodes(".//rect[@class='swatch']")) {
    swatches.push_back(n.node().attribute("fill").value());
  }
  EXPECT_EQ(swatches, (std::vector<std::string>{speed_colour(LinkSpeed::Hdr), "#ffd92f", "#ffffff",
                                                "#1a1a1a", "#ffffff", "#ffffff"}));
}

TEST(CablingMatrixSvgTest, StateColoursAreNotFindingColours) {
  for (const std::string& c : {std::string("#ffd92f"), std::string("#1a1a1a")}) {
    EXPECT_NE(c, highlight_colour(Highlight::Error));
    EXPECT_NE(c, highlight_colour(Highlight::Warning));
    for (int s = 0; s <= static_cast<int>(LinkSpeed::Xdr); ++s) {
      EXPECT_NE(c, speed_colour(static_cast<LinkSpeed>(s)));
    }
  }
}

TEST(CablingMatrixSvgTest, HostileNamesAreEscaped) {
  CablingMatrix m = sample();
  m.rows[0] = "<leaf & \"one\">";
  m.columns[2] = "spine]]>\x01<!--";
  m.row_groups = {"pod <1>", "pod <1>"};
  m.title = "a & b";
  m.cells[0].tooltip = {"</title><script>alert(1)</script>"};
  std::vector<CablingMatrix> ms = {m};
  Parsed p;
  parse(cabling_matrix_svg(ms, "x<y>&\"z\""), p);
  EXPECT_EQ(std::string(p.doc.child("svg").child("title").child_value()), "x<y>&\"z\"");
  EXPECT_EQ(texts(p.doc, "row")[0], "<leaf & \"one\">");
  EXPECT_EQ(texts(p.doc, "column")[2], "spine]]>?<!--");  // the control character replaced
  EXPECT_EQ(std::string(p.cells["m0-0-0"].child("title").child_value()),
            "</title><script>alert(1)</script>");
  EXPECT_TRUE(p.doc.select_nodes("//script").empty());
}

TEST(CablingMatrixSvgTest, TwoMatricesOneUnderTheOtherAndDeterministic) {
  std::vector<CablingMatrix> ms = {sample(), sample()};
  ms[1].title = "spine × core";
  std::string svg = cabling_matrix_svg(ms, "fabric");
  EXPECT_EQ(svg, cabling_matrix_svg(ms, "fabric"));
  Parsed p;
  parse(svg, p);
  EXPECT_EQ(p.cells.size(), 8u);
  EXPECT_TRUE(p.cells.contains("m1-1-2"));
  pugi::xml_node first = p.doc.select_node("//g[@id='m0']/rect[@fill='none']").node();
  pugi::xml_node second = p.doc.select_node("//g[@id='m1']/rect[@fill='none']").node();
  ASSERT_TRUE(first && second);
  EXPECT_GT(second.attribute("y").as_int(),
            first.attribute("y").as_int() + first.attribute("height").as_int());
}

TEST(CablingMatrixSvgTest, NoMatricesStillGiveAValidSvgThatSaysSo) {
  Parsed p;
  parse(cabling_matrix_svg({}, "tiny"), p);
  EXPECT_TRUE(p.cells.empty());
  std::string all;
  for (pugi::xpath_node n : p.doc.select_nodes("//text")) {
    all += n.node().child_value();
  }
  EXPECT_NE(all.find("no cabling matrix"), std::string::npos);
}

// End to end on a generated 3-level tree, with no groups and with compute_map_groups' pods:
// every cell drawn once, every one as expected (the tree is intact).
TEST(CablingMatrixSvgTest, EveryCellOfAGeneratedTreeIsDrawn) {
  Fabric f = test::make_fat_tree(test::FatTreeSpec{.levels = 3, .radix = 8, .hosts = 44});
  Tiers tiers = infer_tiers(f);
  MapGroups none;
  none.group_of.resize(f.nodes().size());
  for (const MapGroups& groups : {none, compute_map_groups(f, tiers)}) {
    std::vector<CablingMatrix> ms = build_cabling_matrices(f, tiers, groups, {}, nullptr);
    ASSERT_EQ(ms.size(), 2u);
    Parsed p;
    parse(cabling_matrix_svg(ms, "generated"), p);
    EXPECT_EQ(p.cells.size(), 96u);  // 48 leaf-agg cables, 48 agg-core cables
    for (const auto& [id, g] : p.cells) {
      EXPECT_EQ(std::string(g.attribute("data-state").value()), "as expected") << id;
    }
  }
}

// The director dump: its leaves by its four directors. The oracle reads the dump's switch
// lines: directors' chips are described "MF0;<name>:MCS8500/<slot>/U<n>", leaves
// "MF0;<name>:MQM8700/U1".
TEST(CablingMatrixSvgTest, TheDirectorDumpIsItsLeavesByItsDirectors) {
  std::string path = test::realworld("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt");
  if (!std::filesystem::is_regular_file(path)) {
    GTEST_SKIP() << path << " not here";
  }
  std::string text = read_file(path);
  std::set<std::string> directors;
  std::size_t leaves = 0;
  std::istringstream lines(text);
  std::regex model(R"(# "MF0;([^:]+):(MCS8500|MQM8700)/)");
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("Switch") && std::regex_search(line, m, model)) {
      m[2] == "MCS8500" ? static_cast<void>(directors.insert(m[1])) : static_cast<void>(++leaves);
    }
  }
  Fabric f = read_fabric(text, path).fabric;
  Tiers tiers = infer_tiers(f);
  std::vector<CablingMatrix> ms =
      build_cabling_matrices(f, tiers, compute_map_groups(f, tiers), {}, nullptr);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].columns, std::vector<std::string>(directors.begin(), directors.end()));
  EXPECT_EQ(ms[0].rows.size(), leaves);
  EXPECT_EQ(std::set<std::string>(ms[0].rows.begin(), ms[0].rows.end()).size(), leaves);
  Parsed p;
  parse(cabling_matrix_svg(ms, path), p);
  EXPECT_EQ(p.cells.size(), ms[0].cells.size());
}

// A director's chips (one system image GUID) are one column, and a cell's cable lines name
// the chip's place in the chassis. 2 levels, radix 8: leaf l port 5 + u <-> spine u port
// l + 1; spine000 and spine001 (NodeIds 0 and 1) become chips S01 and S02 of "core1".
TEST(CablingMatrixSvgTest, AChassisIsOneColumnAndItsCablesNameTheChips) {
  FabricBuilder b = from_fabric(test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 8}));
  for (std::uint32_t s : {0U, 1U}) {
    b.node(NodeId{s}).system_guid = 0x42;
    b.node(NodeId{s}).description = "MF0;core1:CS7500/S0" + std::to_string(s + 1) + "/U1";
  }
  Fabric f = std::move(b).build();
  MapGroups groups;  // the chassis, the other spines, the leaves (NodeIds 4-11)
  groups.groups = {MapGroup{"chassis-42", GroupKind::Chassis, "core1"},
                   MapGroup{"tier2", GroupKind::Tier, "spine tier"},
                   MapGroup{"pod1", GroupKind::Pod, "pod 1"}};
  groups.group_of.resize(f.nodes().size());
  for (std::uint32_t n = 0; n < 12; ++n) {
    groups.group_of[n] = n < 2 ? 0 : (n < 4 ? 1 : 2);
  }
  std::vector<CablingMatrix> ms = build_cabling_matrices(f, infer_tiers(f), groups, {}, nullptr);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].columns, (std::vector<std::string>{"core1", "spine002", "spine003"}));
  EXPECT_EQ(ms[0].cells.size(), 24u);
  Parsed p;
  parse(cabling_matrix_svg(ms, "director"), p);
  ASSERT_TRUE(p.cells.contains("m0-0-0"));
  EXPECT_EQ(
      std::string(p.cells["m0-0-0"].child("title").child_value()),
      "leaf000 × core1: 2 of 2 cables, 4xHDR\nas expected\n"
      "leaf000 port 5 — core1/S01/U1 port 1, 4xHDR\nleaf000 port 6 — core1/S02/U1 port 1, 4xHDR");
  EXPECT_EQ(std::string(p.cells["m0-0-0"].attribute("data-state").value()), "as expected");
}

}  // namespace
}  // namespace ibatlas
