// The fleet checks: one leaf of three (or one spine of two, no majority) set differently.
// Expected values follow from ar_fixture.hpp by hand.

#include <gtest/gtest.h>

#include "ar_fixture.hpp"

namespace ibatlas {
namespace {

using ar_test::ar_findings;
using ar_test::of;
using ar_test::summary;
using ar_test::Tree;

// The fabric with `edit` applied to l1's ArInfo.
template <typename Edit>
Fabric with_l1_info(const Tree& t, Edit edit) {
  SwitchAr l1 = t.ar(t.l1);
  edit(*l1.info);
  return t.with(l1);
}

TEST(ArFleetTest, DisabledLeafIsTheOddOneOut) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) { i.enabled = false; }));
  std::vector<Finding> found = of(all, "ar.disabled_in_tier");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_EQ(found[0].measured, "off");
  EXPECT_EQ(found[0].expected, "on");
  EXPECT_EQ(found[0].message, "AR is off; 2 of 3 leaf switches have on");
  // Its adaptive entries are left from before: ar.tables_unused says so too.
  EXPECT_EQ(of(all, "ar.tables_unused").size(), 1u) << summary(all);
}

TEST(ArFleetTest, NoMajorityNoFinding) {
  Tree t;
  SwitchAr sp1 = t.ar(t.sp1);
  sp1.info->enabled = false;
  std::vector<Finding> all = ar_findings(t.with(sp1));
  EXPECT_TRUE(of(all, "ar.disabled_in_tier").empty()) << summary(all);  // 1 of 2 spines
}

TEST(ArFleetTest, SlMaskDiffersOnOneLeaf) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.by_sl_cap = true;
    i.by_sl_en = true;
    i.enable_by_sl_mask = 0x0001;
  }));
  std::vector<Finding> found = of(all, "ar.sl_mask_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "0x0001");
  EXPECT_EQ(found[0].expected, "0xffff");
}

TEST(ArFleetTest, SlMaskOfAllSlsIsTheDefault) {
  Tree t;  // by_sl_en with a full mask is what by_sl_en 0 means
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.by_sl_cap = true;
    i.by_sl_en = true;
    i.enable_by_sl_mask = 0xffff;
  }));
  EXPECT_TRUE(all.empty()) << summary(all);
}

TEST(ArFleetTest, SlMaskWithoutCapability) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.by_sl_en = true;
    i.enable_by_sl_mask = 0xffff;
  }));
  std::vector<Finding> found = of(all, "ar.sl_mask_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_NE(found[0].message.find("by_sl_cap 0"), std::string::npos);
}

TEST(ArFleetTest, TransportExcludedOnOneLeaf) {
  Tree t;
  std::vector<Finding> all =
      ar_findings(with_l1_info(t, [](ArInfo& i) { i.by_transport_disable = 0x2; }));
  std::vector<Finding> found = of(all, "ar.transport_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "0x2");
  EXPECT_EQ(found[0].expected, "0x0");
}

TEST(ArFleetTest, SubGroupsDifferOrExceedSupport) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.sub_groups_active = 2;
    i.sub_groups_supported = 2;
  }));
  std::vector<Finding> found = of(all, "ar.subgroups_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "2");
  EXPECT_EQ(found[0].expected, "1");
  all = ar_findings(with_l1_info(t, [](ArInfo& i) { i.sub_groups_supported = 0; }));
  found = of(all, "ar.subgroups_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message, "uses 1 AR sub-groups but supports 0");
}

TEST(ArFleetTest, AgeingMattersOnlyWithBoundedEntries) {
  Tree bounded(ArLidState::Bounded);
  std::vector<Finding> all =
      ar_findings(with_l1_info(bounded, [](ArInfo& i) { i.ageing_time = 30; }));
  std::vector<Finding> found = of(all, "ar.ageing_mismatch");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "30 us");
  EXPECT_EQ(found[0].expected, "0 us");
  EXPECT_EQ(found[0].severity, Severity::Info);
  Tree free;
  all = ar_findings(with_l1_info(free, [](ArInfo& i) { i.ageing_time = 30; }));
  EXPECT_TRUE(all.empty()) << summary(all);
}

TEST(ArFleetTest, ShieldOnOneLeafOnly) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) { i.fr_enabled = true; }));
  std::vector<Finding> found = of(all, "ar.shield_partial");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "FR on, RN off, pFRN off");
  EXPECT_EQ(found[0].expected, "FR off, RN off, pFRN off");
}

TEST(ArFleetTest, ModeMixBoundedAmongFree) {
  Tree t;
  SwitchAr l1 = t.ar(t.l1);
  for (std::optional<ArLftEntry>& e : l1.lfts[0].entries) {
    if (e && is_adaptive(e->state)) {
      e->state = ArLidState::Bounded;
    }
  }
  std::vector<Finding> all = ar_findings(t.with(l1));
  std::vector<Finding> found = of(all, "ar.mode_mix");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].measured, "Bounded");
  EXPECT_EQ(found[0].expected, "Free");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

TEST(ArFleetTest, HbfAndArClaimOneSl) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.by_sl_hbf_en = true;
    i.enable_by_sl_mask_hbf = 0x0002;
  }));
  std::vector<Finding> found = of(all, "ar.hbf_ar_overlap");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].message, "AR and HBF both claim SLs 0x0002");
}

TEST(ArFleetTest, HbfOnOtherSlsIsFine) {
  Tree t;
  std::vector<Finding> all = ar_findings(with_l1_info(t, [](ArInfo& i) {
    i.by_sl_hbf_en = true;
    i.enable_by_sl_mask_hbf = 0x0002;
    i.by_sl_cap = true;
    i.by_sl_en = true;
    i.enable_by_sl_mask = 0x0001;
  }));
  EXPECT_TRUE(of(all, "ar.hbf_ar_overlap").empty()) << summary(all);
}

// l1 gives LID 1 (sp1) group 4, a copy of group 1 ({3}); l2 and l3 give it group 1.
SwitchAr l1_with_group_4(const Tree& t) {
  SwitchAr l1 = t.ar(t.l1);
  ArGroup copy = test::ar_group(l1, 1);
  copy.group = 4;
  l1.groups.push_back(copy);
  l1.info->group_top = 4;
  test::ar_entry(l1, 1).group = 4;
  return l1;
}

TEST(ArFleetTest, GroupNumbersMatterOnlyWithPfrn) {
  Tree t;
  std::vector<Finding> all = ar_findings(t.with(l1_with_group_4(t)));
  EXPECT_TRUE(all.empty()) << summary(all);
}

TEST(ArFleetTest, GroupNumberForOneLidDiffersWithPfrn) {
  Tree t;
  SwitchAr l1 = l1_with_group_4(t);
  Fabric f = t.with(l1);
  for (NodeId leaf : {t.l2, t.l3}) {  // pFRN on every leaf, so no ar.shield_partial
    SwitchAr ar = test::switch_ar(f, leaf);
    ar.info->pfrn_enabled = true;
    f = test::with_switch_ar(f, ar);
  }
  l1.info->pfrn_enabled = true;
  f = test::with_switch_ar(f, l1);
  std::vector<Finding> all = ar_findings(f);
  std::vector<Finding> found = of(all, "ar.group_id_per_dlid");
  ASSERT_EQ(found.size(), 1u) << summary(all);
  EXPECT_EQ(found[0].location.here.name, "l1");
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].message,
            "gives LIDs other AR group numbers than most leaf switches (pFRN is on: its "
            "notifications name groups): 1 LID: 0x0001 (group 4, most 1)");
  EXPECT_EQ(all.size(), 1u) << summary(all);
}

}  // namespace
}  // namespace ibatlas
