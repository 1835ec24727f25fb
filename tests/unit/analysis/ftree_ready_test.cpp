// judge_ftree: opensm's ftree conditions (osm_ucast_ftree.c), one test per condition that
// can fail, and generated fat-trees that pass.

#include "ibatlas/analysis/ftree_ready.hpp"

#include <gtest/gtest.h>

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

// leaves 1..n under spines 1..m, one cable per pair, `hosts` hosts per leaf.
struct Clos {
  Sketch s;
  std::vector<NodeId> leaves;
  std::vector<NodeId> spines;

  Clos(int n, int m, int hosts) {
    for (int k = 1; k <= m; ++k) {
      spines.push_back(s.sw("spine" + std::to_string(k), 0x200 + static_cast<Guid>(k)));
    }
    for (int l = 1; l <= n; ++l) {
      NodeId leaf = s.sw("leaf" + std::to_string(l), 0x100 + static_cast<Guid>(l));
      leaves.push_back(leaf);
      for (int k = 1; k <= m; ++k) {
        s.dump_cable(leaf, 36 - k + 1, spines[static_cast<std::size_t>(k - 1)], l);
      }
      for (int h = 1; h <= hosts; ++h) {
        s.dump_cable(leaf, h,
                     s.ca("h" + std::to_string(l) + "-" + std::to_string(h),
                          0x10000 * static_cast<Guid>(l) + static_cast<Guid>(h)),
                     1);
      }
    }
  }
};

TEST(FtreeReadyTest, GeneratedFatTreesAreAccepted) {
  EXPECT_TRUE(judge_ftree(test::make_fat_tree({.levels = 2, .radix = 8})).accepted);
  EXPECT_TRUE(judge_ftree(test::make_fat_tree({.levels = 3, .radix = 8})).accepted);
  EXPECT_TRUE(judge_ftree(test::make_fat_tree({.levels = 2, .radix = 8, .hosts = 13})).accepted)
      << "a leaf short of hosts is allowed";
  EXPECT_TRUE(judge_ftree(Clos(4, 2, 2).s.build()).accepted);
}

TEST(FtreeReadyTest, LeavesWithoutHostsInAThreeLevelTreeAreRejected) {
  // Hosts fill pod 1 and one leaf of pod 2; the three other leaves of pod 2 have none, so
  // opensm ranks them with the cores (both two hops above the leaves it knows) and the
  // roots differ in their down-neighbours.
  FtreeVerdict v = judge_ftree(test::make_fat_tree({.levels = 3, .radix = 8, .hosts = 20}));
  EXPECT_FALSE(v.accepted);
}

TEST(FtreeReadyTest, CaCabledToCaIsAb0f) {
  Clos c(2, 2, 1);
  c.s.dump_cable(c.s.ca("a", 0x9001), 1, c.s.ca("b", 0x9002), 1);
  FtreeVerdict v = judge_ftree(c.s.build());
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.code, "AB0F");
  ASSERT_EQ(v.culprits.size(), 1u);
}

TEST(FtreeReadyTest, LmcAboveZeroIsRejected) {
  Clos c(2, 2, 1);
  c.s.data(c.leaves[0], 0).lmc = 1;
  FtreeVerdict v = judge_ftree(c.s.build());
  EXPECT_FALSE(v.accepted);
  EXPECT_NE(v.reason.find("LMC"), std::string::npos);
}

TEST(FtreeReadyTest, AggregationNodeOnEverySwitchIsAb2b) {
  Clos c(2, 2, 1);
  Guid g = 0x9000;
  for (NodeId sw : {c.leaves[0], c.leaves[1], c.spines[0], c.spines[1]}) {
    c.s.dump_cable(sw, 37, c.s.ca("Mellanox Technologies Aggregation Node", ++g), 1);
  }
  FtreeVerdict v = judge_ftree(c.s.build());
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.code, "AB2B");
  EXPECT_EQ(v.culprits.size(), 4u) << "the four aggregation-node cables";
}

TEST(FtreeReadyTest, HostOnASpineIsAb26AndNamesThatCable) {
  Clos c(4, 2, 2);
  c.s.dump_cable(c.spines[0], 30, c.s.ca("mgmt", 0x9001), 1);
  Fabric f = c.s.build();
  FtreeVerdict v = judge_ftree(f);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.code, "AB26");
  ASSERT_EQ(v.culprits.size(), 1u);
  EXPECT_EQ(f.node(f.node_of(*v.culprits[0].peer)).guid, 0x9001u);
}

TEST(FtreeReadyTest, OneLeafWithHostsIsTooFewLeaves) {
  Clos c(2, 2, 0);
  c.s.dump_cable(c.leaves[0], 1, c.s.ca("a", 0x9001), 1);
  c.s.dump_cable(c.leaves[0], 2, c.s.ca("b", 0x9002), 1);
  FtreeVerdict v = judge_ftree(c.s.build());
  EXPECT_FALSE(v.accepted);
  EXPECT_NE(v.reason.find("fewer than two leaf switches"), std::string::npos);
}

TEST(FtreeReadyTest, LeafMissingASpineIsAb09) {
  Sketch s;
  NodeId s1 = s.sw("spine1", 0x201);
  NodeId s2 = s.sw("spine2", 0x202);
  for (int l = 1; l <= 3; ++l) {
    NodeId leaf = s.sw("leaf" + std::to_string(l), 0x100 + static_cast<Guid>(l));
    s.dump_cable(leaf, 36, s1, l);
    if (l != 3) {
      s.dump_cable(leaf, 35, s2, l);
    }
    s.dump_cable(leaf, 1, s.ca("h" + std::to_string(l), 0x1000 + static_cast<Guid>(l)), 1);
  }
  Fabric f = s.build();
  FtreeVerdict v = judge_ftree(f);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.code, "AB09");
  ASSERT_FALSE(v.culprits.empty());
  EXPECT_TRUE(v.culprits[0].whole_node);
  EXPECT_EQ(f.node(f.node_of(v.culprits[0].port)).guid, 0x103u);
}

TEST(FtreeReadyTest, UnequalCableCountsAreAb0b) {
  Clos c(3, 2, 1);
  c.s.dump_cable(c.leaves[1], 20, c.spines[0], 20);  // a second cable leaf2-spine1
  Fabric f = c.s.build();
  FtreeVerdict v = judge_ftree(f);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.code, "AB0B");
  ASSERT_EQ(v.culprits.size(), 1u);
  EXPECT_EQ(f.node(f.node_of(v.culprits[0].port)).guid, 0x102u);
  EXPECT_EQ(f.node(*v.culprits[0].other).guid, 0x201u);
}

TEST(FtreeReadyTest, FindingOnlyWhenRejectedAndOnlyForTrees) {
  Clos good(4, 2, 1);
  Fabric ok = good.s.build();
  EXPECT_TRUE(check_ftree_ready(ok, infer_tiers(ok), {}).empty());
  Clos bad(3, 2, 1);
  bad.s.dump_cable(bad.leaves[1], 20, bad.spines[0], 20);
  Fabric rejected = bad.s.build();
  std::vector<Finding> f = check_ftree_ready(rejected, infer_tiers(rejected), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].check, "topo.ftree_ready");
  EXPECT_EQ(f[0].location.kind, LocationKind::Link);
  Sketch one;
  NodeId sw = one.sw("sw", 0x100);
  one.dump_cable(sw, 1, one.ca("a", 0x1000), 1);
  Fabric single = one.build();
  EXPECT_FALSE(judge_ftree(single).accepted) << "opensm wants two switches";
  EXPECT_TRUE(check_ftree_ready(single, infer_tiers(single), {}).empty()) << "but no tree";
}

}  // namespace
}  // namespace ibatlas
