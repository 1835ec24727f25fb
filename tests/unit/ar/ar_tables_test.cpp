// The per-switch table checks, each from the consistent state with one entry or group
// broken. Groups and LIDs as ar_fixture.hpp lists them.

#include <gtest/gtest.h>

#include "ar_fixture.hpp"

namespace ibatlas {
namespace {

using ar_test::ar_findings;
using ar_test::of;
using ar_test::summary;
using ar_test::Tree;

TEST(ArTablesTest, AllStaticWhileOnIsUnused) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  for (std::optional<ArLftEntry>& e : l1.lfts[0].entries) {
    if (e) {
      e->state = ArLidState::Static;
    }
  }
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.tables_unused");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_EQ(found[0].measured, "AR on, every entry Static");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

TEST(ArTablesTest, GroupPastGroupTop) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_entry(l1, 7).group = 700;
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.group_out_of_range");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].message,
            "AR entries name a group past the switch's range: 1 LID: 0x0007 (group 700)");
}

TEST(ArTablesTest, TablePastGroupTableCap) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_entry(l1, 7).table = 1;  // group_table_cap 1: only table 0
  std::vector<Finding> found = of(ar_findings(t.with(l1)), "ar.group_out_of_range");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].message.find("0x0007 (table 1 group 2)"), std::string::npos);
}

TEST(ArTablesTest, EmptyGroupCountsEveryLidUsingIt) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_group(l1, 2).ports.clear();  // {3, 4}: LIDs 4, 5, 7, 8
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.group_empty");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "4");
  EXPECT_EQ(found[0].message,
            "AR entries name a group with no port: 4 LIDs: 0x0004 (group 2), 0x0005 (group 2), "
            "0x0007 (group 2), ...");
}

TEST(ArTablesTest, DefaultPortOutsideGroup) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_entry(l1, 1).default_port = 4;  // group 1 = {3}
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.default_port_not_in_group");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message,
            "AR entries whose DefaultPort is outside their group: 1 LID: 0x0001 (DefaultPort 4, "
            "group 1)");
  EXPECT_EQ(of(all, "ar.static_lft_mismatch").size(), 1u);  // the LFT says 3
}

TEST(ArTablesTest, DefaultPortDiffersFromPlainLft) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  ArLftEntry& e = test::ar_entry(l1, 7);  // group {3, 4}: both ports are in it
  e.default_port = *e.default_port == 3 ? 4 : 3;
  std::uint8_t lft = *e.default_port == 3 ? 4 : 3;
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.static_lft_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message, "AR DefaultPort differs from the plain LFT: 1 LID: 0x0007 (LFT " +
                                  std::to_string(lft) + ", DefaultPort " +
                                  std::to_string(*e.default_port) + ")");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

TEST(ArTablesTest, GroupPortPastNumPorts) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_group(l1, 2).ports.push_back(41);  // 8-port switch
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.group_port_invalid");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message,
            "AR groups name a port the switch does not have: 1 group: group 2 port 41");
}

TEST(ArTablesTest, GroupPortDown) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  std::vector<std::uint8_t>& ports = test::ar_group(l1, 2).ports;
  ports = {2, 3, 4};  // port 2 is uncabled, Down
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.group_port_down");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message, "AR groups hold ports that are not up: 1 group: group 2 port 2");
  EXPECT_EQ(of(all, "ar.path_dead_end").size(), 1u) << summary(all);
}

TEST(ArTablesTest, GroupPortToAnotherHost) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_group(l1, 2).ports = {1, 3, 4};  // port 1: host a
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.group_port_to_hca");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "4");  // LIDs 4, 5, 7, 8
  EXPECT_EQ(found[0].message,
            "AR groups send LIDs to a host port that does not own them: 4 LIDs: 0x0004 (port 1 "
            "to a), 0x0005 (port 1 to a), 0x0007 (port 1 to a), ...");
}

TEST(ArTablesTest, PortInTwoSubGroups) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  ArGroup second = test::ar_group(l1, 2);
  second.sub_group = 1;
  second.ports = {4};
  l1.groups.insert(l1.groups.begin() + 2, second);  // after (2, 0), before group 3
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.subgroup_overlap");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message, "AR groups hold a port in two sub-groups: 1 group: group 2 port 4");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

TEST(ArTablesTest, AdjacentSubGroupsArePartsOfOneGroup) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  test::ar_group(l1, 2).ports = {3};
  ArGroup second = test::ar_group(l1, 2);
  second.sub_group = 1;
  second.ports = {4};
  l1.groups.insert(l1.groups.begin() + 2, second);
  std::vector<Finding> all = ar_findings(t.with(l1));
  EXPECT_TRUE(all.empty()) << summary(all);
}

TEST(ArTablesTest, DumpWithoutArInfoStillGetsTableChecks) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  l1.info.reset();  // as a .far dump gives it
  test::ar_entry(l1, 1).default_port = 4;
  std::vector<Finding> all = ar_findings(t.with(l1));
  EXPECT_EQ(of(all, "ar.default_port_not_in_group").size(), 1u) << summary(all);
}

TEST(ArTablesTest, GroupPortNoCloserToTheLid) {
  Tree t;
  SwitchAr sp1 = t.ar(t.sp1);
  test::ar_group(sp1, 1).ports = {1, 2};  // toward l1 (LIDs 3, 6), also by l2
  std::vector<Finding> all = ar_findings(t.with(sp1));
  std::vector<Finding> found = of(all, "ar.group_port_not_minhop");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "sp1");
  EXPECT_EQ(found[0].message,
            "AR groups hold ports that lead no closer to the LID: 2 LIDs: 0x0003 (group 1 port "
            "2), 0x0006 (group 1 port 2)");
}

}  // namespace
}  // namespace ibatlas
