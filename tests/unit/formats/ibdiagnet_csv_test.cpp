// ibdiagnet2.db_csv: tables by column name, encodings, counters and bad input. Expected values
// are counted by hand from fixtures/ibdiagnet-small/README and from the encodings in
// docs/formats.md; the oracle is the same fabric written as ibnetdiscover output.

#include "ibatlas/formats/ibdiagnet_csv.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/bad_input.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

constexpr Guid kLeaf1 = 0x0002c90300000100;
constexpr Guid kLeaf2 = 0x0002c90300000200;
constexpr Guid kH1 = 0x0002c90300001000;
constexpr Guid kH2 = 0x0002c90300002000;

std::string fixture(const std::string& name) {
  return test::slurp(test::source_dir() + "/fixtures/ibdiagnet-small/" + name);
}

ReadResult read(const std::string& text) {
  ReadResult r = read_ibdiagnet_csv(text, "db.csv");
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  return r;
}

std::string error_of(const std::string& text) {
  try {
    read_ibdiagnet_csv(text, "db.csv");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

const Port& port(const Fabric& f, Guid guid, std::uint8_t number) {
  return f.port(*f.find_port(*f.find_node(guid), number));
}

// One switch and one CA joined by one cable: the smallest complete file.
const std::string kNodes =
    "START_NODES\n"
    "NodeDesc,NumPorts,NodeType,SystemImageGUID,NodeGUID,PortGUID,DeviceID,VendorID\n"
    "\"sw, one\",8,2,0x10,0x10,0x10,54000,713\n"
    "\"h1 HCA-1\",1,1,0x20,0x20,0x21,4123,713\n"
    "END_NODES\n";
const std::string kLinks =
    "START_LINKS\nNodeGuid1,PortNum1,NodeGuid2,PortNum2\n0x10,3,0x20,1\nEND_LINKS\n";

TEST(IbdiagnetCsvTest, FixtureReadsAsTheSameFabricAsItsIbnetdiscoverTwin) {
  Fabric csv = read(fixture("ibdiagnet2.db_csv")).fabric;
  Fabric net = read_ibnetdiscover(fixture("ibnetdiscover.txt"), "ibnetdiscover.txt").fabric;
  // ibnetdiscover prints active width and speed only, and no states or counters; ibdiagnet's
  // NODES has no EnhancedPort0 and gives a revision ibnetdiscover does not print.
  Fabric csv_common = test::copy_fabric(
      csv, {}, [](NodeId, Node& n) { n.revision.reset(); },
      [](NodeId, Port& p) {
        p.state.reset();
        p.phys_state.reset();
        p.width_enabled.reset();
        p.width_supported.reset();
        p.speed_enabled.reset();
        p.speed_supported.reset();
        p.mtu_active.reset();
        p.mtu_cap.reset();
        p.vl_cap.reset();
        p.counters.reset();
      });
  Fabric net_common = test::copy_fabric(net, {}, [](NodeId, Node& n) { n.enhanced_port0.reset(); });
  EXPECT_TRUE(test::topology_equal(net_common, csv_common));
  EXPECT_EQ(csv.links().size(), 4u);
  EXPECT_EQ(csv.provenance().format, "ibdiagnet-csv");
  EXPECT_EQ(csv.provenance().time, "2026-12-02T10:00:00Z");  // "# Running timestamp"
}

TEST(IbdiagnetCsvTest, NodesKeepDescriptionsIdsAndPortCounts) {
  Fabric f = read(kNodes + kLinks).fabric;
  const Node& sw = f.node(*f.find_node(0x10));
  EXPECT_EQ(sw.type, NodeType::Switch);
  EXPECT_EQ(sw.description, "sw, one");  // quoted: the comma is the description's
  EXPECT_EQ(sw.port_count, 8);
  EXPECT_EQ(sw.device_id, 54000u);
  EXPECT_EQ(sw.vendor_id, 713u);
  EXPECT_EQ(port(f, 0x10, 0).guid, Guid{0x10});  // a switch's PortGUID is port 0's
  const Node& ca = f.node(*f.find_node(0x20));
  EXPECT_EQ(ca.type, NodeType::Ca);
  EXPECT_EQ(ca.system_guid, Guid{0x20});
  EXPECT_FALSE(ca.revision) << "no revision column";
  EXPECT_TRUE(f.is_link(
      std::min(*f.find_port(*f.find_node(0x10), 3), *f.find_port(*f.find_node(0x20), 1))));
}

TEST(IbdiagnetCsvTest, PortsDecodeIbaWidthsAndIbdmSpeeds) {
  Fabric f = read(fixture("ibdiagnet2.db_csv")).fabric;
  const Port& h2 = port(f, kH2, 1);
  EXPECT_EQ(h2.width_active, LinkWidth::X1);  // LinkWidthActv 1
  WidthSet one_and_four;                      // LinkWidthSup 3
  one_and_four.insert(LinkWidth::X1);
  one_and_four.insert(LinkWidth::X4);
  EXPECT_EQ(h2.width_supported, one_and_four);
  EXPECT_EQ(h2.speed_active, LinkSpeed::Hdr);  // LinkSpeedActv 1024 = 4 << 8
  SpeedSet up_to_hdr;                          // LinkSpeedSup 1799 = 0x707
  for (LinkSpeed s : {LinkSpeed::Sdr, LinkSpeed::Ddr, LinkSpeed::Qdr, LinkSpeed::Fdr,
                      LinkSpeed::Edr, LinkSpeed::Hdr}) {
    up_to_hdr.insert(s);
  }
  EXPECT_EQ(h2.speed_supported, up_to_hdr);
  EXPECT_EQ(h2.state, PortState::Active);
  EXPECT_EQ(h2.phys_state, PhysState::LinkUp);
  EXPECT_EQ(h2.mtu_active, Mtu::B4096);
  EXPECT_EQ(h2.base_lid, Lid{3});
  EXPECT_EQ(h2.guid, Guid{0x0002c90300002001});
  const Port& leaf_port = port(f, kLeaf1, 2);
  EXPECT_FALSE(leaf_port.guid) << "a switch's external ports have no GUID of their own";
  EXPECT_FALSE(leaf_port.base_lid);
  EXPECT_EQ(port(f, kLeaf2, 0).base_lid, Lid{4});
}

TEST(IbdiagnetCsvTest, SpeedBitsBeyondHdr) {
  struct Case {
    const char* value;
    std::optional<LinkSpeed> speed;
  };

  for (const Case& c :
       {Case{"2048", LinkSpeed::Ndr}, Case{"65536", LinkSpeed::Fdr10},
        Case{"16777216", LinkSpeed::Xdr}, Case{"0x200", LinkSpeed::Edr}, Case{"4", LinkSpeed::Qdr},
        Case{"0", std::nullopt}, Case{"N/A", std::nullopt}}) {
    Fabric f = read(kNodes + "START_PORTS\nNodeGuid,PortNum,LinkSpeedActv\n0x20,1," + c.value +
                    "\nEND_PORTS\n")
                   .fabric;
    EXPECT_EQ(port(f, 0x20, 1).speed_active, c.speed) << c.value;
  }
}

TEST(IbdiagnetCsvTest, CountersPreferTheExtendedColumns) {
  Fabric f = read(fixture("ibdiagnet2.db_csv")).fabric;
  const PortCounters& c = *port(f, kLeaf1, 1).counters;
  EXPECT_EQ(c.xmit_data, 8000000000u) << "PortXmitDataExtended, not the saturated 32-bit one";
  EXPECT_EQ(c.unicast_xmit_pkts, 1150u);  // header spells it PortUniCastXmitPkts
  EXPECT_EQ(c.multicast_rcv_pkts, 10u);
  EXPECT_EQ(c.xmit_wait, 7u);
  EXPECT_EQ(c.local_physical_errors, 0u);
  const PortCounters& bad = *port(f, kLeaf1, 2).counters;
  EXPECT_EQ(bad.symbol_errors, 25u);
  EXPECT_EQ(bad.link_error_recovery, 2u);
  EXPECT_EQ(bad.link_downed, 1u);
  EXPECT_EQ(bad.rcv_errors, 3u);
  EXPECT_EQ(bad.local_physical_errors, 3u);
  const PortCounters& host = *port(f, kH1, 1).counters;
  EXPECT_FALSE(host.malformed_packet_errors) << "N/A is absent, not 0";
  EXPECT_FALSE(host.sw_hoq_lifetime_limit_discards);
  EXPECT_EQ(host.rcv_pkts, 80u);
}

TEST(IbdiagnetCsvTest, ExtendedColumnWithNaFallsBackToTheNarrowOne) {
  Fabric f = read(kNodes +
                  "START_PM_INFO\nNodeGUID,PortNumber,SymbolErrorCounter,SymbolErrorCounterExt\n"
                  "0x20,1,7,N/A\nEND_PM_INFO\n")
                 .fabric;
  EXPECT_EQ(port(f, 0x20, 1).counters->symbol_errors, 7u);
  EXPECT_FALSE(port(f, 0x20, 1).counters->link_downed);
}

TEST(IbdiagnetCsvTest, UnknownTablesAndNoiseAreSkipped) {
  ReadResult r = read(
      "$ ibdiagnet -o /tmp/x\n# comment\nSTART_CABLE_INFO\nwhatever,\"x\n"
      "END_CABLE_INFO\n" +
      kNodes + "START_AR_INFO\nNodeGUID,e\n0x10,1\nEND_AR_INFO\n");
  EXPECT_EQ(r.fabric.nodes().size(), 2u);
  ASSERT_EQ(r.skipped.size(), 1u);
  EXPECT_EQ(r.skipped[0].line, 1u);
}

TEST(IbdiagnetCsvTest, QuotedCellsKeepCommasAndDoubledQuotes) {
  Fabric f = read(
                 "START_NODES\nNodeGUID , NodeDesc ,NodeType\n"
                 "0x1, \"say \"\"hi\"\", twice\" ,2\n0x2,  plain text  ,1\nEND_NODES\n")
                 .fabric;
  EXPECT_EQ(f.node(*f.find_node(0x1)).description, "say \"hi\", twice");
  EXPECT_EQ(f.node(*f.find_node(0x2)).description, "plain text") << "blanks around are dropped";
}

TEST(IbdiagnetCsvTest, OnlyAWellFormedUtcTimestampGivesTheTime) {
  EXPECT_FALSE(
      read("# Running timestamp : 2026-12-02 10:00 UTC\n" + kNodes).fabric.provenance().time);
  EXPECT_FALSE(
      read("# Running timestamp : 2026-12-02 10:00:00 CET\n" + kNodes).fabric.provenance().time);
  EXPECT_EQ(
      read("#   Running timestamp : 2026-12-02 10:00:00 UTC\n" + kNodes).fabric.provenance().time,
      std::nullopt)
      << "the comment is matched as ibdiagnet writes it";
  EXPECT_EQ(read(kNodes + "# Running timestamp : 2026-01-31 23:59:58 UTC +0000\n")
                .fabric.provenance()
                .time,
            "2026-01-31T23:59:58Z");
}

TEST(IbdiagnetCsvTest, ColumnsAreFoundByNameInAnyOrder) {
  Fabric f = read(
                 "START_NODES\nNodeGUID,Extra,NodeType\n0x20,zz,1\nEND_NODES\n"
                 "START_PORTS\nLID,PortNum,NodeGUID\n7,1,0x20\nEND_PORTS\n")
                 .fabric;
  EXPECT_EQ(port(f, 0x20, 1).base_lid, Lid{7});
  EXPECT_EQ(f.node(*f.find_node(0x20)).port_count, 0) << "no NumPorts: unknown";
  EXPECT_EQ(f.node(*f.find_node(0x20)).description, "");
}

TEST(IbdiagnetCsvTest, BadInputNamesFileAndLine) {
  const std::string valid = kNodes + "START_PORTS\nNodeGuid,PortNum,LinkWidthActv,PortState\n" +
                            "0x20,1,2,4\nEND_PORTS\n" + kLinks;
  const test::BadInputCase cases[] = {
      {"required column", "NodeGUID,PortGUID", "Node_GUID,PortGUID", 2,
       "expected column NodeGUID in START_NODES header"},
      {"node type", "8,2,0x10", "8,7,0x10", 3, "NodeType 1 (CA), 2 (switch) or 3 (router)"},
      {"guid", ",0x20,0x21", ",0xzz,0x21", 4, "a number up to"},
      {"unknown node", "0x20,1,2,4", "0x30,1,2,4", 8, "a NodeGuid listed in START_NODES"},
      {"port past NumPorts", "0x20,1,2,4", "0x20,2,2,4", 8, "a port number from 1 to 1"},
      {"CA port 0", "0x20,1,2,4", "0x20,0,2,4", 8, "a port number from 1 to 1"},
      {"width", "0x20,1,2,4", "0x20,1,3,4", 8, "LinkWidthActv 1 (1x)"},
      {"state", "0x20,1,2,4", "0x20,1,2,9", 8, "a number up to 4 in column PortState"},
      {"cell count", "0x20,1,2,4", "0x20,1,2", 8, "4 cells as in the START_PORTS header"},
      {"missing END", "END_PORTS", "", 10, "expected END_PORTS"},
      {"wrong END", "END_PORTS", "END_PORT", 9, "expected END_PORTS, found \"END_PORT\""},
      {"stray END", "START_LINKS", "", 13, "START_LINKS before this line"},
      {"open quote", "\"h1 HCA-1\"", "\"h1 HCA-1", 4, "a closing '\"'"},
  };
  test::expect_each_rejected(valid, cases, [](const std::string& text, const std::string& file) {
    read_ibdiagnet_csv(text, file);
  });
}

TEST(IbdiagnetCsvTest, DuplicateNodeGuidIsAnError) {
  EXPECT_NE(error_of("START_NODES\nNodeGUID,NodeType\n0x1,2\n0x1,1\nEND_NODES\n")
                .find("db.csv:4: expected a NodeGUID not listed before"),
            std::string::npos);
}

TEST(IbdiagnetCsvTest, DetectedByItsStartLine) {
  EXPECT_EQ(
      detect_format("# This database file was automatically generated by IBDIAG\n\n" + kNodes),
      InputFormat::IbdiagnetCsv);
  EXPECT_EQ(detect_format("START_nodes\n"), InputFormat::Unknown);
  EXPECT_EQ(to_string(InputFormat::IbdiagnetCsv), "ibdiagnet-csv");
  EXPECT_EQ(read_fabric(fixture("ibdiagnet2.db_csv"), "x").fabric.provenance().format,
            "ibdiagnet-csv");
  EXPECT_TRUE(looks_like_ibdiagnet_csv_line("START_PM_INFO"));
  EXPECT_FALSE(looks_like_ibdiagnet_csv_line("START_"));
}

}  // namespace
}  // namespace ibatlas
