// Node identity between snapshots: GUID first, then the replaced fallback (same type,
// description and neighbours). Expected pairs are stated from fabric_spec.hpp by hand.

#include "ibatlas/diff/node_match.hpp"

#include <algorithm>
#include <tuple>

#include <gtest/gtest.h>

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

NodeId id_of(const Fabric& f, Guid guid) {
  return *f.find_node(guid);
}

TEST(NodeMatchTest, MatchesEveryNodeByGuidWhateverTheOrder) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  std::reverse(spec.nodes.begin(), spec.nodes.end());
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  for (const Node& n : a.nodes()) {
    ASSERT_TRUE(m.after_of[a.id_of(n).value].has_value()) << n.description;
    EXPECT_EQ(b.node(*m.after_of[a.id_of(n).value]).guid, n.guid);
  }
  EXPECT_TRUE(m.replaced.empty());
}

TEST(NodeMatchTest, NewGuidWithSameDescriptionAndNeighboursIsReplacedBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").guid = 0x2222;
  Fabric b = spec.build();
  for (auto [x, y, old_guid, new_guid] : {std::tuple{&a, &b, Guid{0x200}, Guid{0x2222}},
                                          std::tuple{&b, &a, Guid{0x2222}, Guid{0x200}}}) {
    NodeMatch m = match_nodes(*x, *y);
    ASSERT_EQ(m.replaced.size(), 1U);
    EXPECT_EQ(m.replaced[0].first, id_of(*x, old_guid));
    EXPECT_EQ(m.replaced[0].second, id_of(*y, new_guid));
    EXPECT_EQ(m.after_of[id_of(*x, old_guid).value], id_of(*y, new_guid));
  }
}

TEST(NodeMatchTest, NewGuidAndNewDescriptionIsNotReplaced) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").guid = 0x2222;
  spec.node("h2").name = "h2-spare";
  spec.cable("h2", 1).a = "h2-spare";
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  EXPECT_TRUE(m.replaced.empty());
  EXPECT_FALSE(m.after_of[id_of(a, 0x200).value].has_value());
  EXPECT_FALSE(m.before_of[id_of(b, 0x2222).value].has_value());
}

TEST(NodeMatchTest, NewGuidOnAnotherPortIsNotReplaced) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").guid = 0x2222;
  spec.cable("h2", 1).pb = 5;  // same description, different neighbour port
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  EXPECT_TRUE(m.replaced.empty());
  EXPECT_FALSE(m.after_of[id_of(a, 0x200).value].has_value());
}

TEST(NodeMatchTest, TwoReplacedNodesCabledToEachOtherAreBothReplaced) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("leaf2").guid = 0x3333;
  spec.node("h3").guid = 0x3030;
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  ASSERT_EQ(m.replaced.size(), 2U);
  EXPECT_EQ(m.after_of[id_of(a, 0x30).value], id_of(b, 0x3333));
  EXPECT_EQ(m.after_of[id_of(a, 0x300).value], id_of(b, 0x3030));
}

TEST(NodeMatchTest, LookalikeCandidatesAreLeftUnmatched) {
  // Two uncabled CAs with one description: nothing tells which is which.
  FabricSpec spec;
  spec.nodes = {{"spare", 0x1, NodeType::Ca, 1, std::nullopt},
                {"spare", 0x2, NodeType::Ca, 1, std::nullopt}};
  Fabric a = spec.build();
  spec.nodes[0].guid = 0x11;
  spec.nodes[1].guid = 0x12;
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  EXPECT_TRUE(m.replaced.empty());
  EXPECT_FALSE(m.after_of[0].has_value());
  EXPECT_FALSE(m.after_of[1].has_value());
}

TEST(NodeMatchTest, DuplicateGuidsPairInOrderOfAppearance) {
  FabricSpec spec;
  spec.nodes = {{"first", 0x5, NodeType::Ca, 1, std::nullopt},
                {"second", 0x5, NodeType::Ca, 1, std::nullopt},
                {"other", 0x6, NodeType::Ca, 1, std::nullopt}};
  Fabric a = spec.build();
  Fabric b = spec.build();
  NodeMatch m = match_nodes(a, b);
  EXPECT_EQ(m.after_of[0], NodeId{0});
  EXPECT_EQ(m.after_of[1], NodeId{1});
  EXPECT_EQ(m.after_of[2], NodeId{2});
  spec.nodes.pop_back();
  spec.nodes.pop_back();  // only "first" left in the later snapshot
  NodeMatch fewer = match_nodes(a, spec.build());
  EXPECT_EQ(fewer.after_of[0], NodeId{0});
  EXPECT_FALSE(fewer.after_of[1].has_value());
}

}  // namespace
}  // namespace ibatlas
