#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/paths.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

std::string written(const Fabric& fabric) {
  std::ostringstream out;
  write_ibnetdiscover(fabric, out);
  return out.str();
}

Port up(std::uint8_t number, std::optional<Guid> guid, std::optional<Lid> lid, LinkWidth w,
        LinkSpeed s) {
  return Port{
      .number = number, .guid = guid, .base_lid = lid, .width_active = w, .speed_active = s};
}

// A switch with a loopback cable, a two-port CA and a router, added in the opposite of the
// order ibnetdiscover prints them.
Fabric small_fabric() {
  FabricBuilder b;
  NodeId rt = b.add_node(Node{
      .type = NodeType::Router, .guid = 0x0002c90300003000, .description = "gw1", .port_count = 1});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca,
                              .guid = 0x0002c90300001000,
                              .system_guid = 0x2c90300001003,
                              .vendor_id = 0x2c9,
                              .device_id = 0x1017,
                              .description = "h1 HCA-1",
                              .port_count = 2});
  NodeId sw = b.add_node(Node{.type = NodeType::Switch,
                              .guid = 0x0002c90300000100,
                              .system_guid = 0x2c90300000103,
                              .vendor_id = 0x2c9,
                              .device_id = 0xcb20,
                              .description = "leaf",
                              .port_count = 8,
                              .enhanced_port0 = false});
  b.add_port(sw, Port{.number = 0, .guid = 0x0002c90300000100, .base_lid = 1, .lmc = 0});
  auto cable = [&b](NodeId x, Port px, NodeId y, Port py) {
    b.connect(b.add_port(x, px), b.add_port(y, py));
  };
  Port ca1 = up(1, 0x2c90300001001, 5, LinkWidth::X4, LinkSpeed::Edr);
  ca1.lmc = 2;
  cable(ca, ca1, sw, up(3, std::nullopt, std::nullopt, LinkWidth::X4, LinkSpeed::Edr));
  cable(sw, up(1, std::nullopt, std::nullopt, LinkWidth::X4, LinkSpeed::Edr), ca,
        up(2, 0x2c90300001002, 9, LinkWidth::X4, LinkSpeed::Edr));
  cable(rt, up(1, 0x2c90300003001, 20, LinkWidth::X2, LinkSpeed::Hdr), sw,
        up(2, std::nullopt, std::nullopt, LinkWidth::X2, LinkSpeed::Hdr));
  cable(sw, up(6, std::nullopt, std::nullopt, LinkWidth::X4, LinkSpeed::Ndr), sw,
        up(5, std::nullopt, std::nullopt, LinkWidth::X4, LinkSpeed::Ndr));
  b.set_provenance(Provenance{.time = "2026-11-29T23:48:00Z", .local_port_guid = 0x2c90300001001});
  return std::move(b).build();
}

// Written by hand from infiniband-diags ibnetdiscover.c (dump_topology, out_switch,
// out_switch_port, out_ca, out_ca_port); 2026-11-29 is a Sunday.
constexpr const char* kSmallExpected =
    "#\n"
    "# Topology file: generated on Sun Nov 29 23:48:00 2026\n"
    "#\n"
    "# Initiated from node 0002c90300001000 port 0002c90300001001\n"
    "\n"
    "vendid=0x2c9\n"
    "devid=0xcb20\n"
    "sysimgguid=0x2c90300000103\n"
    "switchguid=0x2c90300000100(2c90300000100)\n"
    "Switch\t8 \"S-0002c90300000100\"\t\t# \"leaf\" base port 0 lid 1 lmc 0\n"
    "[1]\t\"H-0002c90300001000\"[2](2c90300001002) \t\t# \"h1 HCA-1\" lid 9 4xEDR\n"
    "[2]\t\"R-0002c90300003000\"[1](2c90300003001) \t\t# \"gw1\" lid 20 2xHDR\n"
    "[3]\t\"H-0002c90300001000\"[1](2c90300001001) \t\t# \"h1 HCA-1\" lid 5 4xEDR\n"
    "[5]\t\"S-0002c90300000100\"[6]\t\t# \"leaf\" lid 1 4xNDR\n"
    "[6]\t\"S-0002c90300000100\"[5]\t\t# \"leaf\" lid 1 4xNDR\n"
    "\n"
    "vendid=0x2c9\n"
    "devid=0x1017\n"
    "sysimgguid=0x2c90300001003\n"
    "caguid=0x2c90300001000\n"
    "Ca\t2 \"H-0002c90300001000\"\t\t# \"h1 HCA-1\"\n"
    "[1](2c90300001001) \t\"S-0002c90300000100\"[3]\t\t# lid 5 lmc 2 \"leaf\" lid 1 4xEDR\n"
    "[2](2c90300001002) \t\"S-0002c90300000100\"[1]\t\t# lid 9 lmc 0 \"leaf\" lid 1 4xEDR\n"
    "\n"
    "rtguid=0x2c90300003000\n"
    "Rt\t1 \"R-0002c90300003000\"\t\t# \"gw1\"\n"
    "[1](2c90300003001) \t\"S-0002c90300000100\"[2]\t\t# lid 20 lmc 0 \"leaf\" lid 1 2xHDR\n";

TEST(IbnetdiscoverWriterTest, WritesIbnetdiscoverLayoutSwitchesThenCasThenRouters) {
  EXPECT_EQ(written(small_fabric()), kSmallExpected);
}

TEST(IbnetdiscoverWriterTest, SortsNodesOfOneTypeByGuid) {
  FabricBuilder b;
  b.add_node(Node{.type = NodeType::Ca, .guid = 0x30, .description = "c", .port_count = 1});
  b.add_node(Node{.type = NodeType::Ca, .guid = 0x10, .description = "a", .port_count = 1});
  b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .description = "b", .port_count = 1});
  std::string text = written(std::move(b).build());
  std::size_t a = text.find("caguid=0x10\n");
  std::size_t bb = text.find("caguid=0x20\n");
  std::size_t c = text.find("caguid=0x30\n");
  ASSERT_NE(c, std::string::npos);
  EXPECT_LT(a, bb);
  EXPECT_LT(bb, c);
}

TEST(IbnetdiscoverWriterTest, AbsentValuesAreWrittenTheWayIbnetdiscoverWritesGaps) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 4});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 2});
  b.connect(b.add_port(sw, Port{.number = 1, .width_active = LinkWidth::X4}),
            b.add_port(ca, Port{.number = 1, .speed_active = LinkSpeed::Qdr}));
  b.connect(b.add_port(sw, Port{.number = 2}), b.add_port(ca, Port{.number = 2}));
  std::string text = written(std::move(b).build());
  // No time, no local port, no vendid/devid/sysimgguid, no port GUIDs; "??"/"???" for a
  // missing half of the rate; LIDs unknown print as 0 as an unassigned LID does.
  EXPECT_EQ(text,
            "#\n# Topology file: generation time unknown\n#\n"
            "\nswitchguid=0x10\n"
            "Switch\t4 \"S-0000000000000010\"\t\t# \"\" base port 0 lid 0 lmc 0\n"
            "[1]\t\"H-0000000000000020\"[1]\t\t# \"\" lid 0 4x???\n"
            "[2]\t\"H-0000000000000020\"[2]\t\t# \"\" lid 0\n"
            "\ncaguid=0x20\n"
            "Ca\t2 \"H-0000000000000020\"\t\t# \"\"\n"
            "[1]\t\"S-0000000000000010\"[1]\t\t# lid 0 lmc 0 \"\" lid 0 ??QDR\n"
            "[2]\t\"S-0000000000000010\"[2]\t\t# lid 0 lmc 0 \"\" lid 0\n");
}

TEST(IbnetdiscoverWriterTest, OneSidedPeerIsNotWrittenButACableIs) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 4});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 2});
  b.set_peer(b.add_port(ca, Port{.number = 1}), b.add_port(sw, Port{.number = 1}));
  b.connect(b.add_port(ca, Port{.number = 2}), b.add_port(sw, Port{.number = 2}));
  std::string text = written(std::move(b).build());
  EXPECT_EQ(text.find("[1]"), std::string::npos) << text;
  EXPECT_NE(text.find("[2]\t\"H-0000000000000020\"[2]"), std::string::npos) << text;
  EXPECT_NE(text.find("[2]\t\"S-0000000000000010\"[2]"), std::string::npos) << text;
}

TEST(IbnetdiscoverWriterTest, DescriptionsLoseOnlyWhatTheQuotedFieldCannotHold) {
  FabricBuilder b;
  b.add_node(
      Node{.type = NodeType::Ca, .guid = 1, .description = "say \"hi\"\tnow", .port_count = 1});
  std::string text = written(std::move(b).build());
  EXPECT_NE(text.find("# \"say 'hi' now\"\n"), std::string::npos) << text;
}

TEST(IbnetdiscoverWriterTest, IsoTimeBecomesCtimeLayoutAnythingElseIsCopied) {
  FabricBuilder b;
  b.set_provenance(Provenance{.time = "2026-02-30T00:00:00Z"});  // no such day
  EXPECT_EQ(written(std::move(b).build()),
            "#\n# Topology file: generated on 2026-02-30T00:00:00Z\n#\n");
  FabricBuilder c;
  c.set_provenance(Provenance{.time = "2024-02-29T09:05:07Z"});  // a Thursday
  EXPECT_EQ(written(std::move(c).build()),
            "#\n# Topology file: generated on Thu Feb 29 09:05:07 2024\n#\n");
  FabricBuilder local;
  local.set_provenance(Provenance{.time = "2014-02-12T13:19:28"});  // no zone, as read
  EXPECT_EQ(written(std::move(local).build()),
            "#\n# Topology file: generated on Wed Feb 12 13:19:28 2014\n#\n");
}

TEST(IbnetdiscoverWriterTest, NodeWithoutPortCountGetsItsHighestPort) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10});
  NodeId lone = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20});
  b.connect(b.add_port(sw, Port{.number = 7}), b.add_port(lone, Port{.number = 1}));
  b.add_node(Node{.type = NodeType::Ca, .guid = 0x30});
  std::string text = written(std::move(b).build());
  EXPECT_NE(text.find("Switch\t7 \"S-0000000000000010\""), std::string::npos) << text;
  EXPECT_NE(text.find("Ca\t1 \"H-0000000000000020\""), std::string::npos) << text;
  EXPECT_NE(text.find("Ca\t1 \"H-0000000000000030\""), std::string::npos) << text;
}

// What ibnetdiscover text carries, one line per node and per cabled port, sorted: the
// round trip must give the same lines. Absent LIDs and LMCs read back as 0 (the writer's
// documented choice); absent enhanced_port0 as base.
std::multiset<std::string> topology(const Fabric& f) {
  std::multiset<std::string> lines;
  auto opt = [](const auto& v) { return v ? std::to_string(*v) : std::string("-"); };
  for (const Node& n : f.nodes()) {
    std::optional<PortId> p0 = f.find_port(f.id_of(n), 0);
    lines.insert(to_string(n.type) + " " + std::to_string(n.guid) + " \"" + n.description +
                 "\" ports " + std::to_string(n.port_count) + " ven " + opt(n.vendor_id) + " dev " +
                 opt(n.device_id) + " sys " + opt(n.system_guid) + " enh " +
                 std::to_string(n.enhanced_port0.value_or(false)) + " lid " +
                 std::to_string(p0 ? f.port(*p0).base_lid.value_or(0) : 0));
  }
  for (const Port& p : f.ports()) {
    if (!f.is_link(f.id_of(p))) {
      continue;
    }
    const Port& peer = f.port(*p.peer);
    bool sw = f.node(p.node).type == NodeType::Switch;
    lines.insert(std::to_string(f.node(p.node).guid) + "[" + std::to_string(p.number) + "] -> " +
                 std::to_string(f.node(peer.node).guid) + "[" + std::to_string(peer.number) + "] " +
                 (p.width_active ? to_string(*p.width_active) : "-") + " " +
                 (p.speed_active ? to_string(*p.speed_active) : "-") + " guid " +
                 (sw ? "sw" : opt(p.guid)) + " lid " +
                 (sw ? "sw" : std::to_string(p.base_lid.value_or(0))) + " lmc " +
                 (sw ? "sw" : std::to_string(p.lmc.value_or(0))));
  }
  return lines;
}

class IbnetdiscoverRoundTripTest : public ::testing::TestWithParam<int> {};

Fabric round_trip_input(int which) {
  switch (which) {
    case 0:
      return test::sample_full_fabric();
    case 1:
      return test::sample_minimal_fabric();
    default:
      return small_fabric();
  }
}

TEST_P(IbnetdiscoverRoundTripTest, ReaderGetsBackNodesCablesLidsAndRates) {
  Fabric original = round_trip_input(GetParam());
  std::string text = written(original);
  ReadResult back = read_ibnetdiscover(text, "written.topo");
  EXPECT_TRUE(check_invariants(back.fabric).empty());
  EXPECT_TRUE(back.skipped.empty());
  EXPECT_EQ(topology(back.fabric), topology(original)) << text;
  EXPECT_EQ(back.fabric.provenance().local_port_guid, original.provenance().local_port_guid);
}

INSTANTIATE_TEST_SUITE_P(Samples, IbnetdiscoverRoundTripTest, ::testing::Values(0, 1, 2));

TEST(IbnetdiscoverRoundTripTest, TopologyDigestSeesADroppedCable) {
  // The comparison above can fail: a fabric missing one cable gives other lines.
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 8});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 1});
  b.add_port(sw, Port{.number = 0, .base_lid = 1});
  b.add_port(sw, Port{.number = 3, .width_active = LinkWidth::X4});
  b.add_port(ca, Port{.number = 1});
  EXPECT_NE(topology(std::move(b).build()), topology(test::sample_minimal_fabric()));
}

// The file's text with CRs dropped (Topo.3.txt was saved with CRLF line ends).
std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text(std::istreambuf_iterator<char>(in), {});
  std::erase(text, '\r');
  return text;
}

// Non-comment, non-blank lines, sorted: the record lines whatever the node order.
std::multiset<std::string> record_lines(const std::string& text) {
  std::multiset<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') {
      lines.insert(line);
    }
  }
  return lines;
}

std::string generated_on_line(const std::string& text) {
  std::size_t at = text.find("# Topology file: generated on ");
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

class IbnetdiscoverRealDumpTest : public ::testing::TestWithParam<const char*> {};

// Pristine ibnetdiscover output (tabs intact, no -g): the real tool is the oracle. Reading
// it and writing it again must give back every record line byte for byte; only the node
// order (ibnetdiscover's discovery order, ours by GUID) and other comment lines may differ.
TEST_P(IbnetdiscoverRealDumpTest, WritingAReadDumpGivesBackEveryRecordLine) {
  std::string original = file_text(test::realworld(GetParam()));
  ASSERT_FALSE(original.empty()) << GetParam();
  std::string again = written(read_ibnetdiscover(original, GetParam()).fabric);
  std::multiset<std::string> expected = record_lines(original);
  EXPECT_GT(expected.size(), 100u);
  EXPECT_TRUE(record_lines(again) == expected);
  EXPECT_EQ(generated_on_line(again), generated_on_line(original));
}

INSTANTIATE_TEST_SUITE_P(Dumps, IbnetdiscoverRealDumpTest,
                         ::testing::Values("mlunacek-janus/ibnetdiscover-2-12-2014",
                                           "hyungkwang-topo-examples/Topo.3.txt",
                                           "hyungkwang-topo-examples/Topo6_CS7500.txt",
                                           "nvidia-topograph/example.out",
                                           "ompi-users-2009-swansea/ibnetdiscover-2009-01-15.txt",
                                           "loginoff-topo/topo"));

}  // namespace
}  // namespace ibatlas
