// iblinkinfo's -l layout and filtered output (--switches-only, --cas-only, partial scans):
// the same small fabric written by support/iblinkinfo_text (iblinkinfo.c's printf formats)
// in each layout. Expected cables are read off linkinfo_sample()'s comment by hand.

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"
#include "ibatlas/input_file.hpp"

#include "support/iblinkinfo_text.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

using test::linkinfo_default;
using test::linkinfo_lines;
using test::linkinfo_sample;
using test::LinkinfoFilter;

constexpr Guid kSwA = 0x2c90200000001;
constexpr Guid kSwB = 0x2c90200000002;

Fabric read(const std::string& text) {
  Fabric f = read_iblinkinfo(text, "l.txt").fabric;
  EXPECT_EQ(check_invariants(f), std::vector<std::string>{});
  return f;
}

// Every link as "desc[port] - desc[port] width speed", ends sorted.
std::set<std::string> cables(const Fabric& f) {
  std::set<std::string> out;
  for (PortId id : f.links()) {
    const Port& a = f.port(id);
    const Port& b = f.port(*a.peer);
    std::string x = f.node(a.node).description + "[" + std::to_string(a.number) + "]";
    std::string y = f.node(b.node).description + "[" + std::to_string(b.number) + "]";
    EXPECT_EQ(a.width_active, b.width_active) << x << " " << y;
    EXPECT_EQ(a.speed_active, b.speed_active) << x << " " << y;
    out.insert((x < y ? x + " - " + y : y + " - " + x) + " " + to_string(*a.width_active) + " " +
               to_string(*a.speed_active));
  }
  return out;
}

const std::set<std::string> kAllCables = {
    "h1 HCA-1[1] - sw-a[1] 4x QDR", "h2 HCA-1[1] - sw-a[2] 4x QDR", "sw-a[10] - sw-b[10] 4x QDR",
    "h2 HCA-1[2] - sw-b[1] 1x SDR", "h3 HCA-1[1] - sw-b[2] 4x QDR"};

std::size_t count_type(const Fabric& f, NodeType type) {
  std::size_t n = 0;
  for (const Node& node : f.nodes()) {
    n += node.type == type ? 1 : 0;
  }
  return n;
}

const Port& port_of(const Fabric& f, Guid node, std::uint8_t number) {
  return f.port(*f.find_port(*f.find_node(node), number));
}

TEST(IblinkinfoLayoutsTest, CableNamesUseOurWidthAndSpeedTexts) {
  EXPECT_EQ(to_string(LinkWidth::X4) + " " + to_string(LinkSpeed::Qdr), "4x QDR");
}

TEST(IblinkinfoLayoutsTest, DefaultAndLineLayoutsGiveTheSameFabric) {
  for (const std::string& text :
       {linkinfo_default(linkinfo_sample()), linkinfo_lines(linkinfo_sample())}) {
    Fabric f = read(text);
    EXPECT_EQ(cables(f), kAllCables) << text;
    EXPECT_EQ(count_type(f, NodeType::Switch), 2u);
    EXPECT_EQ(count_type(f, NodeType::Ca), 3u);
    NodeId h2 = *f.find_node(0x2c90300000021);  // its first port's GUID stands in
    EXPECT_EQ(f.node(h2).ports, 2u);
    EXPECT_EQ(f.port(*f.find_port(h2, 2)).guid, Guid{0x2c90300000022});
    EXPECT_EQ(f.port(*f.find_port(h2, 2)).base_lid, Lid{22});
    EXPECT_EQ(port_of(f, kSwA, 0).guid, kSwA);
    EXPECT_EQ(port_of(f, kSwA, 0).base_lid, Lid{1});
    EXPECT_EQ(port_of(f, kSwB, 3).state, PortState::Down);
    EXPECT_FALSE(port_of(f, kSwB, 3).peer.has_value());
    EXPECT_EQ(f.provenance().format, "iblinkinfo");
  }
}

TEST(IblinkinfoLayoutsTest, LineLayoutDropsTheDescriptionPadding) {
  std::string text = linkinfo_lines(linkinfo_sample());
  ASSERT_NE(text.find("\"                          sw-a\""), std::string::npos) << text;
  Fabric f = read(text);
  EXPECT_EQ(f.node(*f.find_node(kSwA)).description, "sw-a");
  EXPECT_EQ(f.node(*f.find_node(0x2c90300000011)).description, "h1 HCA-1");
  EXPECT_EQ(f.provenance().tool, "iblinkinfo -l");
}

// "%30s" pads only short descriptions; a long one keeps its blanks, and quotes inside it
// do not end it (the last quote before "==(" does).
TEST(IblinkinfoLayoutsTest, LineLayoutKeepsLongDescriptionsWhole) {
  const std::string desc = "  rack 7 \"top\" leaf, MQM8790 switch";
  ASSERT_GT(desc.size(), 30u);
  std::vector<test::LinkinfoRow> rows = linkinfo_sample();
  for (test::LinkinfoRow& r : rows) {
    if (r.desc == "sw-a") {
      r.desc = desc;
    }
  }
  Fabric f = read(linkinfo_lines(rows, LinkinfoFilter::SwitchesOnly));
  EXPECT_EQ(f.node(*f.find_node(kSwA)).description, desc);
  EXPECT_EQ(f.links().size(), 5u);
}

TEST(IblinkinfoLayoutsTest, LineLayoutIsDetected) {
  EXPECT_EQ(detect_format(linkinfo_lines(linkinfo_sample())), InputFormat::Iblinkinfo);
  EXPECT_EQ(detect_format(linkinfo_lines(linkinfo_sample(), LinkinfoFilter::CasOnly)),
            InputFormat::Iblinkinfo);
  EXPECT_EQ(read_fabric(linkinfo_lines(linkinfo_sample()), "in").fabric.links().size(), 5u);
}

TEST(IblinkinfoLayoutsTest, SwitchesOnlyMakesEachCaPortANodeWithAMadeUpGuid) {
  Fabric f = read(linkinfo_default(linkinfo_sample(), LinkinfoFilter::SwitchesOnly));
  EXPECT_EQ(cables(f), kAllCables);
  EXPECT_EQ(count_type(f, NodeType::Switch), 2u);
  EXPECT_EQ(count_type(f, NodeType::Ca), 4u) << "h2's two ports have two LIDs: two nodes";
  ASSERT_TRUE(f.find_node(kMadeUpGuidBase | 11));
  NodeId h1 = *f.find_node(kMadeUpGuidBase | 11);
  EXPECT_EQ(f.node(h1).type, NodeType::Ca);
  EXPECT_EQ(f.node(h1).description, "h1 HCA-1");
  EXPECT_EQ(f.port(*f.find_port(h1, 1)).base_lid, Lid{11});
  EXPECT_FALSE(f.port(*f.find_port(h1, 1)).guid.has_value());
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 22)).description, "h2 HCA-1");
}

TEST(IblinkinfoLayoutsTest, CasOnlyMakesTheSwitchesFromTheirLids) {
  Fabric f = read(linkinfo_default(linkinfo_sample(), LinkinfoFilter::CasOnly));
  std::set<std::string> expected = kAllCables;
  expected.erase("sw-a[10] - sw-b[10] 4x QDR");  // no listed node has it
  EXPECT_EQ(cables(f), expected);
  ASSERT_TRUE(f.find_node(kMadeUpGuidBase | 1));
  NodeId a = *f.find_node(kMadeUpGuidBase | 1);
  EXPECT_EQ(f.node(a).type, NodeType::Switch);
  EXPECT_EQ(f.node(a).description, "sw-a");
  EXPECT_EQ(f.port(*f.find_port(a, 0)).base_lid, Lid{1});
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 2)).type, NodeType::Switch);
  EXPECT_EQ(count_type(f, NodeType::Switch), 2u);
  EXPECT_EQ(count_type(f, NodeType::Ca), 3u);
}

TEST(IblinkinfoLayoutsTest, FilteredLineLayoutKeepsThePeersRealGuids) {
  Fabric sw = read(linkinfo_lines(linkinfo_sample(), LinkinfoFilter::SwitchesOnly));
  EXPECT_EQ(cables(sw), kAllCables);
  EXPECT_EQ(count_type(sw, NodeType::Ca), 4u);
  EXPECT_EQ(sw.node(*sw.find_node(0x2c90300000022)).type, NodeType::Ca);
  EXPECT_EQ(port_of(sw, 0x2c90300000011, 1).guid, Guid{0x2c90300000011});
  EXPECT_EQ(port_of(sw, 0x2c90300000011, 1).base_lid, Lid{11});

  Fabric ca = read(linkinfo_lines(linkinfo_sample(), LinkinfoFilter::CasOnly));
  EXPECT_EQ(cables(ca).size(), 4u);
  EXPECT_EQ(ca.node(*ca.find_node(kSwA)).type, NodeType::Switch);
  EXPECT_EQ(port_of(ca, kSwB, 0).guid, kSwB);
  EXPECT_EQ(count_type(ca, NodeType::Ca), 3u);
}

// A partial scan (-D/-S with -a -n): sw-a and h3 listed. sw-b is named at two ports of LID 2
// (by h3 and by sw-a): a switch; h1 and h2 are named at one port each: CAs.
TEST(IblinkinfoLayoutsTest, MixedListingGuessesPeerTypesFromPortCounts) {
  std::vector<test::LinkinfoRow> rows;
  for (const test::LinkinfoRow& r : linkinfo_sample()) {
    if (r.desc == "sw-a" || r.desc == "h3 HCA-1") {
      rows.push_back(r);
    }
  }
  Fabric f = read(linkinfo_default(rows));
  EXPECT_EQ(cables(f).size(), 4u);
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 2)).type, NodeType::Switch);
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 2)).ports, 3u) << "ports 0, 2 and 10";
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 11)).type, NodeType::Ca);
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 21)).type, NodeType::Ca);
}

TEST(IblinkinfoLayoutsTest, UnlistedPeersWithoutLidsAreToldApartByPort) {
  Fabric f = read(
      "Switch: 0x0000000000000002 sw:\n"
      "  0 1[  ] ==( 4X 10.0 Gbps Armed/  LinkUp)==>  0 1[  ] \"host\" ( )\n"
      "  0 2[  ] ==( 4X 10.0 Gbps Armed/  LinkUp)==>  0 1[  ] \"host\" ( )\n");
  EXPECT_EQ(f.links().size(), 2u);
  const Guid second = kMadeUpGuidBase | (Guid{1} << 32);
  ASSERT_TRUE(f.find_node(second | 1));
  ASSERT_TRUE(f.find_node(second | 2));
  EXPECT_EQ(f.node(*f.find_node(second | 2)).description, "host");
  EXPECT_FALSE(port_of(f, second | 1, 1).base_lid.has_value());
}

TEST(IblinkinfoLayoutsTest, MadeUpGuidNeverRepeatsAGuidTheFileGives) {
  Fabric f = read(
      "Switch: 0xffffff0000000009 sw:\n"
      "  7 1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  9 1[  ] \"host\" ( )\n");
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | 9)).description, "sw");
  ASSERT_TRUE(f.find_node(kMadeUpGuidBase | (Guid{1} << 32) | 1));
  EXPECT_EQ(f.node(*f.find_node(kMadeUpGuidBase | (Guid{1} << 32) | 1)).description, "host");
}

// The teaker capture (1 switch, 8 CAs, 9 cables) cut down to what --switches-only or
// --cas-only would have printed: the blocks (a header and its rows) of one type.
std::string blocks_of(const std::string& text, const std::string& header) {
  std::istringstream in(text);
  std::string out;
  bool keep = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Switch:", 0) == 0 || line.rfind("CA:", 0) == 0) {
      keep = line.rfind(header, 0) == 0;
    }
    out += keep ? line + "\n" : "";
  }
  return out;
}

TEST(IblinkinfoLayoutsTest, RealCaptureCutToOneTypeKeepsAllNineCables) {
  std::string path = test::realworld("stmatengss-teaker/iblinkinfo.txt");
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  std::string text = read_file(path);
  std::set<std::string> all = cables(read(text));
  ASSERT_EQ(all.size(), 9u);
  Fabric sw = read(blocks_of(text, "Switch:"));
  EXPECT_EQ(cables(sw), all);
  EXPECT_EQ(count_type(sw, NodeType::Ca), 9u) << "teaker-9's two ports: two LIDs, two nodes";
  Fabric ca = read(blocks_of(text, "CA:"));
  EXPECT_EQ(cables(ca), all);
  ASSERT_TRUE(ca.find_node(kMadeUpGuidBase | 2));
  EXPECT_EQ(ca.node(*ca.find_node(kMadeUpGuidBase | 2)).description,
            "Infiniscale-IV Mellanox Technologies");
  EXPECT_EQ(count_type(ca, NodeType::Switch), 1u);
}

std::string error_of(const std::string& text) {
  try {
    read_iblinkinfo(text, "l.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

const std::string kLine =
    "0x0000000000000002 \"                            sw\"      2    1[  ] ==( 4X 10.0 Gbps "
    "Active/  LinkUp)==>  0x0000000000000003      3    1[  ] \"h\" ( )\n";

TEST(IblinkinfoLayoutsTest, RejectsMalformedLinesNamingWhatWasExpected) {
  struct Case {
    std::string text;
    std::string message;
  };

  const Case cases[] = {
      {kLine + "Switch: 0x2 s:\n",
       "l.txt:2: expected an iblinkinfo -l line (0x<port GUID> \"<description>\" <LID> ...), as "
       "the file's first row, found \"Switch: 0x2 s:\""},
      {"Switch: 0x2 s:\n" + kLine,
       "l.txt:2: expected a LID (0-65535), found \"0x0000000000000002\""},
      {"0x2 \"sw 2 1[ ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  [  ] \"\" ( )\n",
       "l.txt:1: expected a quoted node description after the port GUID, found \"\"sw 2 "
       "1[ ]\""},
      {"0x2 \"sw\" 2 1[ ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  0xZZ 3 1[ ] \"h\" ( )\n",
       "l.txt:1: expected a peer port GUID (0x followed by hex digits), found \"0xZZ\""},
      {kLine + kLine, "l.txt:2: expected one line per port, found a second line for port 1"},
      {kLine + "0x0000000000000009 \"h\" 9 1[ ] ==( Down/ Polling)==>  [ ] \"\" ( )\n" + kLine,
       "l.txt:3: expected the lines of one node together, once, found port GUID "
       "0x0000000000000002 again"},
      {"Switch: 0x2 s:\n  2 1[ ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  9 0[ ] \"x\" ( )\n",
       "l.txt:2: expected a peer port from 1 to 255, found \"0\""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
  EXPECT_EQ(error_of(kLine), "no error");
}

}  // namespace
}  // namespace ibatlas
