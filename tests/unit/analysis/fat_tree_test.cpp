// topo.asymmetric and topo.oversubscribed, and topo.ftree_ready (opensm's ftree conditions).

#include "ibatlas/analysis/fat_tree.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/analysis/ftree_ready.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

std::vector<Finding> only(const std::vector<Finding>& all, std::string_view check) {
  std::vector<Finding> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const Finding& f) { return f.check == check; });
  return out;
}

std::vector<Finding> topo(const Fabric& f) {
  Tiers t = infer_tiers(f);
  std::vector<Finding> all = check_fat_tree(f, t, {});
  std::vector<Finding> ready = check_ftree_ready(f, t, {});
  all.insert(all.end(), ready.begin(), ready.end());
  return all;
}

Guid leaf_guid(int l) {
  return 0x100 + static_cast<Guid>(l);
}

Guid spine_guid(int s) {
  return 0x200 + static_cast<Guid>(s);
}

// 4 leaves x 2 spines, two cables per leaf-spine pair (leaf ports 33-36, spine ports
// 1-8), 2 hosts per leaf. Cable `skip_leaf`/`skip_cable` (1-based; 0: none) is left out.
struct Tree {
  Sketch s;
  std::vector<NodeId> leaves;
  std::vector<NodeId> spines;

  explicit Tree(int skip_leaf = 0, int skip_cable = 0) {
    for (int k = 1; k <= 2; ++k) {
      spines.push_back(s.sw("spine" + std::to_string(k), spine_guid(k)));
    }
    for (int l = 1; l <= 4; ++l) {
      NodeId leaf = s.sw("leaf" + std::to_string(l), leaf_guid(l));
      leaves.push_back(leaf);
      for (int c = 0; c < 4; ++c) {
        if (l == skip_leaf && c + 1 == skip_cable) {
          s.polling(leaf, 33 + c);
          continue;
        }
        s.cable(leaf, 33 + c, spines[static_cast<std::size_t>(c % 2)], 2 * (l - 1) + c / 2 + 1);
      }
      for (int h = 1; h <= 2; ++h) {
        s.cable(leaf, h, s.ca("host" + std::to_string(l) + std::to_string(h), 0x1000 * l + h), 1);
      }
    }
  }
};

TEST(FatTreeTest, SymmetricTreesHaveNoFindings) {
  EXPECT_TRUE(topo(Tree().s.build()).empty());
  EXPECT_TRUE(topo(test::make_fat_tree({.levels = 2, .radix = 8})).empty());
  EXPECT_TRUE(topo(test::make_fat_tree({.levels = 3, .radix = 8})).empty());
}

TEST(FatTreeTest, OneMissingCableIsAnOddPairAndOpensmRejectsIt) {
  std::vector<Finding> all = topo(Tree(3, 1).s.build());  // leaf3's first cable to spine1
  std::vector<Finding> a = only(all, "topo.asymmetric");
  ASSERT_EQ(a.size(), 1u) << "the switch counts are explained by the pair";
  EXPECT_EQ(a[0].location.here.node_guid, leaf_guid(3));
  EXPECT_EQ(a[0].location.peer->node_guid, spine_guid(1));
  EXPECT_EQ(a[0].measured, "1 cable");
  EXPECT_EQ(a[0].expected, "2 cables");
  std::vector<Finding> r = only(all, "topo.ftree_ready");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].measured, "rejected (AB0B)");
  EXPECT_NE(r[0].message.find("leaf3 - spine1"), std::string::npos) << r[0].message;
  std::vector<Finding> o = only(all, "topo.oversubscribed");
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0].measured, "1:1.5");  // 2 host links over 3 uplinks, others 2 over 4
  EXPECT_EQ(o[0].expected, "1:2");
}

TEST(FatTreeTest, ALeafCutOffFromASpineIsASwitchFinding) {
  // leaf4 is cabled to spine1 only.
  Sketch d;
  NodeId s1 = d.sw("spine1", spine_guid(1));
  NodeId s2 = d.sw("spine2", spine_guid(2));
  for (int l = 1; l <= 4; ++l) {
    NodeId leaf = d.sw("leaf" + std::to_string(l), leaf_guid(l));
    d.cable(leaf, 35, s1, l);
    if (l != 4) {
      d.cable(leaf, 36, s2, l);
    }
    d.cable(leaf, 1, d.ca("host" + std::to_string(l), 0x1000 * l), 1);
  }
  std::vector<Finding> a = only(topo(d.build()), "topo.asymmetric");
  // leaf4 has 1 up-link where 3 of 4 leaves have 2. spine2 (3 down-links) against spine1 (4)
  // has no majority to differ from, so it is not named.
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].location.here.node_guid, leaf_guid(4));
  EXPECT_EQ(a[0].measured, "1 up-links (to spine switches)");
  EXPECT_EQ(a[0].expected, "2 up-links (to spine switches)");
}

TEST(FatTreeTest, NoMajorityNoAsymmetry) {
  // Two spines with different down-link counts and nothing else to go by.
  Sketch d;
  NodeId s1 = d.sw("spine1", spine_guid(1));
  NodeId s2 = d.sw("spine2", spine_guid(2));
  NodeId l1 = d.sw("leaf1", leaf_guid(1));
  d.cable(l1, 35, s1, 1);
  d.cable(l1, 36, s2, 1);
  d.cable(l1, 34, s2, 2);
  d.cable(l1, 1, d.ca("h", 0x1000), 1);
  EXPECT_TRUE(only(topo(d.build()), "topo.asymmetric").empty());
}

TEST(FatTreeTest, SingleSwitchIsNoTree) {
  Sketch d;
  NodeId sw = d.sw("sw", 0x100);
  d.cable(sw, 1, d.ca("a", 0x1000), 1);
  d.cable(sw, 2, d.ca("b", 0x2000), 1);
  EXPECT_TRUE(topo(d.build()).empty());
}

TEST(FatTreeTest, ShapeCountsLeafLoadByBandwidth) {
  FatTreeShape shape = fat_tree_shape(Tree().s.build(), infer_tiers(Tree().s.build()));
  ASSERT_EQ(shape.leaves.size(), 4u);
  EXPECT_TRUE(shape.by_bandwidth);
  EXPECT_EQ(shape.leaves[0].hosts, 2);
  EXPECT_EQ(shape.leaves[0].uplinks, 4);
  EXPECT_DOUBLE_EQ(*shape.usual_ratio, 0.5);
  EXPECT_EQ(ratio_text(2.0), "2:1");
  EXPECT_EQ(ratio_text(0.25), "1:4");
}

}  // namespace
}  // namespace ibatlas
