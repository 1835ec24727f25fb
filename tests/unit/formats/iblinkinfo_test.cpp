// iblinkinfo (default layout): each construct accepted and rejected, on inline text. Layout
// and texts come from rdma-core infiniband-diags/iblinkinfo.c (print_port) and libibmad.

#include "ibatlas/formats/iblinkinfo.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

ReadResult read(const std::string& text) {
  ReadResult r = read_iblinkinfo(text, "l.txt");
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  return r;
}

std::string error_of(const std::string& text) {
  try {
    read_iblinkinfo(text, "l.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

constexpr Guid kSw = 0x0002c902004b2678;
constexpr Guid kCa = 0xf45214030091b9f1;

// Trimmed from the teaker capture: one switch, one CA, one cable, one down port.
const std::string kSwitch =
    "Switch: 0x0002c902004b2678 Infiniscale-IV Mellanox Technologies:\n"
    "           2    9[  ] ==( 4X          10.0 Gbps Active/  LinkUp)==>       1    1[  ] "
    "\"teaker-4 HCA-1\" ( )\n"
    "           2   10[  ] ==(                Down/ Polling)==>             [  ] \"\" ( )\n";
const std::string kCaRecord =
    "CA: teaker-4 HCA-1:\n"
    "      0xf45214030091b9f1      1    1[  ] ==( 4X          10.0 Gbps Active/  LinkUp)==>    "
    "   2    9[  ] \"Infiniscale-IV Mellanox Technologies\" ( )\n";

std::string ca_row(const std::string& link) {
  return "CA: h:\n      0x0000000000000001      1    1[  ] ==(" + link +
         ")==>       2    1[  ] \"s\" ( )\n"
         "Switch: 0x0000000000000002 s:\n"
         "           2    1[  ] ==( 4X 2.5 Gbps Active/  LinkUp)==>       1    1[  ] \"h\" ( )\n";
}

const Port& port_of(const Fabric& f, Guid node, std::uint8_t number) {
  return f.port(*f.find_port(*f.find_node(node), number));
}

TEST(IblinkinfoTest, SwitchAndCaRecordsMakeNodesAndOneLink) {
  ReadResult r = read(kSwitch + kCaRecord);
  const Fabric& f = r.fabric;
  ASSERT_EQ(f.nodes().size(), 2u);
  EXPECT_EQ(f.links().size(), 1u);
  EXPECT_EQ(f.node(*f.find_node(kSw)).type, NodeType::Switch);
  EXPECT_EQ(f.node(*f.find_node(kSw)).description, "Infiniscale-IV Mellanox Technologies");
  EXPECT_EQ(f.node(*f.find_node(kCa)).type, NodeType::Ca);
  EXPECT_EQ(f.node(*f.find_node(kCa)).description, "teaker-4 HCA-1");
  EXPECT_EQ(port_of(f, kSw, 9).peer, f.find_port(*f.find_node(kCa), 1));
  EXPECT_TRUE(r.skipped.empty());
  EXPECT_EQ(f.provenance().format, "iblinkinfo");
}

TEST(IblinkinfoTest, ActiveRowGivesWidthSpeedAndBothStates) {
  const Fabric f = read(kSwitch + kCaRecord).fabric;
  const Port& p = port_of(f, kSw, 9);
  EXPECT_EQ(p.width_active, LinkWidth::X4);
  EXPECT_EQ(p.speed_active, LinkSpeed::Qdr);
  EXPECT_EQ(p.state, PortState::Active);
  EXPECT_EQ(p.phys_state, PhysState::LinkUp);
}

TEST(IblinkinfoTest, DownRowHasStatesButNoWidthSpeedOrPeer) {
  const Fabric f = read(kSwitch + kCaRecord).fabric;
  const Port& p = port_of(f, kSw, 10);
  EXPECT_EQ(p.state, PortState::Down);
  EXPECT_EQ(p.phys_state, PhysState::Polling);
  EXPECT_FALSE(p.width_active.has_value());
  EXPECT_FALSE(p.speed_active.has_value());
  EXPECT_FALSE(p.peer.has_value());
}

TEST(IblinkinfoTest, SwitchLidAndGuidGoToPortZeroAndCaRowsKeepTheirOwn) {
  const Fabric f = read(kSwitch + kCaRecord).fabric;
  EXPECT_EQ(port_of(f, kSw, 0).guid, kSw);
  EXPECT_EQ(port_of(f, kSw, 0).base_lid, Lid{2});
  EXPECT_FALSE(port_of(f, kSw, 9).base_lid.has_value());
  EXPECT_EQ(port_of(f, kCa, 1).guid, kCa);
  EXPECT_EQ(port_of(f, kCa, 1).base_lid, Lid{1});
}

TEST(IblinkinfoTest, EverySpeedTextIsDecoded) {
  struct Case {
    std::string text;
    std::optional<LinkSpeed> speed;
  };

  const Case cases[] = {{"2.5 Gbps", LinkSpeed::Sdr},       {"5.0 Gbps", LinkSpeed::Ddr},
                        {"10.0 Gbps", LinkSpeed::Qdr},      {"10.0 Gbps (FDR10)", LinkSpeed::Fdr10},
                        {"14.0625 Gbps", LinkSpeed::Fdr},   {"25.78125 Gbps", LinkSpeed::Edr},
                        {"53.125 Gbps", LinkSpeed::Hdr},    {"106.25 Gbps", LinkSpeed::Ndr},
                        {"212.5 Gbps", LinkSpeed::Xdr},     {"undefined (3)", std::nullopt},
                        {"No Extended Speed", std::nullopt}};
  for (const Case& c : cases) {
    const Fabric f = read(ca_row(" 4X " + c.text + " Active/  LinkUp")).fabric;
    EXPECT_EQ(port_of(f, 1, 1).speed_active, c.speed) << c.text;
  }
}

TEST(IblinkinfoTest, EveryWidthAndStateTextIsDecoded) {
  const Fabric f = read(ca_row("12X 53.125 Gbps Initialize/PortConfigurationTraining")).fabric;
  EXPECT_EQ(port_of(f, 1, 1).width_active, LinkWidth::X12);
  EXPECT_EQ(port_of(f, 1, 1).state, PortState::Init);
  EXPECT_EQ(port_of(f, 1, 1).phys_state, PhysState::Training);
  const Fabric g = read(ca_row("undefined (0) 2.5 Gbps Armed/LinkErrorRecovery")).fabric;
  EXPECT_FALSE(port_of(g, 1, 1).width_active.has_value());
  EXPECT_EQ(port_of(g, 1, 1).speed_active, LinkSpeed::Sdr);
  EXPECT_EQ(port_of(g, 1, 1).state, PortState::Armed);
  EXPECT_EQ(port_of(g, 1, 1).phys_state, PhysState::LinkErrorRecovery);
  const Fabric h = read(ca_row("1X 2.5 Gbps ?(9)/NoChange")).fabric;
  EXPECT_FALSE(port_of(h, 1, 1).state.has_value());
  EXPECT_FALSE(port_of(h, 1, 1).phys_state.has_value());
}

TEST(IblinkinfoTest, SwitchSettingsSuffixIsIgnored) {
  const Fabric f = read(ca_row(" 4X 2.5 Gbps Active/  LinkUp) (HOQ:14 VL_Stall:7")).fabric;
  EXPECT_EQ(port_of(f, 1, 1).phys_state, PhysState::LinkUp);
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IblinkinfoTest, CaWithTwoRowsIsOneNodeNamedByItsFirstPortGuid) {
  const Fabric f = read(
                       "CA: teaker-9 HCA-1:\n"
                       "      0xf45214030091ba51      6    1[  ] ==( 4X 10.0 Gbps Active/  "
                       "LinkUp)==>       2    3[  ] \"sw\" ( )\n"
                       "      0xf45214030091ba52      4    2[  ] ==( 4X 10.0 Gbps Active/  "
                       "LinkUp)==>       2   14[  ] \"sw\" ( )\n"
                       "Switch: 0x0000000000000002 sw:\n"
                       "           2    3[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>       6    "
                       "1[  ] \"teaker-9 HCA-1\" ( )\n"
                       "           2   14[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>       4    "
                       "2[  ] \"teaker-9 HCA-1\" ( )\n")
                       .fabric;
  ASSERT_EQ(f.nodes().size(), 2u);
  NodeId ca = *f.find_node(0xf45214030091ba51);
  EXPECT_EQ(f.node(ca).ports, 2u);
  EXPECT_EQ(f.port(*f.find_port(ca, 2)).guid, Guid{0xf45214030091ba52});
  EXPECT_EQ(f.links().size(), 2u);
}

TEST(IblinkinfoTest, PeersWithUnassignedLidsAreFoundByDescription) {
  const Fabric f = read(
                       "Switch: 0x0000000000000002 sw:\n"
                       "  0 3[  ] ==( 4X 10.0 Gbps Armed/  LinkUp)==>  0 1[  ] \"h\" ( )\n"
                       "CA: h:\n"
                       "  0x0000000000000001 0 1[  ] ==( 4X 10.0 Gbps Armed/  LinkUp)==>  0 3[  ] "
                       "\"sw\" ( )\n")
                       .fabric;
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IblinkinfoTest, PeerWithoutItsOwnRowStillMakesALink) {
  // e.g. iblinkinfo --down: the CA is a header and a row, the switch only named as a peer
  // of a row that is present; here both are listed but the switch lacks port 1's row.
  const Fabric f = read(
                       "CA: h:\n"
                       "  0x0000000000000001 1 1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  2 1[  "
                       "] \"sw\" ( )\n"
                       "Switch: 0x0000000000000002 sw:\n"
                       "  2 5[  ] ==(  Down/ Polling)==>  [  ] \"\" ( )\n")
                       .fabric;
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IblinkinfoTest, PortNotAvailableIsAPortWithoutPeer) {
  const Fabric f = read(
                       "Switch: 0x0000000000000002 sw:\n"
                       "  2 5[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>      \"Port not "
                       "available\"\n")
                       .fabric;
  EXPECT_FALSE(port_of(f, 2, 5).peer.has_value());
  EXPECT_EQ(port_of(f, 2, 5).state, PortState::Active);
}

TEST(IblinkinfoTest, RouterHeaderMakesARouterNamedByItsPortGuid) {
  const Fabric f = read(
                       "Router: MF0;gw:Q3400_RA/U2/RT:\n"
                       "  0x00000000000000aa 9 1[  ] ==( 1X 212.5 Gbps Active/  LinkUp)==>  2 1[  "
                       "] \"sw\" ( )\n"
                       "Switch: 0x0000000000000002 sw:\n"
                       "  2 1[  ] ==( 1X 212.5 Gbps Active/  LinkUp)==>  9 1[  ] "
                       "\"MF0;gw:Q3400_RA/U2/RT\" ( )\n")
                       .fabric;
  NodeId rt = *f.find_node(0xaa);
  EXPECT_EQ(f.node(rt).type, NodeType::Router);
  EXPECT_EQ(f.node(rt).description, "MF0;gw:Q3400_RA/U2/RT");  // only the last ':' ends it
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IblinkinfoTest, OtherLinesAreSkippedAndListed) {
  ReadResult r = read("$ iblinkinfo\n" + kSwitch + "\nWARN: string buffer overflow\n" + kCaRecord);
  ASSERT_EQ(r.skipped.size(), 2u);
  EXPECT_EQ(r.skipped[0].line, 1u);
  EXPECT_EQ(r.skipped[1].line, 6u);
  EXPECT_EQ(r.fabric.links().size(), 1u);
}

const std::string kBareRow =
    "           2    9[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>       1    1[  ] \"h\" ( )\n";

struct BadInput {
  std::string text;
  std::string message;
};

const BadInput kBadInputs[] = {
    {kBareRow,
     "l.txt:1: expected a node header (Switch:, CA: or Router:) before port rows, found "
     "\"           2    9[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  ...\""},
    {"Switch: 0x2 sw:\nCA: h:\n",
     "l.txt:1: expected port rows after the node header, found "
     "\"CA: h:\""},
    {"CA: h:\n", "l.txt:1: expected port rows after the node header, found end of input"},
    {"CA: h\n", "l.txt:1: expected a node header \"Type: description:\", found \"CA: h\""},
    {"Switch: 2 sw:\n",
     "l.txt:1: expected a switch GUID (0x followed by hex digits), found "
     "\"2\""},
    {ca_row(" 4X 10.5 Gbps Active/  LinkUp"),
     "l.txt:2: expected a link speed (2.5 Gbps ... 212.5 Gbps), found \"10.5 Gbps\""},
    {ca_row(" 3X 10.0 Gbps Active/  LinkUp"),
     "l.txt:2: expected a link width (1X, 2X, 4X, 8X or 12X), found \"3X\""},
    {ca_row(" 4X 10.0 Gbps Activ/  LinkUp"),
     "l.txt:2: expected a port state (Down, Active, ...), found \"Activ\""},
    {ca_row(" 4X 10.0 Gbps Active/  Linkup"),
     "l.txt:2: expected a physical port state (Polling, LinkUp, ...), found \"Linkup\""},
    {ca_row(" 4X 10.0 Gbps Active LinkUp"),
     "l.txt:2: expected a link \"width speed state/physical state\", found \" 4X 10.0 Gbps "
     "Active LinkUp\""},
    {"CA: h:\n  1 1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  2 1[  ] \"s\" ( )\n",
     "l.txt:2: expected a port GUID (0x followed by hex digits), found \"1\""},
    {"Switch: 0x2 s:\n  2 1 ==( 4X 10.0 Gbps Active/  LinkUp)==>  [  ] \"\" ( )\n",
     "l.txt:2: expected a port number and [external port], found \"1\""},
    {"Switch: 0x2 s:\n  2 1[ ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  x 1[ ] \"s\" ( )\n",
     "l.txt:2: expected a peer (LID port[ext] \"description\") or [  ] \"\", found \"x 1[ ] "
     "\"s\" "
     "( )\""},
    {"Switch: 0x2 s:\n  2 1[ ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  2 x[ ] \"s\" ( )\n",
     "l.txt:2: expected a port number (0-255), found \"x\""},
    {"Switch: 0x2 s:\n  2 1[ ] ==( Down/ Polling)==>  [ ] \"\" ( )\n"
     "  2 1[ ] ==( Down/ Polling)==>  [ ] \"\" ( )\n",
     "l.txt:3: expected one row per port, found a second row for port 1"},
};

TEST(IblinkinfoTest, RejectsMalformedInputNamingWhatWasExpected) {
  for (const BadInput& c : kBadInputs) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
  EXPECT_EQ(error_of(kSwitch + kCaRecord), "no error");
}

}  // namespace
}  // namespace ibatlas
