// The AR path walk: dead ends and loops, reported once at the switch whose choice fails.

#include <gtest/gtest.h>

#include "ar_fixture.hpp"

namespace ibatlas {
namespace {

using ar_test::ar_findings;
using ar_test::of;
using ar_test::summary;
using ar_test::Tree;

TEST(ArPathsTest, StaticEntryOutOfADownPort) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  ArLftEntry& e = test::ar_entry(l1, 7);
  e.state = ArLidState::Static;
  e.default_port = 2;  // uncabled
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.path_dead_end");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_EQ(found[0].message,
            "AR choices here lead where the LID cannot be reached: 1 LID: 0x0007 (port 2 leads "
            "nowhere)");
}

TEST(ArPathsTest, MissingEntryIsADeadEnd) {
  Tree t;
  SwitchAr sp2 = t.ar(t.sp2);
  sp2.lfts[0].entries[8].reset();  // c, on l3
  std::vector<Finding> all = ar_findings(t.with(sp2));
  std::vector<Finding> found = of(all, "ar.path_dead_end");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "sp2");
  EXPECT_EQ(found[0].message,
            "AR choices here lead where the LID cannot be reached: 1 LID: 0x0008 (no AR entry)");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

TEST(ArPathsTest, MissingEntryOfAnIncompleteTableFallsBackToTheLft) {
  Tree t;
  SwitchAr sp2 = t.ar(t.sp2);
  sp2.lfts[0].entries[8].reset();
  sp2.tables_complete = false;
  std::vector<Finding> all = ar_findings(t.with(sp2));
  EXPECT_TRUE(of(all, "ar.path_dead_end").empty()) << summary(all);
}

TEST(ArPathsTest, SpineSendingBackToTheLeafLoops) {
  Tree t;
  SwitchAr sp1 = t.ar(t.sp1);
  ArLftEntry& e = test::ar_entry(sp1, 7);  // b, on l2
  e.state = ArLidState::Static;
  e.default_port = 1;  // to l1, whose group for 7 is {3, 4}: back to sp1
  std::vector<Finding> all = ar_findings(t.with(sp1));
  std::vector<Finding> found = of(all, "ar.path_loop");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  // The walk starts at sp1 (lowest NodeId): sp1 -> l1 -> sp1 closes at l1.
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_EQ(found[0].message,
            "AR choices here lead back to a switch already on the way: 1 LID: 0x0007 (port 3 "
            "back to sp1)");
  EXPECT_TRUE(of(all, "ar.path_dead_end").empty()) << summary(all);
}

TEST(ArPathsTest, LoopThroughPlainLftsOnlyIsRoutingsBusiness) {
  Tree t;
  SwitchAr sp1 = t.ar(t.sp1);
  sp1.support = ArSupport::Unsupported;
  SwitchAr l1 = t.ar(t.l1);
  l1.support = ArSupport::Unsupported;
  // Both fall back to their plain LFTs, which are loop-free: nothing but the two infos.
  std::vector<Finding> all = ar_findings(test::with_switch_ar(t.with(sp1), l1));
  EXPECT_EQ(all.size(), 2u) << summary(all);
}

TEST(ArPathsTest, SwitchWithoutArAndWithoutLftIsUnknownNotADeadEnd) {
  Tree t;
  SwitchAr l3 = t.ar(t.l3);
  l3.support = ArSupport::NoAnswer;
  // As `check live --ar` reads it: AR state, no plain LFTs. Where l3 sends is unknown.
  Fabric f = with_forwarding_tables(t.with(l3), {});
  std::vector<Finding> all = ar_findings(f);
  ASSERT_EQ(all.size(), 1u) << summary(all);
  EXPECT_EQ(all[0].check, "ar.unsupported");
}

TEST(ArPathsTest, SwitchWhosePlainLftHasNoRouteIsADeadEnd) {
  Tree t;
  SwitchAr l3 = t.ar(t.l3);
  l3.support = ArSupport::NoAnswer;
  Fabric f = t.with(l3);
  std::vector<ForwardingTable> tables(f.forwarding_tables().begin(), f.forwarding_tables().end());
  for (ForwardingTable& table : tables) {
    if (table.switch_node == t.l3) {
      table.out_port[8] = ForwardingTable::kNoRoute;  // c, its own host
    }
  }
  std::vector<Finding> all = ar_findings(with_forwarding_tables(f, tables));
  std::vector<Finding> found = of(all, "ar.path_dead_end");
  ASSERT_EQ(found.size(), 2u) << summary(all);  // both spines send c's packets to l3
  EXPECT_NE(found[0].message.find("1 LID: 0x0008 (port 3 to l3, which has no route)"),
            std::string::npos)
      << summary(all);
}

}  // namespace
}  // namespace ibatlas
