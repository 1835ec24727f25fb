// Adaptive-routing changes in `ibatlas diff` and `history` (ar_diff.hpp): AR turned off on one
// switch is reported, identical state gives nothing, and state only one snapshot holds is a
// note, not a change. Expected changes are written by hand from the edits each test makes.

#include "ibatlas/diff/ar_diff.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/diff/diff_report.hpp"
#include "ibatlas/diff/history.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/report/diff_text.hpp"
#include "ibatlas/report/history_text.hpp"

namespace ibatlas {
namespace {

// Two switches (0x100 "leaf1", 0x101 "leaf2"), no cables; AR on both as given.
Fabric two_switches(const std::optional<SwitchAr>& first, const std::optional<SwitchAr>& second) {
  FabricBuilder b;
  b.add_node(
      Node{.type = NodeType::Switch, .guid = 0x100, .description = "leaf1", .port_count = 8});
  b.add_node(
      Node{.type = NodeType::Switch, .guid = 0x101, .description = "leaf2", .port_count = 8});
  for (const std::optional<SwitchAr>& ar : {first, second}) {
    if (ar) {
      b.set_switch_ar(*ar);
    }
  }
  return std::move(b).build();
}

// AR on, SL mask in use (0x00ff), one pLFT of 4 LIDs, one group of ports 1 and 2.
SwitchAr enabled_ar(std::uint32_t node) {
  SwitchAr ar{.switch_node = NodeId{node}};
  ar.info = ArInfo{
      .by_sl_en = true, .sub_groups_active = 1, .enabled = true, .enable_by_sl_mask = 0x00ff};
  ArLft lft{.plft = 0, .entries = std::vector<std::optional<ArLftEntry>>(4)};
  for (std::size_t lid = 1; lid < 4; ++lid) {
    lft.entries[lid] = ArLftEntry{.state = ArLidState::Free, .default_port = 1, .group = 1};
  }
  ar.lfts.push_back(lft);
  ar.groups.push_back(ArGroup{.group = 1, .ports = {1, 2}});
  return ar;
}

TEST(ArDiffTest, IdenticalStateIsNoChange) {
  Fabric f = two_switches(enabled_ar(0), enabled_ar(1));
  FabricDiff d = diff_fabrics(f, f);
  EXPECT_TRUE(d.same());
  EXPECT_TRUE(d.notes.empty());
}

TEST(ArDiffTest, ArTurnedOffOnOneSwitchIsReported) {
  SwitchAr off = enabled_ar(1);
  off.info->enabled = false;
  FabricDiff d =
      diff_fabrics(two_switches(enabled_ar(0), enabled_ar(1)), two_switches(enabled_ar(0), off));
  ASSERT_EQ(d.changes.size(), 1U);
  const Change& c = d.changes[0];
  EXPECT_EQ(c.kind, ChangeKind::ArDisabled);
  EXPECT_EQ(to_string(c.kind), "ar.disabled");
  EXPECT_EQ(c.at.node_guid, 0x101U);
  EXPECT_EQ(c.before, "on");
  EXPECT_EQ(c.after, "off");
  EXPECT_EQ(format_change(c), "0x0000000000000101 \"leaf2\": on -> off");
  // And back on is ar.enabled.
  FabricDiff back =
      diff_fabrics(two_switches(enabled_ar(0), off), two_switches(enabled_ar(0), enabled_ar(1)));
  ASSERT_EQ(back.changes.size(), 1U);
  EXPECT_EQ(back.changes[0].kind, ChangeKind::ArEnabled);
}

TEST(ArDiffTest, AbsentOnOneSideIsANoteNotAChange) {
  Fabric with = two_switches(enabled_ar(0), enabled_ar(1));
  Fabric without = two_switches(enabled_ar(0), std::nullopt);
  FabricDiff lost = diff_fabrics(with, without);
  EXPECT_TRUE(lost.same());
  ASSERT_EQ(lost.notes.size(), 1U);
  EXPECT_EQ(lost.notes[0],
            "AR state of 1 switch in OLD only: not compared (absent is not disabled)");
  FabricDiff gained = diff_fabrics(without, with);
  EXPECT_TRUE(gained.same());
  ASSERT_EQ(gained.notes.size(), 1U);
  EXPECT_NE(gained.notes[0].find("in NEW only"), std::string::npos);
  std::ostringstream text;
  write_diff_text(lost, TextStyle{}, text);
  EXPECT_EQ(text.str(), "note: " + lost.notes[0] + "\n");
}

TEST(ArDiffTest, SettingsSupportEntriesAndGroups) {
  SwitchAr was = enabled_ar(0);
  SwitchAr now = enabled_ar(0);
  now.info->by_sl_en = false;  // effective mask 0x00ff -> 0xffff
  now.info->fr_enabled = true;
  now.lfts[0].entries[2]->group = 2;                        // changed
  now.lfts[0].entries[3]->table = 1;                        // the table alone is not compared
  now.lfts[0].entries[1].reset();                           // absent: not compared
  now.groups[0].ports = {1, 3};                             // changed
  now.groups.push_back(ArGroup{.group = 2, .ports = {4}});  // added
  NodeMatch match = match_nodes(two_switches(was, std::nullopt), two_switches(now, std::nullopt));
  ArDiff d = diff_adaptive_routing(two_switches(was, std::nullopt), two_switches(now, std::nullopt),
                                   match);
  ASSERT_EQ(d.changes.size(), 5U);
  EXPECT_EQ(d.changes[0].item, "sl_mask");
  EXPECT_EQ(d.changes[0].before, "0x00ff");
  EXPECT_EQ(d.changes[0].after, "0xffff");
  EXPECT_EQ(d.changes[1].item, "fr_enabled");
  EXPECT_EQ(d.changes[2].kind, ChangeKind::ArLftChanged);
  EXPECT_EQ(d.changes[2].delta, 1U);
  EXPECT_EQ(format_change(d.changes[2]),
            "0x0000000000000100 \"leaf1\" pLFT 0: 1 entries changed (state, group or default "
            "port)");
  EXPECT_EQ(d.changes[3].item, "pLFT 0 table 0 group 1 sub-group 0");
  EXPECT_EQ(d.changes[3].before, "ports 1 2");
  EXPECT_EQ(d.changes[3].after, "ports 1 3");
  EXPECT_EQ(d.changes[4].before, std::nullopt);
  EXPECT_EQ(d.changes[4].after, "ports 4");
}

TEST(ArDiffTest, SupportChangeStopsTheComparison) {
  SwitchAr silent{.switch_node = NodeId{0}, .support = ArSupport::NoAnswer};
  FabricDiff d =
      diff_fabrics(two_switches(enabled_ar(0), std::nullopt), two_switches(silent, std::nullopt));
  ASSERT_EQ(d.changes.size(), 1U);
  EXPECT_EQ(d.changes[0].kind, ChangeKind::ArSupportChanged);
  EXPECT_EQ(d.changes[0].before, "supported");
  EXPECT_EQ(d.changes[0].after, "no answer");
}

TEST(ArDiffTest, IncompleteTablesAreNotGroupChanges) {
  SwitchAr now = enabled_ar(0);
  now.groups.clear();
  now.tables_complete = false;
  FabricDiff d =
      diff_fabrics(two_switches(enabled_ar(0), std::nullopt), two_switches(now, std::nullopt));
  EXPECT_TRUE(d.same());
}

TEST(ArDiffTest, HistoryShowsArTurnedOff) {
  SwitchAr off = enabled_ar(1);
  off.info->enabled = false;
  Fabric s0 = two_switches(enabled_ar(0), enabled_ar(1));
  Fabric s1 = two_switches(enabled_ar(0), off);
  History h = build_history({{"s0.xml", 0, &s0}, {"s1.xml", 60, &s1}, {"s2.xml", 120, &s0}});
  ASSERT_EQ(h.timeline.size(), 2U);
  ASSERT_EQ(h.timeline[0].changes.size(), 1U);
  EXPECT_EQ(h.timeline[0].changes[0].kind, ChangeKind::ArDisabled);
  ASSERT_EQ(h.timeline[1].changes.size(), 1U);
  EXPECT_EQ(h.timeline[1].changes[0].kind, ChangeKind::ArEnabled);
  std::ostringstream text;
  write_history_text(h, TextStyle{}, text);
  EXPECT_NE(text.str().find("    ar.disabled  0x0000000000000101 \"leaf2\": on -> off\n"),
            std::string::npos)
      << text.str();
}

}  // namespace
}  // namespace ibatlas
