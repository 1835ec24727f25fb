// opensm-subnet.lst: each construct accepted and rejected, on inline text. Layout facts come
// from opensm/osm_dump.c (dump_topology_node).

#include "ibatlas/formats/subnet_lst.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

ReadResult read(const std::string& text) {
  ReadResult r = read_subnet_lst(text, "s.lst");
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  return r;
}

std::string error_of(const std::string& text) {
  try {
    read_subnet_lst(text, "s.lst");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

// The first line of the real file, and the same cable printed from the switch's side.
const std::string kCa =
    "{ CA Ports:01 SystemGUID:7cfe9003004b0700 NodeGUID:7cfe9003004b0700 "
    "PortGUID:7cfe9003004b0701 VenID:0002C9 DevID:1013 Rev:00000000 {ime5 HCA-1} LID:0032 "
    "PN:01 }";
const std::string kCaSecond =
    "{ CA Ports:01 SystemGUID:7cfe9003004b0700 NodeGUID:7cfe9003004b0700 "
    "PortGUID:7cfe9003004b0701 VenID:000002C9 DevID:10130000 Rev:00000000 {ime5 HCA-1} "
    "LID:0032 PN:01 }";
const std::string kSw =
    "{ SW Ports:25 SystemGUID:7cfe900300992080 NodeGUID:7cfe900300f2da60 "
    "PortGUID:7cfe900300f2da60 VenID:0002C9 DevID:CF08 Rev:000000A0 "
    "{MF0;cs7500:CS7500/L17/U2} LID:00F9 PN:0C }";
const std::string kSwSecond =
    "{ SW Ports:25 SystemGUID:7cfe900300992080 NodeGUID:7cfe900300f2da60 "
    "PortGUID:7cfe900300f2da60 VenID:000002C9 DevID:CF080000 Rev:000000A0 "
    "{MF0;cs7500:CS7500/L17/U2} LID:00F9 PN:0C }";

std::string line(const std::string& a, const std::string& b, const std::string& tail) {
  return a + " " + b + " " + tail + "\n";
}

constexpr Guid kCaGuid = 0x7cfe9003004b0700;
constexpr Guid kSwGuid = 0x7cfe900300f2da60;

TEST(SubnetLstTest, BothSidesOfACableMakeOneLinkAndTwoNodes) {
  ReadResult r = read(line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=25") +
                      line(kSw, kCaSecond, "PHY=4x LOG=ACT SPD=25"));
  const Fabric& f = r.fabric;
  ASSERT_EQ(f.nodes().size(), 2u);
  EXPECT_EQ(f.links().size(), 1u);
  EXPECT_TRUE(r.skipped.empty());
  EXPECT_EQ(f.provenance().format, "lst");
}

TEST(SubnetLstTest, NodeFieldsAreHex) {
  const Fabric f = read(line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=25")).fabric;
  const Node& ca = f.node(*f.find_node(kCaGuid));
  EXPECT_EQ(ca.type, NodeType::Ca);
  EXPECT_EQ(ca.system_guid, Guid{0x7cfe9003004b0700});
  EXPECT_EQ(ca.vendor_id, 0x2C9u);
  EXPECT_EQ(ca.device_id, 0x1013u);
  EXPECT_EQ(ca.revision, 0u);
  EXPECT_EQ(ca.port_count, 1);
  EXPECT_EQ(ca.description, "ime5 HCA-1");
  const Node& sw = f.node(*f.find_node(kSwGuid));
  EXPECT_EQ(sw.type, NodeType::Switch);
  EXPECT_EQ(sw.port_count, 0x25);
  EXPECT_EQ(sw.revision, 0xA0u);
  EXPECT_EQ(sw.description, "MF0;cs7500:CS7500/L17/U2");
}

TEST(SubnetLstTest, SecondHalfDeviceIdIsShiftedBack) {
  // The switch is only ever seen as a second half here, with DevID:CF080000.
  const Fabric f = read(line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=25")).fabric;
  EXPECT_EQ(f.node(*f.find_node(kSwGuid)).device_id, 0xCF08u);
}

TEST(SubnetLstTest, EightDigitDeviceIdThatFitsSixteenBitsIsTakenAsIs) {
  std::string sw = kSwSecond;
  sw.replace(sw.find("DevID:CF080000"), 14, "DevID:0000CF08");  // a big-endian opensm host
  const Fabric f = read(line(kCa, sw, "PHY=4x LOG=ACT SPD=25")).fabric;
  EXPECT_EQ(f.node(*f.find_node(kSwGuid)).device_id, 0xCF08u);
}

TEST(SubnetLstTest, LidAndPortNumberAreHexAndSwitchLidIsPortZeros) {
  const Fabric f = read(line(kSw, kCaSecond, "PHY=4x LOG=ACT SPD=25")).fabric;
  NodeId sw = *f.find_node(kSwGuid);
  EXPECT_TRUE(f.find_port(sw, 12).has_value());  // PN:0C
  const Port& port0 = f.port(*f.find_port(sw, 0));
  EXPECT_EQ(port0.base_lid, Lid{0xF9});
  EXPECT_EQ(port0.guid, kSwGuid);
  EXPECT_FALSE(f.port(*f.find_port(sw, 12)).guid.has_value());
  const Port& ca = f.port(*f.find_port(*f.find_node(kCaGuid), 1));
  EXPECT_EQ(ca.base_lid, Lid{0x32});
  EXPECT_EQ(ca.guid, Guid{0x7cfe9003004b0701});
}

TEST(SubnetLstTest, LinkFieldsDescribeTheFirstHalfsPortOnly) {
  const Fabric f = read(line(kCa, kSwSecond, "PHY=1x LOG=ARM SPD=14")).fabric;
  const Port& ca = f.port(*f.find_port(*f.find_node(kCaGuid), 1));
  EXPECT_EQ(ca.width_active, LinkWidth::X1);
  EXPECT_EQ(ca.state, PortState::Armed);
  EXPECT_EQ(ca.speed_active, LinkSpeed::Fdr);
  const Port& sw = f.port(*f.find_port(*f.find_node(kSwGuid), 12));
  EXPECT_FALSE(sw.width_active.has_value());
  EXPECT_FALSE(sw.state.has_value());
}

TEST(SubnetLstTest, EverySpeedAndStateCodeIsDecoded) {
  struct Case {
    std::string spd;
    std::optional<LinkSpeed> speed;
  };

  const Case speeds[] = {{"2.5", LinkSpeed::Sdr}, {"5", LinkSpeed::Ddr},
                         {"10", LinkSpeed::Qdr},  {"FDR10", LinkSpeed::Fdr10},
                         {"14", LinkSpeed::Fdr},  {"25", LinkSpeed::Edr},
                         {"50", LinkSpeed::Hdr},  {"??", std::nullopt}};
  for (const Case& c : speeds) {
    const Fabric f = read(line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=" + c.spd)).fabric;
    EXPECT_EQ(f.port(*f.find_port(*f.find_node(kCaGuid), 1)).speed_active, c.speed) << c.spd;
  }
  const std::pair<std::string, PortState> states[] = {{"ACT", PortState::Active},
                                                      {"ARM", PortState::Armed},
                                                      {"INI", PortState::Init},
                                                      {"DWN", PortState::Down}};
  for (const auto& [log, state] : states) {
    const Fabric f = read(line(kCa, kSwSecond, "PHY=?? LOG=" + log + " SPD=25")).fabric;
    const Port& p = f.port(*f.find_port(*f.find_node(kCaGuid), 1));
    EXPECT_EQ(p.state, state) << log;
    EXPECT_FALSE(p.width_active.has_value());
  }
}

TEST(SubnetLstTest, MasterSmSuffixIsAcceptedOnTheType) {
  std::string ca = kCa;
  ca.replace(0, 4, "{ CA-SM");
  const Fabric f = read(line(ca, kSwSecond, "PHY=4x LOG=ACT SPD=25")).fabric;
  EXPECT_EQ(f.node(*f.find_node(kCaGuid)).type, NodeType::Ca);
}

TEST(SubnetLstTest, LinesOutsideRecordsAreSkipped) {
  ReadResult r = read("opensm dump\n\n" + line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=25"));
  ASSERT_EQ(r.skipped.size(), 1u);
  EXPECT_EQ(r.skipped[0].line, 1u);
  EXPECT_EQ(r.fabric.nodes().size(), 2u);
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  s.replace(s.find(from), from.size(), to);
  return s;
}

const std::string kOkTail = "PHY=4x LOG=ACT SPD=25";

struct BadLine {
  std::string text;
  std::string message;
};

const BadLine kBadLines[] = {
    {line(kCa, kSwSecond, "PHY=4x LOG=ACT SPD=100"),
     "s.lst:1: expected SPD= with a speed (2.5, 5, 10, FDR10, 14, 25, 50 or ?\?), found "
     "\"SPD=100\""},
    {line(kCa, kSwSecond, "PHY=4x LOG=XYZ SPD=25"),
     "s.lst:1: expected LOG= with a state (ACT, ARM, INI or DWN), found \"LOG=XYZ\""},
    {line(kCa, kSwSecond, "PHY=3x LOG=ACT SPD=25"),
     "s.lst:1: expected PHY= with a width (1x, 2x, 4x, 8x, 12x or ?\?), found \"PHY=3x\""},
    {line(kCa, kSwSecond, "PHY=4x LOG=ACT"), "s.lst:1: expected SPD=..., found end of line"},
    {line(kCa, kSwSecond, kOkTail + " extra"), "s.lst:1: expected end of line, found \"extra\""},
    {line(replaced(kCa, "{ CA", "{ **"), kSwSecond, kOkTail),
     "s.lst:1: expected a node type (SW, CA or Rt), found \"**\""},
    {line(replaced(kCa, "PortGUID:7cfe9003004b0701 ", ""), kSwSecond, kOkTail),
     "s.lst:1: expected PortGUID:..., found \"VenID:0002C9\""},
    {line(replaced(kCa, "LID:0032", "LID:00G2"), kSwSecond, kOkTail),
     "s.lst:1: expected LID: with a hex value, found \"LID:00G2\""},
    {line(replaced(kCa, "LID:0032", "LID:10000"), kSwSecond, kOkTail),
     "s.lst:1: expected LID: with a hex value, found \"LID:10000\""},
    {line(kCa, replaced(kSwSecond, "DevID:CF080000", "DevID:CF08ABCD"), kOkTail),
     "s.lst:1: expected DevID: with a 16-bit device id, found \"DevID:CF08ABCD\""},
    {line(replaced(kCa, "{ime5 HCA-1}", "ime5 HCA-1"), kSwSecond, kOkTail),
     "s.lst:1: expected a node description {...} followed by LID:, found \"ime5 HCA-1 LID:0032 "
     "PN:01 } { SW Ports:25 SystemGUID:7cfe900...\""},
    {line(replaced(kCa, "PN:01", "PN:00"), kSwSecond, kOkTail),
     "s.lst:1: expected PN: with a port number from 1 to Ports:, found \"PN:00\""},
    {line(replaced(kCa, "PN:01", "PN:02"), kSwSecond, kOkTail),
     "s.lst:1: expected PN: with a port number from 1 to Ports:, found \"PN:02\""},
    {line(kCa, replaced(kSwSecond, "PN:0C", "PN:26"), kOkTail),
     "s.lst:1: expected PN: with a port number from 0 to Ports:, found \"PN:26\""},
    {line(kCa, kSwSecond, kOkTail) +
         line(kSw, replaced(kCaSecond, "Ports:01", "Ports:02"), kOkTail),
     "s.lst:2: expected the node type and port count this NodeGUID had before (CA, 1 ports), "
     "found \"CA, 2 ports\""},
    {line(replaced(kCa, "PN:01 }", "PN:01"), kSwSecond, kOkTail),
     "s.lst:1: expected \"}\", found \"{\""},
    {line(kCa, kSwSecond, kOkTail) + line(kCa, kSwSecond, kOkTail),
     "s.lst:2: expected one line per port, found a second line for port 1"},
    {line(kCa, replaced(kSwSecond, "{ SW", "{ CA"), kOkTail) + line(kSw, kCaSecond, kOkTail),
     "s.lst:2: expected the node type and port count this NodeGUID had before (CA, 37 ports), "
     "found \"Switch, 37 ports\""},
};

TEST(SubnetLstTest, RejectsMalformedLinesNamingTheField) {
  for (const BadLine& c : kBadLines) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
  EXPECT_EQ(error_of(line(kCa, kSwSecond, kOkTail)), "no error");
}

}  // namespace
}  // namespace ibatlas
