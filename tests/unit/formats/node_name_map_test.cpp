// node-name-map files as rdma-core util/node_name_map.c reads them, applying a map to a
// fabric, and from_fabric (the copy apply_node_name_map is built on).

#include "ibatlas/formats/node_name_map.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"

namespace ibatlas {
namespace {

std::string error_of(const std::string& text) {
  try {
    read_node_name_map(text, "map");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(NodeNameMapTest, ReadsQuotedNamesCommentsAndBlankLines) {
  NodeNameMap map = read_node_name_map(
      "# generated\n"
      "\n"
      "0x0002c9030008e6d4 \"spine-1\"\n"
      "   0x0002C9030008E6D5\t\"leaf 2\"   # rack 3\n",
      "map");
  EXPECT_EQ(map.names.size(), 2u);
  EXPECT_EQ(map.find(0x0002c9030008e6d4), "spine-1");
  EXPECT_EQ(map.find(0x0002c9030008e6d5), "leaf 2");
  EXPECT_FALSE(map.find(0x1).has_value());
}

TEST(NodeNameMapTest, UnquotedNameRunsToCommentWithoutTrailingBlanks) {
  NodeNameMap map = read_node_name_map("0x10 host 10   # note\n0x11 host11\r\n", "map");
  EXPECT_EQ(map.find(0x10), "host 10");
  EXPECT_EQ(map.find(0x11), "host11");
}

TEST(NodeNameMapTest, QuotedNameKeepsInnerBlanksAndStopsAtHash) {
  // map_name() splits on both '"' and '#', so a quoted name ends at a '#'.
  NodeNameMap map = read_node_name_map("0x10 \" a b \"\n0x11 \"r#1\"\n", "map");
  EXPECT_EQ(map.find(0x10), " a b ");
  EXPECT_EQ(map.find(0x11), "r");
}

TEST(NodeNameMapTest, GuidMayBeDecimalOrOctalAsStrtoullReadsIt) {
  NodeNameMap map = read_node_name_map("16 \"dec\"\n010 \"oct\"\n0 \"zero\"\n", "map");
  EXPECT_EQ(map.find(16), "dec");
  EXPECT_EQ(map.find(8), "oct");
  EXPECT_EQ(map.find(0), "zero");
}

TEST(NodeNameMapTest, FirstEntryOfARepeatedGuidWins) {
  NodeNameMap map = read_node_name_map("0x10 \"first\"\n0x10 \"second\"\n", "map");
  EXPECT_EQ(map.find(0x10), "first");
}

TEST(NodeNameMapTest, GuidWithoutNameMapsNothing) {
  NodeNameMap map = read_node_name_map("0x10\n0x11 \"\"\n0x12 # only a comment\n", "map");
  EXPECT_TRUE(map.names.empty());
}

TEST(NodeNameMapTest, RejectsLinesThatDoNotStartWithAGuid) {
  struct Case {
    std::string text;
    std::string message;
  };

  const Case cases[] = {
      {"host1 0x12\n",
       "map:1: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found \"host1\""},
      {"# ok\n0x12zz \"a\"\n",
       "map:2: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found \"0x12zz\""},
      {"0002c9030008e6d4 \"a\"\n",  // octal to strtoull, and 'c' is not an octal digit
       "map:1: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found "
       "\"0002c9030008e6d4\""},
      {"0x10000000000000000 \"a\"\n",
       "map:1: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found "
       "\"0x10000000000000000\""},
      {"\"a\" 0x12\n",
       "map:1: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found "
       "\"\"a\"\""},
      {"0x\n", "map:1: expected a GUID and a name (0x0002c9030008e6d4 \"name\"), found \"0x\""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
  EXPECT_EQ(error_of("0xffffffffffffffff \"max\"\n"), "no error");
}

Fabric two_node_fabric() {
  FabricBuilder b;
  Node sw;
  sw.type = NodeType::Switch;
  sw.guid = 0x10;
  sw.description = "MF0;sw";
  sw.port_count = 36;
  NodeId s = b.add_node(sw);
  Node ca;
  ca.guid = 0x20;
  ca.description = "h1 HCA-1";
  ca.port_count = 1;
  NodeId c = b.add_node(ca);
  Port p;
  p.number = 3;
  p.width_active = LinkWidth::X4;
  PortId sp = b.add_port(s, p);
  p.number = 1;
  p.base_lid = 7;
  PortId cp = b.add_port(c, p);
  b.connect(sp, cp);
  b.add_forwarding_table(s, {255, 3, 0});
  b.set_provenance(Provenance{"f", "ibnetdiscover", "2026-01-01T00:00:00Z", "t", 0x21});
  return std::move(b).build();
}

TEST(NodeNameMapTest, DisplayNamePrefersTheMappedName) {
  NodeNameMap map = read_node_name_map("0x20 \"node-a\"\n", "map");
  Fabric f = two_node_fabric();
  EXPECT_EQ(display_name(f.node(*f.find_node(0x20)), &map), "node-a");
  EXPECT_EQ(display_name(f.node(*f.find_node(0x10)), &map), "MF0;sw");
  EXPECT_EQ(display_name(f.node(*f.find_node(0x20)), nullptr), "h1 HCA-1");
}

TEST(NodeNameMapTest, ApplyingAMapRenamesOnlyListedNodes) {
  Fabric f = two_node_fabric();
  Fabric g = apply_node_name_map(f, read_node_name_map("0x20 \"node-a\"\n0x99 \"x\"\n", "map"));
  EXPECT_EQ(check_invariants(g), std::vector<std::string>{});
  EXPECT_EQ(g.node(*g.find_node(0x20)).description, "node-a");
  EXPECT_EQ(g.node(*g.find_node(0x10)).description, "MF0;sw");
  EXPECT_FALSE(g == f);
  EXPECT_TRUE(std::equal(f.ports().begin(), f.ports().end(), g.ports().begin(), g.ports().end()));
  EXPECT_EQ(g.provenance(), f.provenance());
  EXPECT_EQ(g.links().size(), 1u);
}

TEST(NodeNameMapTest, ApplyingAnEmptyMapChangesNothing) {
  Fabric f = two_node_fabric();
  EXPECT_EQ(apply_node_name_map(f, NodeNameMap{}), f);
}

TEST(FabricCopyTest, BuildingACopyGivesAnEqualFabricWithTheSameIds) {
  Fabric f = two_node_fabric();
  FabricBuilder b = from_fabric(f);
  EXPECT_EQ(b.node_count(), f.nodes().size());
  EXPECT_EQ(b.find_node(0x20), f.find_node(0x20));
  Fabric g = std::move(b).build();
  EXPECT_EQ(g, f);
  EXPECT_EQ(g.forwarding_tables().size(), 1u);
  EXPECT_EQ(g.find_port_by_lid(7), f.find_port_by_lid(7));
}

TEST(FabricCopyTest, OneSidedPeerStaysOneSided) {
  FabricBuilder b;
  Node n;
  n.type = NodeType::Switch;
  n.guid = 1;
  NodeId s = b.add_node(n);
  PortId a = b.port(s, 1);
  PortId c = b.port(s, 2);
  b.set_peer(a, c);
  Fabric f = std::move(b).build();
  Fabric g = std::move(from_fabric(f)).build();
  EXPECT_EQ(g, f);
  EXPECT_TRUE(g.links().empty());
}

}  // namespace
}  // namespace ibatlas
