// Cables added, removed, moved and swapped, each both ways (OLD->NEW and NEW->OLD). The
// expected ends come from the edit each test makes to fabric_spec.hpp's two_tier().

#include "ibatlas/diff/cable_diff.hpp"

#include <algorithm>
#include <tuple>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

std::vector<Change> cables(const Fabric& a, const Fabric& b) {
  return diff_cables(a, b, match_nodes(a, b));
}

PortRef end(Guid guid, int port, const std::string& name) {
  return PortRef{guid, static_cast<std::uint8_t>(port), name};
}

TEST(CableDiffTest, SameCablesGiveNothing) {
  Fabric a = two_tier().build();
  EXPECT_TRUE(cables(a, a).empty());
  FabricSpec reordered = two_tier();
  std::reverse(reordered.cables.begin(), reordered.cables.end());
  std::reverse(reordered.nodes.begin(), reordered.nodes.end());
  EXPECT_TRUE(cables(a, reordered.build()).empty());
}

TEST(CableDiffTest, UnpluggedUplinkIsRemovedAndPluggedBackIsAdded) {
  FabricSpec spec = two_tier();
  Fabric with = spec.build();
  spec.unplug("leaf1", 8);
  Fabric without = spec.build();

  std::vector<Change> removed = cables(with, without);
  ASSERT_EQ(removed.size(), 1U);
  EXPECT_EQ(removed[0].kind, ChangeKind::CableRemoved);
  EXPECT_EQ(removed[0].at, end(0x10, 3, "spine"));  // the lower end: spine comes first
  EXPECT_EQ(removed[0].peer_before, end(0x20, 8, "leaf1"));
  EXPECT_EQ(removed[0].before, "0x0000000000000020[8]");
  EXPECT_FALSE(removed[0].after.has_value());

  std::vector<Change> added = cables(without, with);
  ASSERT_EQ(added.size(), 1U);
  EXPECT_EQ(added[0].kind, ChangeKind::CableAdded);
  EXPECT_EQ(added[0].at, end(0x10, 3, "spine"));
  EXPECT_EQ(added[0].after, "0x0000000000000020[8]");
  EXPECT_FALSE(added[0].before.has_value());
}

TEST(CableDiffTest, HostCableOnAnotherLeafPortIsMovedBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("h1", 1).pb = 5;  // h1 stays, the leaf end goes from leaf1[1] to leaf1[5]
  Fabric b = spec.build();

  std::vector<Change> forth = cables(a, b);
  ASSERT_EQ(forth.size(), 1U);
  EXPECT_EQ(forth[0].kind, ChangeKind::CableMoved);
  EXPECT_EQ(forth[0].at, end(0x100, 1, "h1"));
  EXPECT_EQ(forth[0].peer_before, end(0x20, 1, "leaf1"));
  EXPECT_EQ(forth[0].peer_after, end(0x20, 5, "leaf1"));

  std::vector<Change> back = cables(b, a);
  ASSERT_EQ(back.size(), 1U);
  EXPECT_EQ(back[0].kind, ChangeKind::CableMoved);
  EXPECT_EQ(back[0].at, end(0x100, 1, "h1"));
  EXPECT_EQ(back[0].peer_before, end(0x20, 5, "leaf1"));
  EXPECT_EQ(back[0].peer_after, end(0x20, 1, "leaf1"));
}

TEST(CableDiffTest, HostMovedToTheOtherLeafIsMoved) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("h1", 1).b = "leaf2";
  spec.cable("h1", 1).pb = 4;
  std::vector<Change> c = cables(a, spec.build());
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].kind, ChangeKind::CableMoved);
  EXPECT_EQ(c[0].at, end(0x100, 1, "h1"));
  EXPECT_EQ(c[0].peer_after, end(0x30, 4, "leaf2"));
}

TEST(CableDiffTest, TwoHostsTradingLeafPortsAreSwappedAtTheLeafBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("h1", 1).pb = 2;
  spec.cable("h2", 1).pb = 1;  // leaf1[1] now reaches h2, leaf1[2] reaches h1
  Fabric b = spec.build();
  PortRef h1 = end(0x100, 1, "h1");
  PortRef h2 = end(0x200, 1, "h2");
  for (auto [x, y, first, second] : {std::tuple{&a, &b, h1, h2}, std::tuple{&b, &a, h2, h1}}) {
    // leaf1[1] went from `first` to `second`, leaf1[2] the other way.
    std::vector<Change> c = cables(*x, *y);
    ASSERT_EQ(c.size(), 2U);
    std::sort(c.begin(), c.end(), report_order);
    EXPECT_EQ(c[0].kind, ChangeKind::CableSwapped);
    EXPECT_EQ(c[0].at, end(0x20, 1, "leaf1"));
    EXPECT_EQ(c[0].peer_before, first);
    EXPECT_EQ(c[0].peer_after, second);
    EXPECT_EQ(c[0].traded_with, end(0x20, 2, "leaf1"));
    EXPECT_EQ(c[1].kind, ChangeKind::CableSwapped);
    EXPECT_EQ(c[1].at, end(0x20, 2, "leaf1"));
    EXPECT_EQ(c[1].peer_before, second);
    EXPECT_EQ(c[1].peer_after, first);
    EXPECT_EQ(c[1].traded_with, end(0x20, 1, "leaf1"));
  }
}

TEST(CableDiffTest, TwoUplinksTradingSpinePortsAreSwapped) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("leaf1", 7).pb = 2;  // leaf1[7] now to spine[2]
  spec.cable("leaf2", 7).pb = 1;  // leaf2[7] now to spine[1]
  std::vector<Change> c = cables(a, spec.build());
  ASSERT_EQ(c.size(), 2U);
  for (const Change& x : c) {
    EXPECT_EQ(x.kind, ChangeKind::CableSwapped);
    EXPECT_EQ(x.at.node_guid, 0x10U) << "the spine's two ports stayed";
  }
}

TEST(CableDiffTest, HostsTradingPlacesOnTwoLeavesAreSwappedAtTheSwitchPorts) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("h1", 1).b = "leaf2";  // h1 to leaf2[1], h3 to leaf1[1]
  spec.cable("h3", 1).b = "leaf1";
  Fabric b = spec.build();
  for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    std::vector<Change> c = cables(*x, *y);
    ASSERT_EQ(c.size(), 2U);
    std::sort(c.begin(), c.end(), report_order);
    EXPECT_EQ(c[0].at, end(0x20, 1, "leaf1"));
    EXPECT_EQ(c[1].at, end(0x30, 1, "leaf2"));
    EXPECT_EQ(c[0].traded_with, end(0x30, 1, "leaf2"));
  }
}

TEST(CableDiffTest, BothEndsElsewhereIsAMoveOfTheLowerEndAndAnAddedCable) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.unplug("leaf1", 8);            // spine[3]-leaf1[8] ...
  spec.plug("spine", 3, "leaf2", 8);  // ... spine[3] now to leaf2[8]
  spec.plug("leaf1", 8, "spine", 4);  // ... leaf1[8] now to spine[4]
  std::vector<Change> c = cables(a, spec.build());
  ASSERT_EQ(c.size(), 2U);
  std::sort(c.begin(), c.end(), report_order);
  EXPECT_EQ(c[0].kind, ChangeKind::CableAdded);
  EXPECT_EQ(c[0].at, end(0x10, 4, "spine"));
  EXPECT_EQ(c[1].kind, ChangeKind::CableMoved);
  EXPECT_EQ(c[1].at, end(0x10, 3, "spine"));  // spine[3] is the removed cable's lower end
  EXPECT_EQ(c[1].peer_after, end(0x30, 8, "leaf2"));
}

TEST(CableDiffTest, OneMoveIntoAFreePortIsNotASwap) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.unplug("h2", 1);
  spec.nodes.erase(spec.nodes.begin() + (&spec.node("h2") - spec.nodes.data()));
  spec.cable("h1", 1).pb = 2;  // h1 into the port h2 left; h2 is unreachable, so gone
  std::vector<Change> c = cables(a, spec.build());
  ASSERT_EQ(c.size(), 1U) << "h2's cable goes with h2: a node change, not a cable one";
  EXPECT_EQ(c[0].kind, ChangeKind::CableMoved);
  EXPECT_EQ(c[0].at, end(0x100, 1, "h1"));
  EXPECT_EQ(c[0].peer_after, end(0x20, 2, "leaf1"));
}

TEST(CableDiffTest, CablesOfAddedOrRemovedNodesAreLeftToTheNodeChange) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.nodes.push_back({"h5", 0x500, NodeType::Ca, 1, 15});
  spec.plug("h5", 1, "leaf2", 3);
  Fabric b = spec.build();
  EXPECT_TRUE(cables(a, b).empty());
  EXPECT_TRUE(cables(b, a).empty());
}

TEST(CableDiffTest, CableOfAReplacedNodeIsUnchanged) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h3").guid = 0x3030;
  EXPECT_TRUE(cables(a, spec.build()).empty());
}

}  // namespace
}  // namespace ibatlas
