// The LFT dump reader on text in each format (layouts from infiniband-diags dump_fts.c /
// ibroute.c and opensm osm_dump.c), every oddity it must report as data, and the writer's
// round trip.

#include "ibatlas/formats/lft_dump.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

constexpr std::uint8_t kNone = ForwardingTable::kNoRoute;

std::vector<LftIssueKind> kinds(const std::vector<LftIssue>& issues) {
  std::vector<LftIssueKind> out;
  for (const LftIssue& i : issues) {
    out.push_back(i.kind);
  }
  return out;
}

constexpr const char* kIbroute =
    "Unicast lids [0x0-0x5] of switch Lid 3 guid 0x0002c90200000001 (leaf (one)):\n"
    "  Lid  Out   Destination\n"
    "       Port     Info \n"
    "0x0001 002 : (Switch portguid 0x0002c90200000002: 'spine')\n"
    "0x0003 000 : (Switch portguid 0x0002c90200000001: 'leaf (one)')\n"
    "0x0005 017 : (Channel Adapter portguid 0x0002c90300000011: 'host1 HCA-1')\n"
    "3 valid lids dumped \n";

TEST(LftDumpTest, ReadsAnIbrouteTable) {
  LftDump d = read_lft_dump(kIbroute, "t.txt");
  EXPECT_EQ(d.format, LftDumpFormat::Ibroute);
  ASSERT_EQ(d.tables.size(), 1U);
  const LftTable& t = d.tables[0];
  EXPECT_EQ(t.switch_guid, 0x0002c90200000001U);
  EXPECT_EQ(t.switch_lid, std::optional<Lid>(3));
  EXPECT_EQ(t.description, "leaf (one)");
  EXPECT_EQ(t.top, std::optional<Lid>(5));
  EXPECT_EQ(t.out_port, (std::vector<std::uint8_t>{kNone, 2, kNone, 0, kNone, 17}));
  EXPECT_EQ(t.entries, 3U);
  EXPECT_TRUE(t.complete);
  EXPECT_TRUE(d.issues.empty());
  ASSERT_EQ(d.destinations.size(), 3U);
  EXPECT_EQ(d.destinations[2].lid, 5);
  EXPECT_EQ(d.destinations[2].port_guid, 0x0002c90300000011U);
  EXPECT_EQ(d.destinations[2].line, 6U);
}

TEST(LftDumpTest, ReadsDumpLftsWithDrPathHeadersAndItsTrailer) {
  LftDump d = read_lft_dump(
      "Unicast lids [0x0-0x2] of switch DR path slid 0; dlid 0; 0,3,2 guid 0x0000000000200009 "
      "(pod2-leaf2):\n"
      "  Lid  Out   Destination\n"
      "       Port     Info \n"
      "0x0001 036 : (Switch portguid 0x0000000000200000: 'core01')\n"
      "0x0002 035 : (Channel Adapter portguid 0x0000000000100001: 'host01')\n"
      "2 valid lids dumped \n"
      "\n"
      "*** WARNING ***: this command has been replaced by dump_fts\n",
      "lfts.txt");
  ASSERT_EQ(d.tables.size(), 1U);
  EXPECT_FALSE(d.tables[0].switch_lid.has_value());
  EXPECT_EQ(d.tables[0].out_port, (std::vector<std::uint8_t>{kNone, 36, 35}));
  ASSERT_EQ(d.skipped.size(), 1U);
  EXPECT_EQ(d.skipped[0].line, 8U);
  EXPECT_TRUE(d.issues.empty());
}

TEST(LftDumpTest, ReadsOpensmLftsDump) {
  LftDump d = read_lft_dump(
      "Unicast lids [0-3] of switch Lid 1 guid 0x0000000000200000 ('core01'):\n"
      "0x0001 000 # Switch portguid 0x0000000000200000: 'core01'\n"
      "0x0002 001 # Channel Adapter portguid 0x0000000000100001: 'host01'\n"
      "0x0003 004 # unknown node and type\n"
      "3 lids dumped\n",
      "opensm-lfts.dump");
  EXPECT_EQ(d.format, LftDumpFormat::OpensmLfts);
  ASSERT_EQ(d.tables.size(), 1U);
  EXPECT_EQ(d.tables[0].description, "core01");
  EXPECT_EQ(d.tables[0].out_port, (std::vector<std::uint8_t>{kNone, 0, 1, 4}));
  EXPECT_TRUE(d.tables[0].complete);
  EXPECT_TRUE(d.issues.empty());
  EXPECT_EQ(d.destinations.size(), 2U);  // "unknown node and type" names none
}

TEST(LftDumpTest, ReadsOpensmFdbs) {
  LftDump d = read_lft_dump(
      "dump_ucast_routes: Switch 0x0000000000200000\n"
      "LID    : Port : Hops : Optimal\n"
      "0x0001 : 000  : 00   : yes\n"
      "0x0002 : UNREACHABLE\n"
      "0x0003 : 005  : HOPS UNKNOWN\n"
      "0x0004 : 002  : 03   : No 2 hop path possible via port 3!\n"
      "dump_ucast_routes: Switch 0x0000000000200001\n"
      "LID    : Port : Hops : Optimal\n"
      "0x0001 : 001  : 01   : yes\n",
      "opensm.fdbs");
  EXPECT_EQ(d.format, LftDumpFormat::OpensmFdbs);
  ASSERT_EQ(d.tables.size(), 2U);
  EXPECT_EQ(d.tables[0].out_port, (std::vector<std::uint8_t>{kNone, 0, kNone, 5, 2}));
  EXPECT_EQ(d.tables[1].out_port, (std::vector<std::uint8_t>{kNone, 1}));
  EXPECT_TRUE(d.tables[0].complete);
  EXPECT_TRUE(d.tables[1].complete);  // .fdbs has no closing line
  EXPECT_TRUE(d.issues.empty());
}

TEST(LftDumpTest, TableCutShortByTheEndOfTheTextIsReportedTruncated) {
  std::string text = kIbroute;
  text.erase(text.find("3 valid"));
  LftDump d = read_lft_dump(text, "cut.txt");
  ASSERT_EQ(d.tables.size(), 1U);
  EXPECT_FALSE(d.tables[0].complete);
  EXPECT_EQ(d.tables[0].out_port[5], 17);  // what was read is kept
  EXPECT_EQ(kinds(d.issues), (std::vector<LftIssueKind>{LftIssueKind::Truncated}));
  EXPECT_NE(d.issues[0].message.find("cut.txt:6: "), std::string::npos) << d.issues[0].message;
}

TEST(LftDumpTest, IberrorLineEndsTheTableAsAToolError) {
  std::string text = kIbroute;
  text.erase(text.find("3 valid"));
  text += "/usr/sbin/ibroute: iberror: failed: dump tables: linear forwarding table get failed\n";
  LftDump d = read_lft_dump(text, "ib.txt");
  EXPECT_EQ(kinds(d.issues),
            (std::vector<LftIssueKind>{LftIssueKind::ToolError, LftIssueKind::Truncated}));
  EXPECT_EQ(d.issues[0].line, 7U);
  EXPECT_FALSE(d.tables[0].complete);
}

TEST(LftDumpTest, RepeatedLidKeepsTheFirstAndReportsConflicts) {
  LftDump d = read_lft_dump(
      "Unicast lids [0x0-0x3] of switch Lid 1 guid 0x0000000000000001 (s):\n"
      "0x0003 016 : (Channel Adapter portguid 0x00000000000000a1: 'a')\n"
      "0x0003 016 : (Channel Adapter portguid 0x00000000000000a1: 'a')\n"
      "0x0003 019 : (Channel Adapter portguid 0x00000000000000b1: 'b')\n"
      "3 valid lids dumped \n",
      "dup.txt");
  EXPECT_EQ(d.tables[0].out_port[3], 16);
  EXPECT_EQ(kinds(d.issues), (std::vector<LftIssueKind>{LftIssueKind::DuplicateEntry,
                                                        LftIssueKind::DestinationConflict}));
  EXPECT_NE(d.issues[0].message.find("listed 3 times"), std::string::npos);
  EXPECT_EQ(d.destinations.size(), 1U);
  EXPECT_EQ(d.destinations[0].port_guid, 0xa1U);
}

TEST(LftDumpTest, WrongEntryCountIsReported) {
  std::string text = kIbroute;
  text.replace(text.find("3 valid"), 1, "4");
  LftDump d = read_lft_dump(text, "n.txt");
  EXPECT_EQ(kinds(d.issues), (std::vector<LftIssueKind>{LftIssueKind::CountMismatch}));
  EXPECT_TRUE(d.tables[0].complete);
}

TEST(LftDumpTest, UnreadableBlockDropsItsStaleEntries) {
  std::string text =
      "SubnGet(LFT) failed on switch 'leaf (one)' DR path slid 0; dlid 0; 0,1 Node GUID "
      "0x2c90200000001 SMA LID 3; MAD status 0x0 AM 0x0\n";
  text += kIbroute;
  LftDump d = read_lft_dump(text, "blk.txt");
  EXPECT_EQ(kinds(d.issues),
            (std::vector<LftIssueKind>{LftIssueKind::ToolError, LftIssueKind::UnreadBlock}));
  EXPECT_EQ(d.tables[0].out_port, (std::vector<std::uint8_t>(6, kNone)));
  EXPECT_NE(d.issues[1].message.find("its 3 listed entries"), std::string::npos);
}

TEST(LftDumpTest, MalformedTextThrowsWithFileAndLine) {
  struct Case {
    std::string text;
    std::string message;
  };

  const std::string header = "Unicast lids [0x0-0x5] of switch Lid 3 guid 0x01 (s):\n";
  for (const Case& c : std::vector<Case>{
           {header + "0x0001 two\n", "x.txt:2: expected an entry"},
           {header + "0x0009 001 : (x)\n", "x.txt:2: expected a LID within the table's range"},
           {header + "0x0001 300 : (x)\n", "x.txt:2: expected a port number of at most 255"},
           {"Unicast lids [0x0-0x5] of swatch\n", "x.txt:1: expected a table header"},
           {"Unicast lids [0x0-0xc000] of switch Lid 3 guid 0x01 (s):\n",
            "x.txt:1: expected a last LID of at most 0xbfff"},
           {"hello\nworld\n", "x.txt:1: expected an LFT table"},
           {"", "x.txt:1: expected an LFT table"},
       }) {
    try {
      read_lft_dump(c.text, "x.txt");
      ADD_FAILURE() << "no error for: " << c.text;
    } catch (const ParseError& e) {
      EXPECT_EQ(std::string(e.what()).substr(0, c.message.size()), c.message) << e.what();
    }
  }
}

TEST(LftDumpTest, RecognisesDumpsAndNothingElse) {
  EXPECT_TRUE(looks_like_lft_dump(kIbroute));
  EXPECT_TRUE(looks_like_lft_dump("\nibwarn: x\ndump_ucast_routes: Switch 0x1\n"));
  EXPECT_FALSE(looks_like_lft_dump("Switch 36 \"S-0002c90200000001\"\n"));
  EXPECT_FALSE(looks_like_lft_dump(""));
}

// Switch s1 (GUID 0x1000, LID 1) and host h1 (port GUID 0x2011, LID 2) on s1 port 1.
Fabric two_nodes(bool with_table) {
  test::Net net;
  NodeId s1 = net.sw("s1");
  NodeId h1 = net.ca("h1");
  net.link(h1, 1, s1, 1);
  if (with_table) {
    net.routes(s1, {{1, 0}, {2, 1}});
  }
  return net.build();
}

TEST(LftDumpTest, WrittenTablesReadBackAndAttachToTheSameFabric) {
  Fabric f = two_nodes(true);
  std::ostringstream out;
  write_lft_dump(f, out);
  EXPECT_EQ(out.str(),
            "Unicast lids [0x0-0x2] of switch Lid 1 guid 0x0000000000001000 (s1):\n"
            "  Lid  Out   Destination\n"
            "       Port     Info \n"
            "0x0001 000 : (Switch portguid 0x0000000000001000: 's1')\n"
            "0x0002 001 : (Channel Adapter portguid 0x0000000000002011: 'h1')\n"
            "2 valid lids dumped \n");
  AttachedTables a = with_forwarding_tables(two_nodes(false), read_lft_dump(out.str(), "w"));
  EXPECT_EQ(a.attached, 1U);
  EXPECT_TRUE(a.issues.empty());
  EXPECT_EQ(a.fabric, f);
}

TEST(LftDumpTest, AttachFindsSwitchesByLidAndReportsWhatDoesNotFit) {
  LftDump d = read_lft_dump(
      "Unicast lids [0x0-0x2] of switch Lid 1 guid 0x00000000000fffff (renamed):\n"
      "0x0001 000 : (Switch portguid 0x0000000000001000: 's1')\n"
      "0x0002 009 : (Channel Adapter portguid 0x0000000000002099: 'h9')\n"
      "2 valid lids dumped \n"
      "Unicast lids [0x0-0x2] of switch Lid 7 guid 0x0000000000000777 (elsewhere):\n"
      "0 valid lids dumped \n",
      "a.txt");
  AttachedTables a = with_forwarding_tables(two_nodes(false), d);
  EXPECT_EQ(a.attached, 1U);  // by LID 1; the second names nothing in the fabric
  EXPECT_EQ(kinds(a.issues),
            (std::vector<LftIssueKind>{LftIssueKind::PortOutOfRange, LftIssueKind::UnknownSwitch,
                                       LftIssueKind::DestinationMismatch}));
  EXPECT_NE(a.issues[2].message.find("a.txt:3: "), std::string::npos) << a.issues[2].message;
  ASSERT_EQ(a.fabric.forwarding_tables().size(), 1U);
  EXPECT_EQ(a.fabric.forwarding_tables()[0].out_port, (std::vector<std::uint8_t>{kNone, 0, 9}));
}

}  // namespace
}  // namespace ibatlas
