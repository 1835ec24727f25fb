// History over a hand-made series of two_tier() snapshots (fabric_spec.hpp), each step edited
// by hand; expected transitions, degradations and presences are read off the edits.
//
//   #0 10:00  base
//   #1 11:00  leaf1[8]-spine[3] unplugged; h4 gone (with its cable)
//   #2 12:00  leaf1[8]-spine[3] back; h4 back; leaf2[7]-spine[2] at 1x HDR
//   #3 13:00  leaf1[8]-spine[3] unplugged; leaf2[7]-spine[2] at 1x SDR; h3's HCA swapped (GUID
//   0x3030) #4 14:00  leaf2[7]-spine[2] back at 4x HDR

#include "ibatlas/diff/history.hpp"

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/report/history_text.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

void remove_node(FabricSpec& s, const std::string& name) {
  s.cables.erase(
      std::remove_if(s.cables.begin(), s.cables.end(),
                     [&](const test::CableSpec& c) { return c.a == name || c.b == name; }),
      s.cables.end());
  s.nodes.erase(s.nodes.begin() + (&s.node(name) - s.nodes.data()));
}

std::vector<Fabric> series() {
  std::vector<Fabric> out;
  FabricSpec s = two_tier();
  s.time = "2026-11-01T10:00:00Z";
  out.push_back(s.build());
  FabricSpec s1 = s;
  s1.time = "2026-11-01T11:00:00Z";
  s1.unplug("leaf1", 8);
  remove_node(s1, "h4");
  out.push_back(s1.build());
  FabricSpec s2 = s;
  s2.time = "2026-11-01T12:00:00Z";
  s2.cable("leaf2", 7).width = LinkWidth::X1;
  out.push_back(s2.build());
  FabricSpec s3 = s;
  s3.time = "2026-11-01T13:00:00Z";
  s3.unplug("leaf1", 8);
  s3.cable("leaf2", 7).width = LinkWidth::X1;
  s3.cable("leaf2", 7).speed = LinkSpeed::Sdr;
  s3.node("h3").guid = 0x3030;
  out.push_back(s3.build());
  FabricSpec s4 = s3;
  s4.time = "2026-11-01T14:00:00Z";
  s4.cable("leaf2", 7).width = LinkWidth::X4;
  s4.cable("leaf2", 7).speed = LinkSpeed::Hdr;
  out.push_back(s4.build());
  return out;
}

std::vector<HistorySnapshot> snapshots_of(const std::vector<Fabric>& fabrics) {
  std::vector<HistorySnapshot> out;
  for (std::size_t i = 0; i < fabrics.size(); ++i) {
    out.push_back(HistorySnapshot{"s" + std::to_string(i), snapshot_time(fabrics[i]), &fabrics[i]});
  }
  return out;
}

std::vector<ChangeKind> kinds(const TimelineStep& step) {
  std::vector<ChangeKind> out;
  for (const Change& c : step.changes) {
    out.push_back(c.kind);
  }
  return out;
}

class HistoryTest : public ::testing::Test {
 protected:
  std::vector<Fabric> fabrics_ = series();
};

TEST_F(HistoryTest, TimelineHasEachStepsChanges) {
  History h = build_history(snapshots_of(fabrics_));
  ASSERT_EQ(h.timeline.size(), 4U);
  using K = ChangeKind;
  EXPECT_EQ(kinds(h.timeline[0]), (std::vector<K>{K::NodeRemoved, K::CableRemoved}));
  EXPECT_EQ(kinds(h.timeline[1]), (std::vector<K>{K::NodeAdded, K::CableAdded, K::LinkDegraded}));
  EXPECT_EQ(kinds(h.timeline[2]),
            (std::vector<K>{K::NodeReplaced, K::CableRemoved, K::LinkDegraded}));
  EXPECT_EQ(kinds(h.timeline[3]), (std::vector<K>{K::LinkRestored}));
  EXPECT_EQ(h.timeline[3].from, 3U);
  EXPECT_EQ(h.timeline[3].to, 4U);
}

TEST_F(HistoryTest, TheUplinkThatCameAndWentIsFlappingAndNothingElseIs) {
  History h = build_history(snapshots_of(fabrics_));
  ASSERT_EQ(h.links.size(), 1U) << "h4's link went with h4; h3's stayed through the swap";
  const LinkHistory& l = h.links[0];
  EXPECT_EQ(l.a, (PortRef{0x10, 3, "spine"}));
  EXPECT_EQ(l.b, (PortRef{0x20, 8, "leaf1"}));
  using T = std::pair<std::size_t, bool>;
  EXPECT_EQ(l.transitions, (std::vector<T>{{1, false}, {2, true}, {3, false}}));
  EXPECT_TRUE(l.flapping());
}

TEST_F(HistoryTest, SingleTransitionIsNotFlapping) {
  std::vector<Fabric> two(fabrics_.begin(), fabrics_.begin() + 2);
  History h = build_history(snapshots_of(two));
  ASSERT_EQ(h.links.size(), 1U);
  EXPECT_FALSE(h.links[0].flapping());
}

TEST_F(HistoryTest, UplinkThatLostWidthThenSpeedAndCameBackIsOneDegradation) {
  History h = build_history(snapshots_of(fabrics_));
  ASSERT_EQ(h.degradations.size(), 1U);
  const Degradation& d = h.degradations[0];
  EXPECT_EQ(d.a, (PortRef{0x10, 2, "spine"}));
  EXPECT_EQ(d.b, (PortRef{0x30, 7, "leaf2"}));
  EXPECT_EQ(d.normal, (LinkRate{LinkWidth::X4, LinkSpeed::Hdr}));
  EXPECT_EQ(d.worst, (LinkRate{LinkWidth::X1, LinkSpeed::Sdr}));
  EXPECT_EQ(d.since, 2U);
  EXPECT_EQ(d.restored, 4U);
}

TEST_F(HistoryTest, DegradationNotYetRestoredHasNoRestoredSnapshot) {
  std::vector<Fabric> four(fabrics_.begin(), fabrics_.begin() + 4);
  History h = build_history(snapshots_of(four));
  ASSERT_EQ(h.degradations.size(), 1U);
  EXPECT_FALSE(h.degradations[0].restored.has_value());
}

TEST_F(HistoryTest, TheHostThatCameAndWentIsTheOnlyNodeListed) {
  History h = build_history(snapshots_of(fabrics_));
  ASSERT_EQ(h.nodes.size(), 1U) << "h3 kept its identity through its HCA swap";
  EXPECT_EQ(h.nodes[0].node.node_guid, 0x400U);
  using I = std::pair<std::size_t, std::size_t>;
  EXPECT_EQ(h.nodes[0].present, (std::vector<I>{{0, 0}, {2, 4}}));
}

TEST_F(HistoryTest, SnapshotsAreOrderedByTimeNotByArgumentOrder) {
  std::vector<HistorySnapshot> given = snapshots_of(fabrics_);
  std::reverse(given.begin(), given.end());
  History h = build_history(given);
  ASSERT_EQ(h.snapshots.size(), 5U);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(h.snapshots[i].name, "s" + std::to_string(i));
  }
  EXPECT_EQ(h.links.size(), 1U);
}

TEST_F(HistoryTest, SnapshotsWithoutTimeGoLastInTheirOrder) {
  std::vector<HistorySnapshot> given = snapshots_of(fabrics_);
  given[0].time.reset();
  given[1].time.reset();
  History h = build_history(given);
  std::vector<std::string> names;
  for (const HistorySnapshot& s : h.snapshots) {
    names.push_back(s.name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"s2", "s3", "s4", "s0", "s1"}));
}

TEST_F(HistoryTest, StableFabricHasAnEmptyHistory) {
  std::vector<Fabric> same(3, fabrics_[0]);
  History h = build_history(snapshots_of(same));
  EXPECT_EQ(h.timeline.size(), 2U);
  for (const TimelineStep& s : h.timeline) {
    EXPECT_TRUE(s.changes.empty());
  }
  EXPECT_TRUE(h.links.empty());
  EXPECT_TRUE(h.degradations.empty());
  EXPECT_TRUE(h.nodes.empty());
}

TEST_F(HistoryTest, TextReportNamesTheFlappingLinkDegradationAndNode) {
  History h = build_history(snapshots_of(fabrics_));
  std::ostringstream out;
  write_history_text(h, TextStyle{}, out);
  std::string text = out.str();
  EXPECT_NE(text.find("timeline (4 of 4 steps changed)"), std::string::npos) << text;
  EXPECT_NE(text.find("0x0000000000000010[3] \"spine\" <-> 0x0000000000000020[8] \"leaf1\": 3 "
                      "transitions: down@#1 up@#2 down@#3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("4x HDR -> 1x SDR from #2 s2 (2026-11-01T12:00:00Z), restored at #4"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("0x0000000000000400 \"h4\" (CA): present in #0 #2-#4"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace ibatlas
