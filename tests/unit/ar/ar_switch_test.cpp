// The per-switch AR findings (ar.unsupported, ar.decode_uncertain, ar.tables_incomplete) and
// the consistent state, which must give no ar.* finding at all.

#include <gtest/gtest.h>

#include "ar_fixture.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using ar_test::ar_findings;
using ar_test::of;
using ar_test::summary;
using ar_test::Tree;

TEST(ArChecksTest, ConsistentStateGivesNoFinding) {
  for (ArLidState state : {ArLidState::Free, ArLidState::Bounded, ArLidState::Hbf}) {
    Tree t(state);
    std::vector<Finding> all = ar_findings(t.fabric);
    EXPECT_TRUE(all.empty()) << to_string(state) << "\n" << summary(all);
  }
}

TEST(ArChecksTest, NoArStateNoFinding) {
  Tree t;
  EXPECT_TRUE(ar_findings(t.plain).empty());
}

TEST(ArChecksTest, UnsupportedAndNoAnswerSwitchesAreInfos) {
  Tree t;
  SwitchAr l3 = t.ar(t.l3);
  l3.support = ArSupport::Unsupported;
  l3.reason = "GeneralInfo has no AR capability bit";
  SwitchAr l2 = t.ar(t.l2);
  l2.support = ArSupport::NoAnswer;
  l2.reason = "timeout";
  std::vector<Finding> all = ar_findings(test::with_switch_ar(t.with(l3), l2));
  std::vector<Finding> found = of(all, "ar.unsupported");
  ASSERT_EQ(found.size(), 2u) << summary(all);
  std::sort(found.begin(), found.end(), finding_less);
  EXPECT_EQ(found[0].location.here.name, "l2");
  EXPECT_EQ(found[0].measured, "no answer");
  EXPECT_EQ(found[0].message, "did not answer the AR reads: timeout");
  EXPECT_EQ(found[0].severity, Severity::Info);
  EXPECT_EQ(found[1].location.here.name, "l3");
  EXPECT_EQ(found[1].message, "has no adaptive routing: GeneralInfo has no AR capability bit");
  // Their plain LFTs still carry the walks: nothing else is reported.
  EXPECT_EQ(all.size(), 2u) << summary(all);
}

TEST(ArChecksTest, DecodeUncertainSwitchGetsNoTableFinding) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  l1.decode_uncertain = true;
  test::ar_entry(l1, 7).default_port = 1;  // would be ar.default_port_not_in_group
  std::vector<Finding> all = ar_findings(t.with(l1));
  ASSERT_EQ(all.size(), 1u) << summary(all);
  EXPECT_EQ(all[0].check, "ar.decode_uncertain");
  EXPECT_EQ(all[0].location.here.name, "l1");
}

TEST(ArChecksTest, IncompleteTablesAreReported) {
  Tree t;
  SwitchAr sp2 = t.ar(t.sp2);
  sp2.tables_complete = false;
  std::vector<Finding> all = ar_findings(t.with(sp2));
  ASSERT_EQ(all.size(), 1u) << summary(all);
  EXPECT_EQ(all[0].check, "ar.tables_incomplete");
  EXPECT_EQ(all[0].location.here.name, "sp2");
  EXPECT_EQ(all[0].severity, Severity::Warning);
}

}  // namespace
}  // namespace ibatlas

namespace ibatlas {
namespace {

// A generated 3-level fat-tree (pods of leaves and aggregation switches, cores) with
// opensm's minhop tables: the consistent AR state is quiet there too.
TEST(ArChecksTest, ConsistentThreeLevelFatTreeGivesNoFinding) {
  test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 8;
  Fabric bare = test::make_fat_tree(spec);
  Fabric f = test::with_consistent_ar(with_forwarding_tables(bare, compute_minhop(bare)));
  std::vector<Finding> all = ar_test::ar_findings(f);
  EXPECT_TRUE(all.empty()) << all.size() << "\n" << ar_test::summary(all);
}

}  // namespace
}  // namespace ibatlas
