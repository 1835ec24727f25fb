// The consistent AR state the AR check tests start from (tests/support/ar_state.hpp),
// checked by hand on SmallTree (routing_net.hpp) with the minhop tables minhop_test works out.

#include "support/ar_state.hpp"

#include <gtest/gtest.h>

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::SmallTree;

std::vector<std::uint8_t> group_ports(SwitchAr& ar, Lid lid) {
  return test::ar_group(ar, test::ar_entry(ar, lid).group).ports;
}

TEST(ArStateTest, LeafGroupsAreTheMinHopPorts) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = test::with_consistent_ar(t.net.build());
  SwitchAr l1 = test::switch_ar(f, t.l1);
  ASSERT_TRUE(l1.info.has_value());
  EXPECT_TRUE(l1.info->enabled);
  EXPECT_EQ(l1.info->group_top, 3);  // {3} to sp1, {4} to sp2, {3,4} to l2
  EXPECT_EQ(group_ports(l1, 1), (std::vector<std::uint8_t>{3}));
  EXPECT_EQ(group_ports(l1, 2), (std::vector<std::uint8_t>{4}));
  EXPECT_EQ(group_ports(l1, 4), (std::vector<std::uint8_t>{3, 4}));
  EXPECT_EQ(group_ports(l1, 7), (std::vector<std::uint8_t>{3, 4}));
  EXPECT_EQ(test::ar_entry(l1, 7).state, ArLidState::Free);
  EXPECT_EQ(test::ar_entry(l1, 7).default_port, 3);
  EXPECT_EQ(test::ar_entry(l1, 8).default_port, 4);
  EXPECT_EQ(test::ar_entry(l1, 5).state, ArLidState::Static);  // a1 hangs off l1
  EXPECT_EQ(test::ar_entry(l1, 5).default_port, 1);
  EXPECT_FALSE(l1.lfts[0].entries[3].has_value());  // l1's own LID: port 0
}

TEST(ArStateTest, SpineGroupsAreTheMinHopPorts) {
  SmallTree t;
  t.minhop_tables();
  Fabric f = test::with_consistent_ar(t.net.build(), ArLidState::Bounded);
  SwitchAr sp1 = test::switch_ar(f, t.sp1);
  EXPECT_EQ(sp1.info->group_top, 3);
  EXPECT_EQ(group_ports(sp1, 2), (std::vector<std::uint8_t>{1, 2}));  // sp2 via either leaf
  EXPECT_EQ(group_ports(sp1, 5), (std::vector<std::uint8_t>{1}));
  EXPECT_EQ(group_ports(sp1, 8), (std::vector<std::uint8_t>{2}));
  EXPECT_EQ(test::ar_entry(sp1, 8).state, ArLidState::Bounded);
  EXPECT_EQ(f.adaptive_routing().size(), 4u);
}

}  // namespace
}  // namespace ibatlas
