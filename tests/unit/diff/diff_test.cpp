// diff_fabrics as a whole: node changes, --ignore, report order, and real-world dumps
// (../shared/realworld) diffed against themselves and against a copy with one cable edited
// in memory; the expected change is read off the edit by hand.

#include "ibatlas/diff/diff.hpp"

#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/fabric_spec.hpp"
#include "support/paths.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

std::string realworld_text(const std::string& file) {
  return read_file(test::realworld(file));
}

// Replaces the one occurrence of `from` in `text`; fails the test when there is not exactly one.
std::string edit(std::string text, const std::string& from, const std::string& to) {
  std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << "more than one " << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(DiffTest, IdenticalSnapshotsAreTheSame) {
  Fabric a = two_tier().build();
  EXPECT_TRUE(diff_fabrics(a, a).same());
  for (const test::NamedFabric& f : test::sample_fabrics()) {
    EXPECT_TRUE(diff_fabrics(f.fabric, f.fabric).same()) << f.name;
  }
}

TEST(DiffTest, AddedAndRemovedNodesBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.nodes.push_back({"h5", 0x500, NodeType::Ca, 1, 15});
  spec.plug("h5", 1, "leaf2", 3);
  Fabric b = spec.build();
  FabricDiff up = diff_fabrics(a, b);
  ASSERT_EQ(up.changes.size(), 1U);
  EXPECT_EQ(up.changes[0].kind, ChangeKind::NodeAdded);
  EXPECT_EQ(up.changes[0].at, (PortRef{0x500, std::nullopt, "h5"}));
  EXPECT_EQ(up.changes[0].after, "CA");
  FabricDiff down = diff_fabrics(b, a);
  ASSERT_EQ(down.changes.size(), 1U);
  EXPECT_EQ(down.changes[0].kind, ChangeKind::NodeRemoved);
  EXPECT_EQ(down.changes[0].before, "CA");
}

TEST(DiffTest, SwappedHcaIsOneReplacementAndNothingElse) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h3").guid = 0x3030;
  FabricDiff d = diff_fabrics(a, spec.build());
  ASSERT_EQ(d.changes.size(), 1U);
  EXPECT_EQ(d.changes[0].kind, ChangeKind::NodeReplaced);
  EXPECT_EQ(d.changes[0].at, (PortRef{0x3030, std::nullopt, "h3"}));
  EXPECT_EQ(d.changes[0].before, "0x0000000000000300");
  EXPECT_EQ(d.changes[0].after, "0x0000000000003030");
}

TEST(DiffTest, IgnoreLeavesOutLidsAndDescriptions) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").lid = 99;
  spec.node("spine").name = "spine-1";
  for (test::CableSpec& c : spec.cables) {
    c.b = c.b == "spine" ? "spine-1" : c.b;
  }
  Fabric b = spec.build();
  EXPECT_EQ(diff_fabrics(a, b).changes.size(), 2U);
  EXPECT_EQ(diff_fabrics(a, b, ignoring({"lids"})).changes.size(), 1U);
  EXPECT_EQ(diff_fabrics(a, b, ignoring({"descriptions"})).changes.size(), 1U);
  EXPECT_TRUE(diff_fabrics(a, b, ignoring({"lids", "descriptions"})).same());
  EXPECT_THROW(ignoring({"cables"}), Error);
}

TEST(DiffTest, ChangesComeInReportOrder) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h4").lid = 77;
  spec.cable("h1", 1).pb = 5;
  spec.cable("leaf2", 7).width = LinkWidth::X1;
  spec.nodes.push_back({"h5", 0x500, NodeType::Ca, 1, 15});
  spec.plug("h5", 1, "leaf2", 3);
  FabricDiff d = diff_fabrics(a, spec.build());
  ASSERT_EQ(d.changes.size(), 4U);
  EXPECT_EQ(d.changes[0].kind, ChangeKind::NodeAdded);
  EXPECT_EQ(d.changes[1].kind, ChangeKind::CableMoved);
  EXPECT_EQ(d.changes[2].kind, ChangeKind::LinkDegraded);
  EXPECT_EQ(d.changes[3].kind, ChangeKind::LidChanged);
}

TEST(DiffTest, ZonelessTimeIsTakenAsUtc) {
  FabricSpec spec = two_tier();
  spec.time = "2023-02-03T09:32:51";
  Fabric a = spec.build();
  spec.time = "2023-02-03T10:32:51Z";
  EXPECT_EQ(seconds_between(a, spec.build()), 3600.0);
  spec.time = "not a time";
  EXPECT_FALSE(snapshot_time(spec.build()).has_value());
}

TEST(DiffTest, RealWorldDumpsDiffedAgainstThemselvesGiveNothing) {
  for (const char* file :
       {"hyungkwang-topo-examples/Topo.2.txt", "hyungkwang-topo-examples/Topo.5.txt",
        "hyungkwang-topo-examples/Topo.3.txt",
        "hwloc-netloc-plafrim/ib-subnet-fe80_0000_0000_0000.txt",
        "mlunacek-janus/ibnetdiscover-2-12-2014"}) {
    std::string text = realworld_text(file);
    Fabric a = read_fabric(text, file).fabric;
    Fabric b = read_fabric(text, file).fabric;
    EXPECT_TRUE(diff_fabrics(a, b).same()) << file;
  }
}

TEST(DiffTest, RealWorldDumpAgainstItsOwnXmlAndTextRewritesGivesNothing) {
  // Across sources: the dump against what our writers make of it.
  std::string file = "hyungkwang-topo-examples/Topo.5.txt";
  Fabric dump = read_fabric(realworld_text(file), file).fabric;
  std::ostringstream xml;
  write_xml_snapshot(dump, xml);
  std::ostringstream text;
  write_ibnetdiscover(dump, text);
  EXPECT_TRUE(diff_fabrics(dump, read_fabric(xml.str(), "xml").fabric).same());
  EXPECT_TRUE(diff_fabrics(dump, read_fabric(text.str(), "text").fabric).same());
}

TEST(DiffTest, RealWorldDumpWithOneHostCableMovedGivesExactlyThatMove) {
  // Topo.2: "Host3_1 HCA-1" (0x0cccccccccccccc1) is on S-3333333333333333 port 33. Edit
  // both ends of that cable to port 30 (unused on that switch).
  std::string file = "hyungkwang-topo-examples/Topo.2.txt";
  std::string text = realworld_text(file);
  std::string moved =
      edit(text, "[33]    \"H-0cccccccccccccc1\"", "[30]    \"H-0cccccccccccccc1\"");
  moved = edit(moved, "[1](cccccccccccccc1)    \"S-3333333333333333\"[33]",
               "[1](cccccccccccccc1)    \"S-3333333333333333\"[30]");
  FabricDiff d = diff_fabrics(read_fabric(text, file).fabric, read_fabric(moved, file).fabric);
  ASSERT_EQ(d.changes.size(), 1U);
  const Change& c = d.changes[0];
  EXPECT_EQ(c.kind, ChangeKind::CableMoved);
  EXPECT_EQ(c.at, (PortRef{0x0cccccccccccccc1, 1, "Host3_1 HCA-1"}));
  EXPECT_EQ(c.before, "0x3333333333333333[33]");
  EXPECT_EQ(c.after, "0x3333333333333333[30]");
}

TEST(DiffTest, RealWorldDumpWithOneCableNarrowedGivesExactlyThatDegradation) {
  // Topo.5: "pg-spd140 mlx5_6" (0x0c42a103005f54c4) port 1 <-> switch 0x043f720300d325fe
  // port 20, 4xHDR on both lines. Make both 1xHDR.
  std::string file = "hyungkwang-topo-examples/Topo.5.txt";
  std::string text = realworld_text(file);
  std::string narrowed =
      edit(text, "# \"pg-spd140 mlx5_6\" lid 1141 4xHDR", "# \"pg-spd140 mlx5_6\" lid 1141 1xHDR");
  std::string host_line =
      "[1](c42a103005f54c4)    \"S-043f720300d325fe\"[20]                # lid 1141 lmc 0 "
      "\"lf55.cn.a0703.qm8790.krskp\" lid 951 ";
  narrowed = edit(narrowed, host_line + "4xHDR", host_line + "1xHDR");
  FabricDiff d = diff_fabrics(read_fabric(text, file).fabric, read_fabric(narrowed, file).fabric);
  ASSERT_EQ(d.changes.size(), 1U);
  const Change& c = d.changes[0];
  EXPECT_EQ(c.kind, ChangeKind::LinkDegraded);
  std::set<std::pair<Guid, int>> ends = {{c.at.node_guid, *c.at.port},
                                         {c.peer_after->node_guid, *c.peer_after->port}};
  std::set<std::pair<Guid, int>> expected = {{0x0c42a103005f54c4, 1}, {0x043f720300d325fe, 20}};
  EXPECT_EQ(ends, expected);
  EXPECT_EQ(c.before, "4x HDR");
  EXPECT_EQ(c.after, "1x HDR");
}

}  // namespace
}  // namespace ibatlas
