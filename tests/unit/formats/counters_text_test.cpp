// The counters-text reader on hand-written ibqueryerrors and perfquery output (the printf
// formats of rdma-core infiniband-diags/ibqueryerrors.c and perfquery.c, the field names of
// libibmad/fields.c), on the real ibqueryerrors dump of the linux-rdma list, and attaching
// the counters to a fabric.

#include "ibatlas/formats/counters_text.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

// ibqueryerrors with --details and --data; line numbers on the right.
constexpr const char* kErrors =
    "$ ibqueryerrors -k --data\n"                                                        // 1
    "Errors for 0x0002c90300000001 \"sw \\\"one\\\"\"\n"                                 // 2
    "   GUID 0x2c90300000001 port ALL: [SymbolErrorCounter == 70]\n"                     // 3
    "   GUID 0x2c90300000001 port 3: [SymbolErrorCounter == 65535] [LinkDownedCounter "  // 4
    "== 2] [PortXmitData == 1234 (4.820KB)] [PortXmitWait == 4294967295]\n"              // 4
    "       Link info:      3    3[  ] ==( 4X 25.78125 Gbps Active/  LinkUp)==>\n"       // 5
    "Errors for \"host1 mlx5_0\"\n"                                                      // 6
    "   GUID 0x2c90300000011 port 1: [PortRcvErrors == 12] [PortInactiveDiscards == 3] "
    "[PortSwLifetimeLimitDiscards == 9] [PortXmitDiscards == 7] [PortLocalPhysicalErrors "
    "== 5] [PortBufferOverrunErrors == 2] [PortVLMappingErrors == 8]\n"     // 7
    "\n"                                                                    // 8
    "## Summary: 2 nodes checked, 2 bad nodes found\n"                      // 9
    "##          40 ports checked, 2 ports have errors beyond threshold\n"  // 10
    "## Thresholds: \n"                                                     // 11
    "## Suppressed:\n";                                                     // 12

TEST(CountersTextTest, ReadsIbqueryerrorsRows) {
  CountersText t = read_counters_text(kErrors, "e.txt");
  ASSERT_EQ(t.records.size(), 2u);
  EXPECT_EQ(t.aggregate_rows, 1u);
  ASSERT_EQ(t.skipped.size(), 1u);  // the prompt; "Link info" belongs to the row
  EXPECT_EQ(t.skipped[0].line, 1u);

  const CounterRecord& sw = t.records[0];
  EXPECT_EQ(sw.line, 4u);
  EXPECT_EQ(sw.node_guid, Guid{0x0002c90300000001});
  EXPECT_EQ(sw.port_guid, Guid{0x2c90300000001});
  EXPECT_EQ(sw.description, "sw \\\"one\\\"");
  EXPECT_EQ(sw.port, 3);
  EXPECT_EQ(sw.counters.symbol_errors, 65535u);  // saturated, kept as read
  EXPECT_EQ(sw.counters.link_downed, 2u);
  EXPECT_EQ(sw.counters.xmit_data, 1234u);
  EXPECT_EQ(sw.counters.xmit_wait, 4294967295u);
  EXPECT_FALSE(sw.counters.rcv_errors);  // not printed: below the threshold, unknown

  // ibqueryerrors swaps the detail names (print_results): after PortRcvErrors the
  // PortXmitDiscardDetails names carry PortRcvErrorDetails values, and the reverse.
  const CounterRecord& ca = t.records[1];
  EXPECT_EQ(ca.line, 7u);
  EXPECT_FALSE(ca.node_guid);
  EXPECT_EQ(ca.port_guid, Guid{0x2c90300000011});
  EXPECT_EQ(ca.description, "host1 mlx5_0");
  EXPECT_EQ(ca.counters.rcv_errors, 12u);
  EXPECT_EQ(ca.counters.local_physical_errors, 3u);  // printed as PortInactiveDiscards
  EXPECT_EQ(ca.counters.buffer_overrun_errors, 9u);  // printed as PortSwLifetimeLimitDiscards
  EXPECT_EQ(ca.counters.xmit_discards, 7u);
  EXPECT_EQ(ca.counters.inactive_discards, 5u);           // printed as PortLocalPhysicalErrors
  EXPECT_EQ(ca.counters.sw_lifetime_limit_discards, 2u);  // as PortBufferOverrunErrors
  EXPECT_FALSE(ca.counters.vl_mapping_errors);  // a reserved field of PortXmitDiscardDetails
}

// perfquery, perfquery -x, perfquery -E and perfquery -a, pasted one after the other.
constexpr const char* kPerfquery =
    "# Port counters: Lid 3 port 1 (CapMask: 0x1600)\n"  // 1
    "PortSelect:......................1\n"
    "CounterSelect:...................0x0000\n"
    "SymbolErrorCounter:..............65535\n"
    "LinkErrorRecoveryCounter:........255\n"  // 5
    "LinkDownedCounter:...............0\n"
    "PortRcvErrors:...................4\n"
    "PortXmitData:....................4294967295\n"
    "QP1Dropped:......................9\n"
    "user@host:~$ perfquery -x 3 1\n"                                                 // 10
    "# Port extended counters: Lid 3 port 1 (CapMask: 0x1600 CapMask2: 0x0000000)\n"  // 11
    "PortSelect:......................1\n"
    "CounterSelect:...................0x0000\n"
    "PortXmitData:....................123456789012\n"
    "PortUnicastXmitPkts:.............77\n"  // 15
    "PortMulticastRcvPkts:............5\n"
    "# PortRcvErrorDetails counters: Lid 3 port 1\n"  // 17
    "PortLocalPhysicalErrors:.........6\n"
    "PortLoopingErrors:...............1\n"
    "# PortXmitDataSL counters: Lid 3 port 1\n"  // 20
    "XmtDataSL0:......................100\n"
    "# Port counters: Lid 3 port 255 (CapMask: 0x1600)\n"  // 22
    "PortSelect:......................255\n"
    "SymbolErrorCounter:..............9\n";

TEST(CountersTextTest, ReadsPerfqueryBlocks) {
  CountersText t = read_counters_text(kPerfquery, "p.txt");
  ASSERT_EQ(t.records.size(), 3u);
  EXPECT_EQ(t.aggregate_rows, 1u);
  ASSERT_EQ(t.skipped.size(), 1u);
  EXPECT_EQ(t.skipped[0].line, 10u);

  const CounterRecord& basic = t.records[0];
  EXPECT_EQ(basic.line, 1u);
  EXPECT_EQ(basic.lid, Lid{3});
  EXPECT_EQ(basic.port, 1);
  EXPECT_EQ(basic.source, CounterSource::PortCounters);
  EXPECT_EQ(basic.counters.symbol_errors, 65535u);
  EXPECT_EQ(basic.counters.link_error_recovery, 255u);
  EXPECT_EQ(basic.counters.link_downed, 0u);  // printed, so known to be 0
  EXPECT_EQ(basic.counters.rcv_errors, 4u);
  EXPECT_EQ(basic.counters.xmit_data, 4294967295u);
  EXPECT_FALSE(basic.counters.xmit_wait);

  const CounterRecord& ext = t.records[1];
  EXPECT_EQ(ext.line, 11u);
  EXPECT_EQ(ext.source, CounterSource::PortCountersExtended);
  EXPECT_EQ(ext.counters.xmit_data, 123456789012u);
  EXPECT_EQ(ext.counters.unicast_xmit_pkts, 77u);
  EXPECT_EQ(ext.counters.multicast_rcv_pkts, 5u);
  EXPECT_FALSE(ext.counters.symbol_errors);

  const CounterRecord& details = t.records[2];
  EXPECT_EQ(details.line, 17u);
  EXPECT_EQ(details.source, CounterSource::Details);
  EXPECT_EQ(details.counters.local_physical_errors, 6u);
  EXPECT_EQ(details.counters.looping_errors, 1u);
}

TEST(CountersTextTest, CleanIbqueryerrorsRunHasNoRecords) {
  CountersText t = read_counters_text(
      "\n## Summary: 4 nodes checked, 0 bad nodes found\n##          43 ports checked, 0 ports "
      "have errors beyond threshold\n",
      "clean.txt");
  EXPECT_TRUE(t.records.empty());
}

std::string parse_error(std::string_view text) {
  try {
    read_counters_text(text, "bad.txt");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(CountersTextTest, RefusesMalformedInput) {
  EXPECT_EQ(parse_error("hello\nworld\n"),
            "bad.txt:1: expected ibqueryerrors or perfquery output (\"Errors for\", \"GUID 0x... "
            "port N:\", \"# Port counters:\"), found \"hello\"");
  EXPECT_EQ(parse_error(""),
            "bad.txt:1: expected ibqueryerrors or perfquery output (\"Errors for\", \"GUID 0x... "
            "port N:\", \"# Port counters:\"), found end of line");
  EXPECT_EQ(parse_error("Errors for \"a\"\n   GUID 0x1 port 1: [SymbolErrorCounter = 5]\n"),
            "bad.txt:2: expected [Counter == value], found \"[SymbolErrorCounter = 5]\"");
  EXPECT_EQ(parse_error("   GUID 0x1 port 1: [PortXmitWait == 18446744073709551616]\n"),
            "bad.txt:1: expected [Counter == value], found \"[PortXmitWait == "
            "18446744073709551616]\"");
  EXPECT_EQ(parse_error("   GUID 0x1 port 1: [PortXmitWait == 5\n"),
            "bad.txt:1: expected [Counter == value], found \"[PortXmitWait == 5\"");
  EXPECT_EQ(parse_error("   GUID 0x1 port 256: [PortXmitWait == 5]\n"),
            "bad.txt:1: expected a port number (0-255), found \"256\"");
  EXPECT_EQ(parse_error("   GUID 0xzz port 1:\n"),
            "bad.txt:1: expected 0x<GUID> after \"GUID\", found \"0xzz\"");
  EXPECT_EQ(parse_error("Errors for 12 \"x\"\n"),
            "bad.txt:1: expected 0x<GUID> or \"description\" after \"Errors for\", found \"12\"");
  EXPECT_EQ(parse_error("# Port counters: Lid 70000 port 1 (CapMask: 0x00)\n"),
            "bad.txt:1: expected a LID (0-65535), found \"70000\"");
  EXPECT_EQ(parse_error("# Port counters: Lid 3 port 1\nSymbolErrorCounter:.....x1\n"),
            "bad.txt:2: expected a number after SymbolErrorCounter:, found \"x1\"");
}

// The dump posted to linux-rdma (rd240 thread): values checked by hand against the file.
TEST(CountersTextTest, RealIbqueryerrorsDump) {
  std::string path = test::realworld("linux-rdma-ml-2021-rd240/ibqueryerrors.txt");
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path << " not present";
  }
  std::ifstream in(path);
  std::stringstream bytes;
  bytes << in.rdbuf();
  CountersText t = read_counters_text(bytes.str(), path);
  // 14 port rows (the summary's "14 ports have errors beyond threshold"), one ALL row.
  ASSERT_EQ(t.records.size(), 14u);
  EXPECT_EQ(t.aggregate_rows, 1u);
  EXPECT_TRUE(t.skipped.empty());

  const CounterRecord& first = t.records[0];  // line 2
  EXPECT_EQ(first.line, 2u);
  EXPECT_EQ(first.description, "dl380g7 mlx4_0");
  EXPECT_FALSE(first.node_guid);
  EXPECT_EQ(first.port_guid, Guid{0x7cfe900300179b31});
  EXPECT_EQ(first.port, 1);
  EXPECT_EQ(first.counters.vl15_dropped, 14u);
  EXPECT_EQ(first.counters.xmit_wait, 4294967295u);

  const CounterRecord& port0 = t.records[3];  // line 8
  EXPECT_EQ(port0.line, 8u);
  EXPECT_EQ(port0.node_guid, Guid{0x2c903006e29b0});
  EXPECT_EQ(port0.description, "MF0;ys23ib4:SX6036/U1");
  EXPECT_EQ(port0.port, 0);
  EXPECT_EQ(port0.counters.xmit_wait, 76959324u);

  const CounterRecord& port5 = t.records[8];  // line 13
  EXPECT_EQ(port5.line, 13u);
  EXPECT_EQ(port5.port, 5);
  EXPECT_EQ(port5.counters.symbol_errors, 65535u);
  EXPECT_EQ(port5.counters.link_error_recovery, 8u);
  EXPECT_EQ(port5.counters.link_downed, 2u);
  EXPECT_EQ(port5.counters.rcv_switch_relay_errors, 149u);
  EXPECT_EQ(port5.counters.xmit_discards, 649u);
  EXPECT_EQ(port5.counters.xmit_wait, 84704351u);
  EXPECT_FALSE(port5.counters.rcv_errors);

  const CounterRecord& last = t.records[13];  // line 19
  EXPECT_EQ(last.line, 19u);
  EXPECT_EQ(last.description, "rd240 mlx4_0");
  EXPECT_EQ(last.port_guid, Guid{0xe41d2d0300e0bae2});
  EXPECT_EQ(last.port, 2);
  EXPECT_EQ(last.counters.xmit_wait, 1u);
}

// A switch (LID 2, enhanced port 0) and two CAs; port GUIDs as ibnetdiscover prints them.
constexpr const char* kFabric =
    "switchguid=0x2c90300000001(2c90300000001)\n"
    "Switch\t8 \"S-0002c90300000001\"\t\t# \"sw1\" enhanced port 0 lid 2 lmc 0\n"
    "[1]\t\"H-0002c90300000011\"[1](2c90300000012)\t\t# \"host1\" lid 3 4xEDR\n"
    "[2]\t\"H-0002c90300000021\"[1](2c90300000022)\t\t# \"host2\" lid 4 4xEDR\n"
    "\n"
    "caguid=0x2c90300000011\n"
    "Ca\t1 \"H-0002c90300000011\"\t\t# \"host1\"\n"
    "[1](2c90300000012)\t\"S-0002c90300000001\"[1]\t\t# lid 3 lmc 0 \"sw1\" lid 2 4xEDR\n"
    "\n"
    "caguid=0x2c90300000021\n"
    "Ca\t1 \"H-0002c90300000021\"\t\t# \"host2\"\n"
    "[1](2c90300000022)\t\"S-0002c90300000001\"[2]\t\t# lid 4 lmc 0 \"sw1\" lid 2 4xEDR\n";

const PortCounters* counters_of(const Fabric& f, Guid node, std::uint8_t port) {
  std::optional<PortId> id = f.find_port(*f.find_node(node), port);
  return id && f.port(*id).counters ? &*f.port(*id).counters : nullptr;
}

TEST(CountersTextAttachTest, MatchesByGuidLidAndDescription) {
  Fabric fabric = read_ibnetdiscover(kFabric, "f.txt").fabric;
  CountersText text = read_counters_text(
      "Errors for 0x2c90300000001 \"whatever\"\n"                                 // 1
      "   GUID 0x2c90300000001 port 2: [SymbolErrorCounter == 20]\n"              // 2: node GUID
      "   GUID 0x2c90300000001 port 0: [PortXmitWait == 7]\n"                     // 3: port 0
      "Errors for \"host1\"\n"                                                    // 4
      "   GUID 0x2c90300000012 port 1: [LinkDownedCounter == 3]\n"                // 5: port GUID
      "Errors for \"host2\"\n"                                                    // 6
      "   GUID 0x99 port 1: [PortRcvErrors == 4]\n"                               // 7: by desc
      "# Port counters: Lid 4 port 1 (CapMask: 0x1600)\n"                         // 8: by LID
      "PortRcvErrors:...................5\n"                                      // 9
      "VL15Dropped:.....................1\n"                                      // 10
      "# Port extended counters: Lid 2 port 1 (CapMask: 0x1600 CapMask2: 0x0)\n"  // 11
      "PortXmitData:....................99\n"                                     // 12
      "# Port counters: Lid 2 port 1 (CapMask: 0x1600)\n"                         // 13
      "PortXmitData:....................5\n"                                      // 14
      "SymbolErrorCounter:..............1\n",                                     // 15
      "c.txt");
  CountersAttachResult r = attach_counters(fabric, text, "c.txt");
  EXPECT_TRUE(r.unmatched.empty()) << r.unmatched[0];
  EXPECT_EQ(r.attached, 7u);
  EXPECT_TRUE(check_invariants(r.fabric).empty());

  const PortCounters* sw2 = counters_of(r.fabric, 0x2c90300000001, 2);
  ASSERT_NE(sw2, nullptr);
  EXPECT_EQ(sw2->symbol_errors, 20u);
  EXPECT_EQ(counters_of(r.fabric, 0x2c90300000001, 0)->xmit_wait, 7u);
  EXPECT_EQ(counters_of(r.fabric, 0x2c90300000011, 1)->link_downed, 3u);
  const PortCounters* h2 = counters_of(r.fabric, 0x2c90300000021, 1);
  EXPECT_EQ(h2->rcv_errors, 5u);  // line 9 after line 7: later in the text
  EXPECT_EQ(h2->vl15_dropped, 1u);
  // The extended block (line 11) wins over the 32-bit one after it (line 13); fields only
  // the 32-bit block has are kept.
  const PortCounters* sw1 = counters_of(r.fabric, 0x2c90300000001, 1);
  EXPECT_EQ(sw1->xmit_data, 99u);
  EXPECT_EQ(sw1->symbol_errors, 1u);
  EXPECT_FALSE(sw1->xmit_wait);
  // Ports no row names keep no counters.
  EXPECT_EQ(counters_of(r.fabric, 0x2c90300000001, 3), nullptr);
}

TEST(CountersTextAttachTest, ReportsEveryRowWithoutAPort) {
  Fabric fabric = read_ibnetdiscover(kFabric, "f.txt").fabric;
  CountersText text = read_counters_text(
      "Errors for 0x77 \"sw9\"\n"                                   // 1
      "   GUID 0x77 port 1: [SymbolErrorCounter == 20]\n"           // 2: unknown switch GUID
      "   GUID 0x2c90300000001 port 1: [LinkDownedCounter == 1]\n"  // 3: header GUID decides
      "Errors for 0x2c90300000001 \"sw1\"\n"                        // 4
      "   GUID 0x2c90300000001 port 7: [LinkDownedCounter == 1]\n"  // 5: no port 7
      "Errors for \"nobody\"\n"                                     // 6
      "   GUID 0x55 port 1: [LinkDownedCounter == 1]\n"             // 7: neither GUID nor desc
      "# Port counters: Lid 40 port 1 (CapMask: 0x1600)\n"          // 8: no LID 40
      "SymbolErrorCounter:..............1\n"                        // 9
      "# Port counters: DR path slid 0; dlid 0; 0,1 port 1\n"       // 10: no LID at all
      "SymbolErrorCounter:..............1\n",                       // 11
      "c.txt");
  CountersAttachResult r = attach_counters(fabric, text, "c.txt");
  EXPECT_EQ(r.attached, 0u);
  ASSERT_EQ(r.unmatched.size(), 6u);
  EXPECT_EQ(r.unmatched[0],
            "c.txt:2: counters of 0x0000000000000077 \"sw9\" port 1: no node of the fabric has "
            "this GUID");
  EXPECT_EQ(r.unmatched[1],
            "c.txt:3: counters of 0x0000000000000077 \"sw9\" port 1: no node of the fabric has "
            "this GUID");
  EXPECT_EQ(r.unmatched[2],
            "c.txt:5: counters of 0x0002c90300000001 \"sw1\" port 7: the fabric holds no such "
            "port of that node");
  EXPECT_EQ(r.unmatched[3],
            "c.txt:7: counters of 0x0000000000000055 \"nobody\" port 1: no node of the fabric "
            "has this description");
  EXPECT_EQ(r.unmatched[4],
            "c.txt:8: counters of LID 40 port 1: no port of the fabric has this LID");
  EXPECT_EQ(r.unmatched[5],
            "c.txt:10: counters of port 1: the text names the port by neither GUID, LID nor "
            "description");
  EXPECT_EQ(r.fabric, fabric);
}

TEST(CountersTextAttachTest, DescriptionOfSeveralNodesIsUnmatched) {
  std::string two_host1 = kFabric;
  const std::string host2 = "\t\t# \"host2\"\n";  // the Ca line's description
  std::size_t at = two_host1.find(host2);
  ASSERT_NE(at, std::string::npos);
  two_host1.replace(at, host2.size(), "\t\t# \"host1\"\n");
  Fabric fabric = read_ibnetdiscover(two_host1, "f.txt").fabric;
  ASSERT_EQ(fabric.nodes().size(), 3u);
  ASSERT_EQ(fabric.links().size(), 2u);
  CountersText text = read_counters_text(
      "Errors for \"host1\"\n   GUID 0x99 port 1: [LinkDownedCounter == 3]\n", "c.txt");
  CountersAttachResult r = attach_counters(fabric, text, "c.txt");
  EXPECT_EQ(r.attached, 0u);
  ASSERT_EQ(r.unmatched.size(), 1u);
  EXPECT_EQ(r.unmatched[0],
            "c.txt:2: counters of 0x0000000000000099 \"host1\" port 1: 2 nodes of the fabric "
            "have this description");
}

}  // namespace
}  // namespace ibatlas
