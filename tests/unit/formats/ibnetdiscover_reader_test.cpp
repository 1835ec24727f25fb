// read_ibnetdiscover on small inline inputs: each construct and variant accepted, and each
// kind of broken record rejected with its exact "file:line: expected ..., found ..." text.
// Expected values are read off the input text by hand. The variants (ibdiagnet's export,
// -g, 2009 output) and ibsim netfiles are in ibnetdiscover_reader_variants_test.cpp.

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

namespace ibatlas {
namespace {

ReadResult read_ok(std::string_view text, std::string_view name = "t.topo") {
  ReadResult r = read_ibnetdiscover(text, name);
  std::vector<std::string> problems = check_invariants(r.fabric);
  EXPECT_TRUE(problems.empty()) << problems.front();
  return r;
}

std::string error_of(std::string_view text, std::string_view name = "t.topo") {
  try {
    read_ibnetdiscover(text, name);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "accepted";
}

const Node& node(const Fabric& f, Guid guid) {
  std::optional<NodeId> id = f.find_node(guid);
  if (!id) {
    throw std::runtime_error("no node " + std::to_string(guid));
  }
  return f.node(*id);
}

const Port& port(const Fabric& f, Guid guid, std::uint8_t number) {
  std::optional<PortId> id = f.find_port(f.id_of(node(f, guid)), number);
  if (!id) {
    throw std::runtime_error("no port " + std::to_string(number));
  }
  return f.port(*id);
}

PortId port_id(const Fabric& f, Guid guid, std::uint8_t number) {
  return f.id_of(port(f, guid, number));
}

constexpr std::string_view kSmallFabric = R"(#
# Topology file: generated on Tue Jun  5 14:15:10 2007
#
# Max of 2 hops discovered
# Initiated from node 0008f10403960558 port 0008f10403960559

vendid=0x8f1
devid=0x5a06
sysimgguid=0x5442ba00003000
switchguid=0x5442ba00003080(5442ba00003081)
Switch	24 "S-005442ba00003080"		# "ISR9024 Voltaire" enhanced port 0 lid 6 lmc 1
[22]	"H-0008f10403960558"[1](8f10403960559) 		# "host1 HCA-1" lid 4 4xQDR
[10]	"S-0008f10400410015"[1]		# "SW-6IB4 Voltaire" lid 3 1xSDR

vendid=0x8f1
devid=0x5a05
switchguid=0x8f10400410015(8f10400410015)
Switch	8 "S-0008f10400410015"		# "SW-6IB4 Voltaire" base port 0 lid 3 lmc 0
[1]	"S-005442ba00003080"[10]		# "ISR9024 Voltaire" lid 6 4xSDR

vendid=0x2c9
devid=0x5a44
sysimgguid=0x8f1040396055b
caguid=0x8f10403960558
Ca	2 "H-0008f10403960558"		# "host1 HCA-1"
[1](8f10403960559) 	"S-005442ba00003080"[22]		# lid 4 lmc 0 "ISR9024 Voltaire" lid 6 4xQDR
)";

TEST(IbnetdiscoverReaderTest, ReadsNodeAttributesAndSwitchPortZero) {
  Fabric f = read_ok(kSmallFabric).fabric;
  ASSERT_EQ(f.nodes().size(), 3u);
  const Node& sw = node(f, 0x5442ba00003080);
  EXPECT_EQ(sw.type, NodeType::Switch);
  EXPECT_EQ(sw.system_guid, 0x5442ba00003000u);
  EXPECT_EQ(sw.vendor_id, 0x8f1u);
  EXPECT_EQ(sw.device_id, 0x5a06u);
  EXPECT_EQ(sw.description, "ISR9024 Voltaire");
  EXPECT_EQ(sw.port_count, 24);
  EXPECT_EQ(sw.enhanced_port0, true);
  const Port& p0 = port(f, 0x5442ba00003080, 0);
  EXPECT_EQ(p0.guid, 0x5442ba00003081u);
  EXPECT_EQ(p0.base_lid, 6);
  EXPECT_EQ(p0.lmc, 1);
  EXPECT_EQ(node(f, 0x8f10400410015).enhanced_port0, false);
  EXPECT_EQ(node(f, 0x8f10400410015).system_guid, std::nullopt);  // no sysimgguid= line
}

TEST(IbnetdiscoverReaderTest, ReadsPortLinesOfSwitchesAndCas) {
  Fabric f = read_ok(kSmallFabric).fabric;
  const Port& ca = port(f, 0x8f10403960558, 1);
  EXPECT_EQ(ca.guid, 0x8f10403960559u);
  EXPECT_EQ(ca.base_lid, 4);
  EXPECT_EQ(ca.lmc, 0);
  EXPECT_EQ(ca.width_active, LinkWidth::X4);
  EXPECT_EQ(ca.speed_active, LinkSpeed::Qdr);
  EXPECT_EQ(ca.width_enabled, std::nullopt);
  EXPECT_EQ(ca.peer, port_id(f, 0x5442ba00003080, 22));
  // Each end keeps the width it printed, even when the two disagree (1x here, 4x there).
  EXPECT_EQ(port(f, 0x5442ba00003080, 10).width_active, LinkWidth::X1);
  EXPECT_EQ(port(f, 0x8f10400410015, 1).width_active, LinkWidth::X4);
  EXPECT_EQ(port(f, 0x8f10400410015, 1).base_lid, std::nullopt);  // a switch port has none
  EXPECT_EQ(f.links().size(), 2u);
}

TEST(IbnetdiscoverReaderTest, TakesProvenanceFromTheHeaderComments) {
  Fabric f = read_ok(kSmallFabric, "dump.txt").fabric;
  const Provenance& p = f.provenance();
  EXPECT_EQ(p.source, "dump.txt");
  EXPECT_EQ(p.format, "ibnetdiscover");
  EXPECT_EQ(p.tool, "ibnetdiscover");
  EXPECT_EQ(p.time, "2007-06-05T14:15:10");  // ctime has no zone, so neither has this
  EXPECT_EQ(p.local_port_guid, 0x8f10403960559u);
  Fabric bare = read_ok("Ca 1 \"H-0000000000000001\" # \"h\"\n").fabric;
  EXPECT_EQ(bare.provenance().time, std::nullopt);
  Fabric odd = read_ok("# Topology file: generated on a rainy day\n").fabric;
  EXPECT_EQ(odd.provenance().time, std::nullopt);
  Fabric gen = read_ok(
                   "# Topology file: generated with FatTreeBuilder.py on Wed Jun 29 "
                   "18:06:45 2016\n")
                   .fabric;
  EXPECT_EQ(gen.provenance().tool, "FatTreeBuilder.py");
  EXPECT_EQ(gen.provenance().time, "2016-06-29T18:06:45");
}

constexpr std::string_view kClaims = R"(Switch 8 "S-0000000000000001" # "sw1"
[1] "H-0000000000000010"[1](11) # "host-a" lid 5 4xEDR
[2] "H-0000000000000020"[1](21) # "host-b" lid 6 4xEDR
[3] "H-0000000000000030"[2](32) # "ghost" lid 7 4xEDR
[4] "S-0000000000000002"[1] # "sw2" lid 99 4xEDR

Switch 8 "S-0000000000000002" # "sw2" base port 0 lid 22 lmc 0
[1] "S-0000000000000001"[4] # "sw1" lid 12 4xEDR

Ca 1 "H-0000000000000010" # "host-a"
[1] "S-0000000000000001"[1]

Ca 1 "H-0000000000000020" # "host-b"
[1](2f) "S-0000000000000001"[2] # lid 9 lmc 0 "sw1" lid 12 4xEDR
)";

TEST(IbnetdiscoverReaderTest, PeerClaimsFillOnlyWhatThePeersRecordLeavesOut) {
  Fabric f = read_ok(kClaims).fabric;
  EXPECT_EQ(port(f, 0x10, 1).guid, 0x11u);  // host-a's line says nothing: the claims hold
  EXPECT_EQ(port(f, 0x10, 1).base_lid, 5);
  EXPECT_EQ(port(f, 0x10, 1).width_active, std::nullopt);
  EXPECT_EQ(port(f, 0x20, 1).guid, 0x2fu);  // host-b's own line wins
  EXPECT_EQ(port(f, 0x20, 1).base_lid, 9);
  EXPECT_EQ(port(f, 2, 0).base_lid, 22);  // sw2's header wins over "lid 99"
  EXPECT_EQ(port(f, 1, 0).base_lid, 12);  // sw1's header has no LID: a switch peer's is port 0's
  EXPECT_EQ(node(f, 1).enhanced_port0, std::nullopt);
  EXPECT_EQ(node(f, 0x20).description, "host-b");
}

TEST(IbnetdiscoverReaderTest, MakesAPeerWithoutRecordFromWhatTheLineSays) {
  Fabric f = read_ok(kClaims).fabric;
  ASSERT_EQ(f.nodes().size(), 5u);
  const Node& ghost = node(f, 0x30);
  EXPECT_EQ(ghost.type, NodeType::Ca);
  EXPECT_EQ(ghost.description, "ghost");
  EXPECT_EQ(ghost.port_count, 0);  // unknown
  EXPECT_EQ(port(f, 0x30, 2).guid, 0x32u);
  EXPECT_EQ(port(f, 0x30, 2).base_lid, 7);
  EXPECT_TRUE(f.is_link(port_id(f, 0x30, 2)));
  EXPECT_EQ(f.links().size(), 4u);  // host-a, host-b, ghost, sw1-sw2
}

TEST(IbnetdiscoverReaderTest, KeepsOneSidedPeersWhenTheFarRecordDisagrees) {
  Fabric f = read_ok(R"(Switch 8 "S-000000000000000a" # "A" base port 0 lid 1 lmc 0
[1] "S-000000000000000b"[2] # "B" lid 2 4xEDR

Switch 8 "S-000000000000000b" # "B" base port 0 lid 2 lmc 0
[2] "H-000000000000000c"[1](d) # "C" lid 3 4xEDR

Ca 1 "H-000000000000000c" # "C"
[1](d) "S-000000000000000b"[2] # lid 3 lmc 0 "B" lid 2 4xEDR
)")
                 .fabric;
  EXPECT_EQ(port(f, 0xa, 1).peer, port_id(f, 0xb, 2));
  EXPECT_EQ(port(f, 0xb, 2).peer, port_id(f, 0xc, 1));
  EXPECT_FALSE(f.is_link(port_id(f, 0xa, 1)));
  EXPECT_TRUE(f.is_link(port_id(f, 0xb, 2)));
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IbnetdiscoverReaderTest, ReadsLoopbackCableAsALink) {
  Fabric f = read_ok(R"(Switch 36 "S-e41d2d030003e470" # "SwitchIB" base port 0 lid 268 lmc 0
[1] "S-e41d2d030003e470"[2] # "SwitchIB" lid 268 4xEDR
[2] "S-e41d2d030003e470"[1] # "SwitchIB" lid 268 4xEDR
)")
                 .fabric;
  EXPECT_EQ(port(f, 0xe41d2d030003e470, 1).peer, port_id(f, 0xe41d2d030003e470, 2));
  EXPECT_EQ(port(f, 0xe41d2d030003e470, 2).peer, port_id(f, 0xe41d2d030003e470, 1));
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IbnetdiscoverReaderTest, ReadsEveryWidthAndSpeedSpelling) {
  struct Case {
    std::string_view token;
    std::optional<LinkWidth> width;
    std::optional<LinkSpeed> speed;
  };

  const Case cases[] = {{"4xQDR", LinkWidth::X4, LinkSpeed::Qdr},
                        {"1xSDR", LinkWidth::X1, LinkSpeed::Sdr},
                        {"12xEDR", LinkWidth::X12, LinkSpeed::Edr},
                        {"4xFDR10", LinkWidth::X4, LinkSpeed::Fdr10},
                        {"2xNDR", LinkWidth::X2, LinkSpeed::Ndr},
                        {"8xXDR", LinkWidth::X8, LinkSpeed::Xdr},
                        {"4x???", LinkWidth::X4, std::nullopt},
                        {"??DDR", std::nullopt, LinkSpeed::Ddr},
                        {"", std::nullopt, std::nullopt}};  // 2009 output prints neither
  for (const Case& c : cases) {
    std::string text =
        "Switch 8 \"S-0000000000000001\" # \"s\" base port 0 lid 1 lmc 0\n"
        "[1] \"H-0000000000000002\"[1](3) # \"h\" lid 2 " +
        std::string(c.token) + "\n";
    Fabric f = read_ok(text).fabric;
    EXPECT_EQ(port(f, 1, 1).width_active, c.width) << c.token;
    EXPECT_EQ(port(f, 1, 1).speed_active, c.speed) << c.token;
  }
}

TEST(IbnetdiscoverReaderTest, LineEndingsTabsAndBomDoNotChangeTheFabric) {
  std::string lf(kSmallFabric);
  std::string crlf;
  std::string crcrlf;
  std::string no_tabs;
  for (char c : lf) {
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    crcrlf += c == '\n' ? std::string("\r\r\n") : std::string(1, c);
    if (c != '\t') {
      no_tabs += c;  // as PuTTY logs keep it: "Switch24 "S-..."# "...""
    }
  }
  Fabric expected = read_ok(lf).fabric;
  EXPECT_EQ(read_ok(crlf).fabric, expected);
  EXPECT_EQ(read_ok(crcrlf).fabric, expected);
  EXPECT_EQ(read_ok(no_tabs).fabric, expected);
  EXPECT_EQ(read_ok("\xEF\xBB\xBF" + lf).fabric, expected);
}

TEST(IbnetdiscoverReaderTest, SkipsNoiseLinesAndListsThemByLineNumber) {
  ReadResult r = read_ok(
      "\xEF\xBB\xBF[root@ufm001 dgxa100]# ibnetdiscover \n"                       // 1
      "=~=~=~=~= PuTTY log 2021.06.15 12:06:05 =~=~=~=~=\n"                       // 2
      "\n"                                                                        // 3
      "Switch 65 \"S-0000000000000001\" # \"sw\" base port 0 lid 1 lmc 0\n"       // 4
      "[1] \"H-0000000000000002\"[2](4) # \"h\" lid 65535 4xEDR\n"                // 5
      "src/query_smp.c:195; umad (DR path slid 0; dlid 0; 0,1) bad status 110\n"  // 6
      "[65] \"H-0000000000000008\"[1](9) # \"h2\" lid 3 4xNDR\n"                  // 7
      " \n"                                                                       // 8
      "Switching to the next subnet\n"                                            // 9
      "Cannot open port\n"                                                        // 10
      "[1]+  Done                    ibnetdiscover\n"                             // 11
      "do not panic\n"                                                            // 12
      "\rsat11-ufm [ mgmt-ha-active ] (config) # ");                              // 13
  std::vector<std::size_t> lines;
  for (const SkippedLine& s : r.skipped) {
    lines.push_back(s.line);
  }
  EXPECT_EQ(lines, (std::vector<std::size_t>{1, 2, 6, 9, 10, 11, 12, 13}));
  EXPECT_EQ(r.skipped[0].text, "[root@ufm001 dgxa100]# ibnetdiscover ");
  // The stderr line did not end the record: port 65 of the 65-port switch is there.
  EXPECT_EQ(port(r.fabric, 1, 65).peer, port_id(r.fabric, 8, 1));
  EXPECT_EQ(port(r.fabric, 2, 2).base_lid, 65535);  // unassigned, but a valid LID
}

TEST(IbnetdiscoverReaderTest, ReadsRoutersDescriptionsWithHashAndToolSuffixes) {
  Fabric f = read_ok(R"(rtguid=0xb8e924030000b928
Rt 8 "R-b8e924030000b928" # "MF0;mamba:Q3400_RA/U2/RT"
[1](b8e924030000b929) "S-0000000000000001"[3] # lid 7 lmc 0 "Voltaire 4036 # 4036-8C5C" lid 1 1xXDR

Switch 36 "S-0000000000000001" # "Voltaire 4036 # 4036-8C5C" enhanced port 0 lid 1 lmc 0
[3] "R-b8e924030000b928"[1](b8e924030000b929) # "mamba" lid 7 1xXDR s=4 w=1 v=4 slot 3
[4] "H-0000000000000002"[1](3) # "say "hi"" lid 2 4xQDR (scp)
)")
                 .fabric;
  EXPECT_EQ(node(f, 0xb8e924030000b928).type, NodeType::Router);
  EXPECT_EQ(port(f, 0xb8e924030000b928, 1).speed_active, LinkSpeed::Xdr);
  EXPECT_EQ(node(f, 1).description, "Voltaire 4036 # 4036-8C5C");
  EXPECT_EQ(node(f, 2).description, "say \"hi\"");
  EXPECT_EQ(port(f, 1, 3).vl_cap, 4);  // ibnetdiscover -f's v=
  EXPECT_TRUE(f.is_link(port_id(f, 1, 3)));
}

TEST(IbnetdiscoverReaderTest, ReadsCaConnectedOnlyOnPortTwo) {
  Fabric f = read_ok(R"(Switch  36 "S-0021283a8389a0a0" # "Sun DCS 36" enhanced port 0 lid 15 lmc 0
[23]    "H-0003ba000100e388"[2](3ba000100e38a) # "nsn33-43 HCA-1" lid 14 4xQDR
 
Ca      2 "H-0003ba000100e388" # "nsn33-43 HCA-1"
[2](3ba000100e38a)      "S-0021283a8389a0a0"[23] # lid 14 lmc 0 "Sun DCS 36" lid 15 4xQDR
)")
                 .fabric;
  const Node& ca = node(f, 0x3ba000100e388);
  ASSERT_EQ(ca.ports, 1u);
  EXPECT_EQ(f.ports_of(f.id_of(ca))[0].number, 2);
  EXPECT_EQ(f.links().size(), 1u);
}

TEST(IbnetdiscoverReaderTest, RejectsMalformedLidsGuidsAndPortLines) {
  struct Case {
    std::string_view text;
    std::string_view message;
  };

  const Case cases[] = {
      {"#\nSwitch 37 \"S-4444444444444444\" # \"sw\" enhanced port 0 lid  lmc 0\n",
       "t.topo:2: expected a LID (0-65535) after \"lid\", found \"lmc 0\""},
      {"Switch 41 \"S-0000000000000001\" # \"sw\" base port 0 lid -1 lmc 0\n",
       "t.topo:1: expected a LID (0-65535) after \"lid\", found \"-1 lmc 0\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"S-0000000000000002\"[9] # \"x\" lid  "
       "4xHDR\n",
       "t.topo:2: expected a LID (0-65535) after \"lid\", found \"4xHDR\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"S-0000000000000002\"[9] # \"x\" lid 65536\n",
       "t.topo:2: expected a LID (0-65535) after \"lid\", found \"65536\""},
      {"Ca  1 \"H-b8cef60300xxxxxx\"      # \"Test_Host HCA-1\"\n",
       "t.topo:1: expected a node id \"H-<GUID of up to 16 hex digits>\", found "
       "\"H-b8cef60300xxxxxx\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"H-b8cef60300xxxxxx\"[1] # \"h\" lid 1 "
       "4xHDR\n",
       "t.topo:2: expected a peer id \"S-\", \"H-\" or \"R-\" and a GUID of up to 16 hex digits, "
       "found \"H-b8cef60300xxxxxx\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"H-0000000000000002\"[1] # \"h\" lid 1 "
       "4xQRD\n",
       "t.topo:2: expected a link width and speed such as 4xQDR, or end of line, found \"4xQRD\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[9] \"H-0000000000000002\"[1]\n",
       "t.topo:2: expected a port number from 1 to 8 (the header's port count), found "
       "\"[9] \"H-0000000000000002\"[1]\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"H-0000000000000002\"[1]\n"
       "[1] \"H-0000000000000003\"[1]\n",
       "t.topo:3: expected one line per port, but port 1 was already described, found "
       "\"[1] \"H-0000000000000003\"[1]\""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
}

TEST(IbnetdiscoverReaderTest, RejectsMalformedHeadersAttributesAndPeers) {
  struct Case {
    std::string_view text;
    std::string_view message;
  };

  const Case cases[] = {
      {"Ca 1 \"H-0000000000000002\" # \"a\"\n\nCa 1 \"H-0000000000000002\" # \"b\"\n",
       "t.topo:3: expected a node GUID not used by an earlier record, found "
       "\"Ca 1 \"H-0000000000000002\" # \"b\"\""},
      {"Ca 1 \"H-0000000000000002\" # \"a\"\n\n[1] \"S-0000000000000001\"[1]\n",
       "t.topo:3: expected a Switch, Ca or Rt header before this port line, found "
       "\"[1] \"S-0000000000000001\"[1]\""},
      {"Switch 36 S-0000000000000001 # \"s\"\n",
       "t.topo:1: expected a quoted node id, found \"S-0000000000000001 # \"s\"\""},
      {"Switch \"S-0000000000000001\"\n",
       "t.topo:1: expected a port count (1-255) after the node type, found "
       "\"\"S-0000000000000001\"\""},
      {"vendid=0xzz\n", "t.topo:1: expected a number (0x... or decimal), found \"0xzz\""},
      {"switchguid=0x1(zz)\n",
       "t.topo:1: expected a port GUID in hex between '(' and ')', found \"zz)\""},
      {"Chassis 1 (guid 0x8f10g)\n", "t.topo:1: expected ')' after the chassis GUID, found \"g)\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"S-0000000000000002\"[40] # \"t\" lid 1\n\n"
       "Switch 36 \"S-0000000000000002\" # \"t\"\n",
       "t.topo:2: expected a peer port from 1 to 36 (the peer's port count), found \"[40]\""},
      {"Switch 8 \"S-0000000000000001\" # \"s\"\n[1] \"S-0000000000000002\"[1] # \"t\" lid 1\n\n"
       "Ca 1 \"H-0000000000000002\" # \"t\"\n",
       "t.topo:2: expected a peer id whose S-/H-/R- prefix matches the type of the peer's record, "
       "found \"S-0000000000000002\""},
      {"Ca 1 \"H-0000000000000002\" # \"unclosed\n",
       "t.topo:1: expected a closing '\"' after the description, found \"\"unclosed\""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
}

}  // namespace
}  // namespace ibatlas
