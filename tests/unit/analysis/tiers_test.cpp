// Tier inference: hosts, leaves, spines, cores; aggregation nodes, hostless leaves, hosts on
// a spine and director chassis.

#include "ibatlas/tiers.hpp"

#include <map>
#include <set>

#include <gtest/gtest.h>

#include "ibatlas/formats/detect.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

// Tier of every node, keyed by the first word of its description ("leaf", "spine", ...).
std::map<std::string, std::set<std::optional<int>>> tiers_by_kind(const Fabric& f) {
  Tiers t = infer_tiers(f);
  std::map<std::string, std::set<std::optional<int>>> out;
  for (const Node& n : f.nodes()) {
    std::string kind = n.description.substr(0, n.description.find_first_of(" 0123456789"));
    out[kind].insert(t.of(f.id_of(n)));
  }
  return out;
}

TEST(TiersTest, TwoLevelFatTreeHasHostsLeavesAndSpines) {
  Fabric f = test::make_fat_tree({.levels = 2, .radix = 8});
  auto kinds = tiers_by_kind(f);
  EXPECT_EQ(kinds["host"], (std::set<std::optional<int>>{0}));
  EXPECT_EQ(kinds["leaf"], (std::set<std::optional<int>>{1}));
  EXPECT_EQ(kinds["spine"], (std::set<std::optional<int>>{2}));
  EXPECT_EQ(infer_tiers(f).top, 2);
}

TEST(TiersTest, ThreeLevelFatTreeHasCores) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 8});
  auto kinds = tiers_by_kind(f);
  EXPECT_EQ(kinds["leaf"], (std::set<std::optional<int>>{1}));
  EXPECT_EQ(kinds["agg"], (std::set<std::optional<int>>{2}));
  EXPECT_EQ(kinds["core"], (std::set<std::optional<int>>{3}));
  EXPECT_EQ(tier_name(3), "core");
  EXPECT_EQ(tier_name(5), "tier 5");
}

// leaf1 (2 hosts) and leaf2 (`leaf2_hosts` hosts) under spines s1, s2.
Sketch two_leaves(int leaf2_hosts) {
  Sketch s;
  NodeId s1 = s.sw("spine1", 0x201);
  NodeId s2 = s.sw("spine2", 0x202);
  NodeId l1 = s.sw("leaf1", 0x101);
  NodeId l2 = s.sw("leaf2", 0x102);
  for (NodeId leaf : {l1, l2}) {
    s.dump_cable(leaf, 35, s1, leaf == l1 ? 1 : 2);
    s.dump_cable(leaf, 36, s2, leaf == l1 ? 1 : 2);
  }
  s.dump_cable(l1, 1, s.ca("host1", 0x1001), 1);
  s.dump_cable(l1, 2, s.ca("host2", 0x1002), 1);
  for (int i = 0; i < leaf2_hosts; ++i) {
    s.dump_cable(l2, 1 + i, s.ca("host" + std::to_string(3 + i), 0x1003 + static_cast<Guid>(i)), 1);
  }
  return s;
}

TEST(TiersTest, LeafWithoutHostsIsStillALeaf) {
  Sketch s = two_leaves(0);
  auto kinds = tiers_by_kind(s.build());
  EXPECT_EQ(kinds["leaf"], (std::set<std::optional<int>>{1}));
  EXPECT_EQ(kinds["spine"], (std::set<std::optional<int>>{2}));
}

// The demo fabric (fixtures/fat-tree-3tier, README there): two pods of two spines and two
// leaves, two cores cabled to all four spines. A core shares 2 of its 4 spines with each leaf
// of a pod: half, not more, so it stays a core.
TEST(TiersTest, CoresOfATwoPodTreeAreCores) {
  std::string path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  Fabric f = read_fabric(read_file(path), path).fabric;
  auto kinds = tiers_by_kind(f);
  EXPECT_EQ(kinds["core"], (std::set<std::optional<int>>{3}));
  EXPECT_EQ(kinds["pod"], (std::set<std::optional<int>>{1, 2}));  // "pod1-leaf1", "pod1-spine1"
  EXPECT_EQ(kinds["host"], (std::set<std::optional<int>>{0}));
  Tiers t = infer_tiers(f);
  for (const Node& n : f.nodes()) {
    if (n.description.find("leaf") != std::string::npos) {
      EXPECT_EQ(t.of(f.id_of(n)), 1) << n.description;
    }
  }
}

TEST(TiersTest, ACoreIsNotMistakenForAHostlessLeaf) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 4});
  Tiers t = infer_tiers(f);
  EXPECT_EQ(t.top, 3);
}

TEST(TiersTest, AggregationNodesAreNotHostsAndDoNotMakeLeaves) {
  Sketch s = two_leaves(2);
  NodeId spine = *s.builder().find_node(0x201);
  s.dump_cable(spine, 37, s.ca("Mellanox Technologies Aggregation Node", 0x9000), 1);
  Fabric f = s.build();
  Tiers t = infer_tiers(f);
  EXPECT_EQ(t.of(*f.find_node(0x201)), 2);
  EXPECT_FALSE(t.of(*f.find_node(0x9000)).has_value());
  EXPECT_FALSE(is_host(f.node(*f.find_node(0x9000))));
}

TEST(TiersTest, AFewHostsOnASpineDoNotMakeItALeaf) {
  Sketch s = two_leaves(2);
  NodeId spine = *s.builder().find_node(0x201);
  s.dump_cable(spine, 30, s.ca("mgmt1", 0x5001), 1);
  Fabric f = s.build();
  Tiers t = infer_tiers(f);
  EXPECT_EQ(t.of(*f.find_node(0x201)), 2);
  EXPECT_EQ(t.of(*f.find_node(0x101)), 1);
}

TEST(TiersTest, ChipsOfOneChassisShareAUnitAndATier) {
  // Two leaves reach a director whose line card L1 and spine chip S1 share a system GUID.
  Sketch s;
  NodeId l1 = s.sw("leaf1", 0x101);
  NodeId l2 = s.sw("leaf2", 0x102);
  NodeId card = s.sw("dir:IS5600/L01/U1", 0x301);
  NodeId chip = s.sw("dir:IS5600/S01/U1", 0x302);
  s.node(chip).system_guid = 0x301;
  s.dump_cable(l1, 36, card, 1);
  s.dump_cable(l2, 36, card, 2);
  s.dump_cable(card, 20, chip, 1);
  s.dump_cable(l1, 1, s.ca("h1", 0x1001), 1);
  s.dump_cable(l2, 1, s.ca("h2", 0x1002), 1);
  Fabric f = s.build();
  Tiers t = infer_tiers(f);
  NodeId c = *f.find_node(0x301);
  NodeId p = *f.find_node(0x302);
  EXPECT_EQ(t.unit_of(p), c);
  EXPECT_TRUE(t.is_chassis(p));
  EXPECT_FALSE(t.is_chassis(*f.find_node(0x101)));
  EXPECT_EQ(t.of(c), 2);
  EXPECT_EQ(t.of(p), 2) << "the spine chip is in the chassis, not a tier above it";
  EXPECT_EQ(t.top, 2);
}

}  // namespace
}  // namespace ibatlas
