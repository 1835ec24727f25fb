// Every `ibnetdiscover -p`, opensm-subnet.lst and iblinkinfo capture in ../shared/realworld,
// read and counted. The expected numbers were NOT taken from our readers: they come from
// tests/support/count_realworld_other.py (a separate whitespace-splitting counter; run it to
// reproduce them), cross-checked against SOURCES.md and by reading the files.

#include <cctype>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"
#include "ibatlas/formats/ibnetdiscover_ports.hpp"
#include "ibatlas/formats/subnet_lst.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

enum class Reader { Ports, Lst, Linkinfo };

struct Case {
  const char* file;
  Reader reader;
  std::size_t switches;
  std::size_t cas;
  std::size_t links;
  std::size_t skipped;      // noise lines (-s progress), blank lines not counted
  std::size_t unconnected;  // ports with a row of their own that name no peer
};

// switches / CAs / links / noise / unconnected as count_realworld_other.py prints them.
// SOURCES.md agrees wherever it gives a number, except where a comment says otherwise.
const Case kCases[] = {
    // SOURCES: 25 switch GUIDs, 281 CA ports, 569 links, 834 progress lines, 43 [DOWN].
    {"hwloc-netloc-avakas/ib-subnet-fe80_0000_0000_0000.txt", Reader::Ports, 25, 281, 569, 834, 43},
    // SOURCES: 9 switches, 125 CA ports, 201 links, 270 progress lines, 35 [DOWN].
    {"hwloc-netloc-plafrim/ib-subnet-fe80_0000_0000_0000.txt", Reader::Ports, 9, 125, 201, 270, 35},
    // SOURCES: 7 switches, 96 CA ports, 155 links, 209 progress lines, 38 [DOWN].
    {"hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0000.txt", Reader::Ports, 7, 96, 155, 209, 38},
    // SOURCES: 1 switch, 23 CA ports, 23 links (it gives no noise or down counts).
    {"hwloc-netloc-plafrim2/ib-subnet-fe80_0000_0000_0001.txt", Reader::Ports, 1, 23, 23, 24, 13},
    // Trimmed excerpts; SOURCES gives no counts. test.out: 4 switches (1719, 1516, 2052,
    // 1781), 3 CAs, 4 links; the SW 1719/1 -> SW 1516/1 row has no reverse row in the excerpt
    // and still counts, as the script counts it.
    {"treydock-infiniband-exporter/ibnetdiscover-p-test.out", Reader::Ports, 4, 3, 4, 0, 2},
    // test2.out: the script counts 3 cable pairs, we count 2 links. The excerpt was edited:
    // CA 0x946dae0300630bfe port 1 appears with LID 78 (its own row, cabled to SW 51/81)
    // and again with LID 60 as the peer of SW 9/81. A port has one cable; its own row
    // decides, so SW 9/81 -> CA stays a one-sided claim and is not a link.
    {"treydock-infiniband-exporter/ibnetdiscover-p-test2.out", Reader::Ports, 5, 2, 2, 0, 3},
    // test3.out: one unconnected switch port with a bare (unquoted) description.
    {"treydock-infiniband-exporter/ibnetdiscover-p-test3.out", Reader::Ports, 1, 0, 0, 0, 1},
    // SOURCES: 68 switch GUIDs, 792 CA GUIDs, 3162 link lines (= 1581 cables, each printed
    // from both ends). The script and we find 793 CAs: the 793rd is the SM host
    // reedbush-pbsadmin1 (NodeGUID e41d2d0300cac6b6), typed `CA-SM` on both of its lines,
    // which a parser matching "{ CA " (SOURCES' ad-hoc one, evidently) misses.
    {"timofieiev-opensm-subnet-lst/opensm-subnet.lst", Reader::Lst, 68, 793, 1581, 0, 0},
    // SOURCES: 1 switch, 8 CAs, 9 active links, 9 Down/Polling ports.
    {"stmatengss-teaker/iblinkinfo.txt", Reader::Linkinfo, 1, 8, 9, 0, 9},
};

ReadResult read_with(Reader reader, const std::string& text, const std::string& name) {
  switch (reader) {
    case Reader::Ports:
      return read_ibnetdiscover_ports(text, name);
    case Reader::Lst:
      return read_subnet_lst(text, name);
    case Reader::Linkinfo:
      return read_iblinkinfo(text, name);
  }
  return {};
}

std::size_t count_type(const Fabric& f, NodeType type) {
  std::size_t n = 0;
  for (const Node& node : f.nodes()) {
    n += node.type == type ? 1 : 0;
  }
  return n;
}

// Ports other than switch port 0 that have no peer.
std::size_t count_unconnected(const Fabric& f) {
  std::size_t n = 0;
  for (const Port& p : f.ports()) {
    n += (p.number != 0 && !p.peer) ? 1 : 0;
  }
  return n;
}

class RealworldOtherTest : public ::testing::TestWithParam<Case> {};

TEST_P(RealworldOtherTest, CountsMatchTheIndependentCounter) {
  const Case& c = GetParam();
  std::string path = test::realworld(c.file);
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  std::string text = read_file(path);
  ReadResult r = read_with(c.reader, text, c.file);
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{});
  EXPECT_EQ(count_type(r.fabric, NodeType::Switch), c.switches);
  EXPECT_EQ(count_type(r.fabric, NodeType::Ca), c.cas);
  EXPECT_EQ(count_type(r.fabric, NodeType::Router), 0u);
  EXPECT_EQ(r.fabric.links().size(), c.links);
  EXPECT_EQ(r.skipped.size(), c.skipped);
  EXPECT_EQ(count_unconnected(r.fabric), c.unconnected);
}

TEST_P(RealworldOtherTest, ReadFabricDetectsAndReadsTheSame) {
  const Case& c = GetParam();
  std::string path = test::realworld(c.file);
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  std::string text = read_file(path);
  EXPECT_EQ(read_fabric(text, c.file).fabric, read_with(c.reader, text, c.file).fabric);
}

INSTANTIATE_TEST_SUITE_P(Captures, RealworldOtherTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& param_info) {
                           std::string name = param_info.param.file;
                           for (char& ch : name) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) {
                               ch = '_';
                             }
                           }
                           return name;
                         });

std::size_t ports_at(const Fabric& f, LinkSpeed speed) {
  std::size_t n = 0;
  for (const Port& p : f.ports()) {
    n += p.speed_active == speed ? 1 : 0;
  }
  return n;
}

TEST(RealworldSpeedsTest, AvakasHasOneDdrLinkAmongQdr) {
  // SOURCES: "4xQDR, 1 link 4xDDR (node008)". A connected row is printed from both ends.
  std::string path = test::realworld("hwloc-netloc-avakas/ib-subnet-fe80_0000_0000_0000.txt");
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  Fabric f = read_ibnetdiscover_ports(read_file(path), path).fabric;
  std::size_t ddr_links = 0;
  for (PortId id : f.links()) {
    ddr_links += f.port(id).speed_active == LinkSpeed::Ddr ? 1 : 0;
  }
  EXPECT_EQ(ddr_links, 1u);
  // and its 43 unconnected switch ports are printed as "4x SDR" (SOURCES: [DOWN]).
  EXPECT_EQ(ports_at(f, LinkSpeed::Sdr), 43u);
}

TEST(RealworldSpeedsTest, LstSpeedsAreTheSpdCodesOfEachLine) {
  // SOURCES: SPD=25 (EDR) on 2546 lines, SPD=14 (FDR) on 616; every line is LOG=ACT PHY=4x.
  std::string path = test::realworld("timofieiev-opensm-subnet-lst/opensm-subnet.lst");
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  Fabric f = read_subnet_lst(read_file(path), path).fabric;
  EXPECT_EQ(ports_at(f, LinkSpeed::Edr), 2546u);
  EXPECT_EQ(ports_at(f, LinkSpeed::Fdr), 616u);
  std::size_t active = 0;
  for (const Port& p : f.ports()) {
    active += (p.state == PortState::Active && p.width_active == LinkWidth::X4) ? 1 : 0;
  }
  EXPECT_EQ(active, 3162u);
}

}  // namespace
}  // namespace ibatlas
