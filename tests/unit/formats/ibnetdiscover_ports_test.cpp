// ibnetdiscover -p: each construct accepted and rejected, on inline text. Layout facts come
// from rdma-core infiniband-diags/ibnetdiscover.c (dump_ports_report).

#include "ibatlas/formats/ibnetdiscover_ports.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

ReadResult read(const std::string& text) {
  ReadResult r = read_ibnetdiscover_ports(text, "p.txt");
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  return r;
}

std::string error_of(const std::string& text) {
  try {
    read_ibnetdiscover_ports(text, "p.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

const Port& port_of(const Fabric& f, Guid guid, std::uint8_t number) {
  return f.port(*f.find_port(*f.find_node(guid), number));
}

constexpr Guid kSw = 0x7cfe9003009ce5b0;
constexpr Guid kCa = 0x7cfe9003003b4bde;

const std::string kPair =
    "CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - "
    "'ib-i1l1s01' )\n"
    "SW  1719 10 0x7cfe9003009ce5b0 4x EDR - CA   134  1 0x7cfe9003003b4bde ( 'ib-i1l1s01' - "
    "'o0001 HCA-1' )\n";

TEST(IbnetdiscoverPortsTest, TwoRowsOfOneCableMakeOneLink) {
  ReadResult r = read(kPair);
  const Fabric& f = r.fabric;
  ASSERT_EQ(f.nodes().size(), 2u);
  EXPECT_EQ(f.links().size(), 1u);
  EXPECT_EQ(f.node(*f.find_node(kSw)).type, NodeType::Switch);
  EXPECT_EQ(f.node(*f.find_node(kSw)).description, "ib-i1l1s01");
  EXPECT_EQ(f.node(*f.find_node(kCa)).type, NodeType::Ca);
  EXPECT_EQ(f.node(*f.find_node(kCa)).description, "o0001 HCA-1");
  EXPECT_TRUE(r.skipped.empty());
  EXPECT_EQ(f.provenance().format, "ibnetdiscover-ports");
  EXPECT_EQ(f.provenance().source, "p.txt");
}

TEST(IbnetdiscoverPortsTest, CaPortKeepsItsGuidAndLidWhileSwitchLidGoesToPortZero) {
  const Fabric f = read(kPair).fabric;
  const Port& ca = port_of(f, kCa, 1);
  EXPECT_EQ(ca.guid, kCa);
  EXPECT_EQ(ca.base_lid, Lid{134});
  const Port& sw0 = port_of(f, kSw, 0);
  EXPECT_EQ(sw0.guid, kSw);
  EXPECT_EQ(sw0.base_lid, Lid{1719});
  const Port& sw10 = port_of(f, kSw, 10);
  EXPECT_FALSE(sw10.guid.has_value());
  EXPECT_FALSE(sw10.base_lid.has_value());
  EXPECT_EQ(f.find_port_by_lid(1719), f.find_port(*f.find_node(kSw), 0));
}

TEST(IbnetdiscoverPortsTest, RowWidthAndSpeedAreThePortsActiveOnes) {
  const Fabric f = read(kPair).fabric;
  EXPECT_EQ(port_of(f, kCa, 1).width_active, LinkWidth::X4);
  EXPECT_EQ(port_of(f, kCa, 1).speed_active, LinkSpeed::Edr);
  EXPECT_EQ(port_of(f, kSw, 10).speed_active, LinkSpeed::Edr);
  EXPECT_FALSE(port_of(f, kCa, 1).state.has_value());  // -p prints no port state
}

TEST(IbnetdiscoverPortsTest, UnconnectedPortHasWidthButNoSpeedAndNoPeer) {
  const Fabric f = read(
                       "SW  2052 37 0x506b4b03005c2740 4x ???                                    "
                       "'ib-i4l1s01'\n")
                       .fabric;
  const Port& p = port_of(f, 0x506b4b03005c2740, 37);
  EXPECT_EQ(p.width_active, LinkWidth::X4);
  EXPECT_FALSE(p.speed_active.has_value());
  EXPECT_FALSE(p.peer.has_value());
  EXPECT_EQ(f.nodes()[0].description, "ib-i4l1s01");
  EXPECT_TRUE(f.links().empty());
}

TEST(IbnetdiscoverPortsTest, UnknownWidthIsAbsentAndKnownSpeedKept) {
  const Fabric f = read("SW     5  3 0x0000000000000005 ?? SDR     'sw'\n").fabric;
  EXPECT_FALSE(port_of(f, 5, 3).width_active.has_value());
  EXPECT_EQ(port_of(f, 5, 3).speed_active, LinkSpeed::Sdr);
}

TEST(IbnetdiscoverPortsTest, QuotedDescriptionKeepsItsBlanksAndBareOneIsTrimmed) {
  const Fabric f = read(
                       "SW    25 1 0x946dae0300618c83 4x SDR          ' 5FB0406-spine-IB02 '\n"
                       "SW   479 22 0x0002c9020040f161 4x QDR     Infiniscale-IV Mellanox  \n")
                       .fabric;
  EXPECT_EQ(f.node(*f.find_node(0x946dae0300618c83)).description, " 5FB0406-spine-IB02 ");
  EXPECT_EQ(f.node(*f.find_node(0x0002c9020040f161)).description, "Infiniscale-IV Mellanox");
}

TEST(IbnetdiscoverPortsTest, RowWithoutItsPeersRowStillMakesALink) {
  // Trimmed excerpts hold only one direction; the peer's half fills in its side.
  const Fabric f =
      read("SW  1719  1 0x7cfe9003009ce5b0 4x EDR - SW  1516  1 0x7cfe900300b07320 ( 'a' - 'b' )\n")
          .fabric;
  EXPECT_EQ(f.nodes().size(), 2u);
  EXPECT_EQ(f.links().size(), 1u);
  EXPECT_EQ(f.node(*f.find_node(0x7cfe900300b07320)).description, "b");
}

TEST(IbnetdiscoverPortsTest, PortsOwnRowWinsOverAnotherRowsClaim) {
  // Port 1 of CA 0xa says it reaches switch 0xb port 81; switch 0xc port 81 claims port 1
  // of the CA as well. The CA's own row decides its peer; 0xc's claim stays one-sided.
  const Fabric f = read(
                       "CA    78  1 0x000000000000000a 4x HDR - SW    51 81 0x000000000000000b ( "
                       "'agg' - 'leaf' )\n"
                       "SW     9 81 0x000000000000000c 4x HDR - CA    60  1 0x000000000000000a ( "
                       "'spine' - 'agg' )\n")
                       .fabric;
  PortId ca = *f.find_port(*f.find_node(0xa), 1);
  PortId leaf = *f.find_port(*f.find_node(0xb), 81);
  PortId spine = *f.find_port(*f.find_node(0xc), 81);
  EXPECT_EQ(f.port(ca).peer, leaf);
  EXPECT_EQ(f.port(leaf).peer, ca);
  EXPECT_EQ(f.port(spine).peer, ca);
  EXPECT_EQ(f.links().size(), 1u);
  EXPECT_EQ(f.port(ca).base_lid, Lid{78});  // its own row's LID, not the peer half's 60
}

TEST(IbnetdiscoverPortsTest, OwnRowWithoutPeerUndoesAnotherRowsGuess) {
  const Fabric f = read(
                       "SW 1 1 0x0000000000000001 4x QDR - SW 2 1 0x0000000000000002 ( 'a' - 'b' "
                       ")\n"
                       "SW 2 1 0x0000000000000002 4x ??? 'b'\n")
                       .fabric;
  EXPECT_FALSE(port_of(f, 2, 1).peer.has_value());
  EXPECT_TRUE(port_of(f, 1, 1).peer.has_value());
  EXPECT_TRUE(f.links().empty());
}

TEST(IbnetdiscoverPortsTest, RouterRowsAreRouters) {
  const Fabric f = read("RT 7 1 0x0000000000000007 4x NDR 'r'\n").fabric;
  EXPECT_EQ(f.nodes()[0].type, NodeType::Router);
}

TEST(IbnetdiscoverPortsTest, ProgressLinesAreSkippedWithTheirLineNumbersButBlankLinesAreNot) {
  ReadResult r = read(
      "DR path slid 0; dlid 0; 0 -> new Channel Adapter {0011750000790cd4} portnum 1 lid 0-0 \"\"\n"
      "\n" +
      kPair);
  ASSERT_EQ(r.skipped.size(), 1u);
  EXPECT_EQ(r.skipped[0].line, 1u);
  EXPECT_EQ(r.skipped[0].text.substr(0, 7), "DR path");
  EXPECT_EQ(r.fabric.links().size(), 1u);
}

TEST(IbnetdiscoverPortsTest, EmptyInputGivesEmptyFabric) {
  ReadResult r = read("");
  EXPECT_TRUE(r.fabric.nodes().empty());
}

TEST(IbnetdiscoverPortsTest, RejectsMalformedRowsNamingTheField) {
  struct Case {
    std::string text;
    std::string message;
  };

  const Case cases[] = {
      {"SW 70000 1 0x1 4x QDR 'a'\n", "p.txt:1: expected a LID (0-65535), found \"70000\""},
      {"SW 1 1 0008f105 4x QDR 'a'\n",
       "p.txt:1: expected a GUID (0x followed by hex digits), found \"0008f105\""},
      {"SW 1 1 0x1 5x QDR 'a'\n",
       "p.txt:1: expected a link width (1x, 2x, 4x, 8x, 12x or ?\?), found \"5x\""},
      {"SW 1 1 0x1 4x QDR2 'a'\n",
       "p.txt:1: expected a link speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR or ?\?\?), "
       "found \"QDR2\""},
      {"SW 1 2 0x1 4x QDR\n",
       "p.txt:1: expected a peer (- CA|SW|RT ...) or a node description, found end of line"},
      {"CA 1 1 0x1 4x QDR - SW\n", "p.txt:1: expected a LID (0-65535), found end of line"},
      {"CA 1 1 0x1 4x QDR - XX 2 1 0x2 ( 'a' - 'b' )\n",
       "p.txt:1: expected a node type (CA, SW or RT), found \"XX\""},
      {"CA 1 1 0x1 4x QDR - SW 2 1 0x2 ( 'a' 'b' )\n",
       "p.txt:1: expected node descriptions ( 'local' - 'remote' ), found \"( 'a' 'b' )\""},
      {"CA 1 0 0x1 4x QDR 'a'\n", "p.txt:1: expected a port number (1-255), found \"0\""},
      {"SW 1 256 0x1 4x QDR 'a'\n", "p.txt:1: expected a port number (0-255), found \"256\""},
      {"SW 1 1 0x1 4x QDR 'a'\nSW 1 1 0x1 4x QDR 'a'\n",
       "p.txt:2: expected one row per port, found a second row for port 1"},
      {"SW 1 1 0x1 4x QDR 'a'\nCA 2 1 0x1 4x QDR 'b'\n",
       "p.txt:2: expected the node type this GUID had on an earlier row (Switch), found \"CA\""},
      {"SW 1 1 0x10000000000000000 4x QDR 'a'\n",
       "p.txt:1: expected a GUID (0x followed by hex digits), found \"0x10000000000000000\""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
}

TEST(IbnetdiscoverPortsTest, WellFormedRowsAreNotRejected) {
  // The same shapes as above, corrected: none throws.
  EXPECT_EQ(error_of("SW 65535 255 0x1 12x XDR 'a'\nCA 1 1 0x2 1x SDR - SW 65535 1 0x1 ( 'b' "
                     "- 'a' )\n"),
            "no error");
}

}  // namespace
}  // namespace ibatlas
