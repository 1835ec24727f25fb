// ibdiagnet2.net_dump: blocks, rows by column name, neighbors, bad input. The layout is the
// one NVIDIA's scripts quote (docs/formats.md); the oracle is the fixture's ibnetdiscover
// text, compared on what a net_dump can say.

#include "ibatlas/formats/ibdiagnet_net_dump.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/bad_input.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

std::string fixture(const std::string& name) {
  return test::slurp(test::source_dir() + "/fixtures/ibdiagnet-small/" + name);
}

ReadResult read(const std::string& text) {
  ReadResult r = read_ibdiagnet_net_dump(text, "n.dump");
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  return r;
}

template <typename T>
std::string opt_text(const std::optional<T>& value) {
  return value ? to_string(*value) : "-";
}

// What a net_dump gives: every node's GUID, type and description; each switch port's width,
// speed and peer; the LIDs of switches (port 0) and of CA ports.
std::vector<std::string> net_dump_view(const Fabric& f) {
  std::vector<std::string> lines;
  for (const Node& n : f.nodes()) {
    lines.push_back("node " + std::to_string(n.guid) + " " + to_string(n.type) + " " +
                    n.description);
    for (const Port& p : f.ports_of(f.id_of(n))) {
      std::string where = std::to_string(n.guid) + "[" + std::to_string(p.number) + "]";
      if (n.type != NodeType::Switch || p.number == 0) {
        lines.push_back("lid " + where + " " +
                        (p.base_lid ? std::to_string(*p.base_lid) : std::string("-")));
      }
      if (n.type == NodeType::Switch && p.peer) {
        const Port& q = f.port(*p.peer);
        lines.push_back("cable " + where + " " + std::to_string(f.node(q.node).guid) + "[" +
                        std::to_string(q.number) + "] " + opt_text(p.width_active) +
                        opt_text(p.speed_active));
      }
    }
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(IbdiagnetNetDumpTest, FixtureGivesWhatItsIbnetdiscoverTwinSays) {
  ReadResult r = read(fixture("ibdiagnet2.net_dump"));
  Fabric net = read_ibnetdiscover(fixture("ibnetdiscover.txt"), "ibnetdiscover.txt").fabric;
  EXPECT_EQ(net_dump_view(r.fabric), net_dump_view(net));
  EXPECT_EQ(r.fabric.links().size(), 4u);
  EXPECT_TRUE(r.skipped.empty());
  EXPECT_EQ(r.fabric.provenance().format, "ibdiagnet-net-dump");
  EXPECT_EQ(r.fabric.provenance().time, "2026-12-02T10:00:00Z");
}

const std::string kHeader =
    "#  : IB# : Sta : PhysSta : MTU : LWA : LSA : FEC mode : Retran : Neighbor Guid : N# : "
    "NLID : Neighbor Description\n";

TEST(IbdiagnetNetDumpTest, SplitPortLabelsAndUncabledRows) {
  // A Quantum-2 port labelled 1/16/1 is IB port 31; an Init port with no neighbor fields.
  Fabric f = read("\"MF0;s:Q2/U1\", Mellanox, 0x10, LID 7\n" + kHeader +
                  "1/16/1:31:INI:LINK UP:5:4x:100:MLNX_RS_271_257_PLR:NO-RTR::::\n" +
                  "1/16/2 : 32 : DOWN : POLLING : : : : : : : : :\n")
                 .fabric;
  NodeId s = *f.find_node(0x10);
  const Port& p31 = f.port(*f.find_port(s, 31));
  EXPECT_EQ(p31.state, PortState::Init);
  EXPECT_EQ(p31.phys_state, PhysState::LinkUp);
  EXPECT_EQ(p31.speed_active, LinkSpeed::Ndr);
  EXPECT_FALSE(p31.peer);
  const Port& p32 = f.port(*f.find_port(s, 32));
  EXPECT_EQ(p32.state, PortState::Down);
  EXPECT_FALSE(p32.width_active);
  EXPECT_EQ(f.port(*f.find_port(s, 0)).base_lid, Lid{7});
  EXPECT_EQ(f.node(s).description, "MF0;s:Q2/U1");
}

TEST(IbdiagnetNetDumpTest, NeighborDescriptionMayHoldColonsAndColumnsMayMove) {
  Fabric f = read(
                 "\"a, b\", Mellanox, 0x10, LID 1\n"
                 "# : Neighbor Guid : N# : IB# : Sta : LWA : LSA : NLID : Neighbor Description\n"
                 "1 : 0x20 : 1 : 1 : ACT : 12x : FDR10 : 9 : \"host:x HCA-1\"\n")
                 .fabric;
  const Node& ca = f.node(*f.find_node(0x20));
  EXPECT_EQ(ca.type, NodeType::Ca);
  EXPECT_EQ(ca.description, "host:x HCA-1");
  EXPECT_EQ(f.port(*f.find_port(*f.find_node(0x20), 1)).base_lid, Lid{9});
  const Port& p = f.port(*f.find_port(*f.find_node(0x10), 1));
  EXPECT_EQ(p.width_active, LinkWidth::X12);
  EXPECT_EQ(p.speed_active, LinkSpeed::Fdr10);
  EXPECT_EQ(f.node(*f.find_node(0x10)).description, "a, b");
}

TEST(IbdiagnetNetDumpTest, BadInputNamesFileAndLine) {
  const std::string valid = "\"s\", Mellanox, 0x10, LID 1\n" + kHeader +
                            "1 : 1 : ACT : LINK UP : 5 : 4x : 50 : RS : NO-RTR : 0x20 : 1 : 2 : "
                            "\"h\"\n";
  const test::BadInputCase cases[] = {
      {"switch guid", "0x10, LID", "10, LID", 1, "a switch line"},
      {"switch lid", "LID 1\n", "LID x\n", 1, "a switch line"},
      {"width", ": 4x :", ": 3x :", 3, "LWA with a width"},
      {"speed", ": 50 :", ": 51 :", 3, "LSA with a lane speed"},
      {"port", "1 : 1 : ACT", "1 : 0 : ACT", 3, "a number from 1 to 255 in column IB#"},
      {"neighbor guid", "0x20", "20", 3, "a neighbor GUID"},
      {"neighbor port", ": 0x20 : 1 :", ": 0x20 : x :", 3, "in column N#"},
      {"no header", "#  : IB#", "x  : IB#", 2, "a column header"},
  };
  test::expect_each_rejected(valid, cases, [](const std::string& text, const std::string& file) {
    read_ibdiagnet_net_dump(text, file);
  });
}

TEST(IbdiagnetNetDumpTest, DuplicateSwitchBlockIsAnError) {
  try {
    read_ibdiagnet_net_dump("\"s\", M, 0x10, LID 1\n\"t\", M, 0x10, LID 2\n", "n.dump");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 2u);
  }
}

TEST(IbdiagnetNetDumpTest, DetectedByItsColumnHeader) {
  EXPECT_EQ(detect_format(fixture("ibdiagnet2.net_dump")), InputFormat::IbdiagnetNetDump);
  EXPECT_EQ(to_string(InputFormat::IbdiagnetNetDump), "ibdiagnet-net-dump");
  EXPECT_TRUE(looks_like_ibdiagnet_net_dump_line(kHeader.substr(0, kHeader.size() - 1)));
  EXPECT_FALSE(looks_like_ibdiagnet_net_dump_line("# Running version : \"IBDIAGNET 2.10\""));
  EXPECT_EQ(read_fabric(fixture("ibdiagnet2.net_dump"), "x").fabric.links().size(), 4u);
}

}  // namespace
}  // namespace ibatlas
