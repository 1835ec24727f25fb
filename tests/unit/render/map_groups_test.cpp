// Map groups of generated fat-trees and small hand-built fabrics. Expected values come from
// how fabric_generators.cpp wires its trees (worked out in the comments), not from our output.

#include "ibatlas/render/map_groups.hpp"

#include <set>

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/render/style.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"

namespace ibatlas {

// Shared with map_groups_realworld_test.cpp (declared there).
namespace map_groups_test {

MapGroups groups_of(const Fabric& f) {
  return compute_map_groups(f, infer_tiers(f));
}

bool cabled_to_switch(const Fabric& f, NodeId id) {
  for (const Port& p : f.ports_of(id)) {
    if (p.peer && f.is_link(f.id_of(p)) && f.node(f.node_of(*p.peer)).type == NodeType::Switch) {
      return true;
    }
  }
  return false;
}

// Every switch, and every other node cabled to a switch, is in exactly one group and
// group_of says which; nothing else is in a group; ids are unique; members are in NodeId
// order; groups are drawn from the top tier down, those without a tier last.
void expect_well_formed(const Fabric& f, const MapGroups& m) {
  ASSERT_EQ(m.group_of.size(), f.nodes().size());
  std::vector<int> seen(f.nodes().size(), 0);
  std::set<std::string> ids;
  for (std::size_t g = 0; g < m.groups.size(); ++g) {
    const MapGroup& group = m.groups[g];
    ids.insert(group.id);
    EXPECT_FALSE(group.switches.empty()) << group.id;
    EXPECT_TRUE(std::is_sorted(group.switches.begin(), group.switches.end())) << group.id;
    EXPECT_TRUE(std::is_sorted(group.others.begin(), group.others.end())) << group.id;
    for (NodeId id : group.switches) {
      ++seen[id.value];
      EXPECT_EQ(f.node(id).type, NodeType::Switch);
      EXPECT_EQ(m.group_of[id.value], g);
    }
    for (NodeId id : group.others) {
      ++seen[id.value];
      EXPECT_NE(f.node(id).type, NodeType::Switch);
      EXPECT_EQ(m.group_of[id.value], g);
    }
    int tier = group.tier.value_or(-1);
    int next = g + 1 < m.groups.size() ? m.groups[g + 1].tier.value_or(-1) : -1;
    EXPECT_GE(tier, next) << group.id << " is drawn before a higher tier";
  }
  EXPECT_EQ(ids.size(), m.groups.size());
  std::set<Guid> units;
  for (std::uint32_t i = 0; i < f.nodes().size(); ++i) {
    NodeId id{i};
    bool grouped = f.node(id).type == NodeType::Switch || cabled_to_switch(f, id);
    EXPECT_EQ(seen[i], grouped ? 1 : 0) << display_name(f.node(id));
    EXPECT_EQ(m.group_of[i].has_value(), grouped) << display_name(f.node(id));
    if (f.node(id).type == NodeType::Switch) {
      std::optional<Guid> system = f.node(id).system_guid;
      units.insert(system && *system != 0 ? *system : f.node(id).guid);
    }
  }
  EXPECT_EQ(m.switch_units, units.size());
}

}  // namespace map_groups_test

namespace {

using map_groups_test::expect_well_formed;
using map_groups_test::groups_of;

std::set<std::string> names(const Fabric& f, const std::vector<NodeId>& ids) {
  std::set<std::string> result;
  for (NodeId id : ids) {
    result.insert(display_name(f.node(id)));
  }
  return result;
}

// make_fat_tree radix 8, levels 2: 4 ports down, 4 up; 8 * 4 = 32 hosts on 8 leaves
// (leaf000..leaf007), each leaf cabled to all 4 spines (spine000..spine003). One pod, so the
// spines do not join it: they are the spine tier, drawn above the pod.
TEST(MapGroupsTest, TwoLevelFatTreeIsOnePodUnderTheSpineTier) {
  Fabric f = test::make_fat_tree({.levels = 2, .radix = 8});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 2u);
  EXPECT_EQ(m.switch_units, 12u);
  const MapGroup& spines = m.groups[0];
  EXPECT_EQ(spines.id, "tier2");
  EXPECT_EQ(spines.kind, GroupKind::Tier);
  EXPECT_EQ(spines.name, "spine tier");
  EXPECT_EQ(spines.summary, "4 switches");
  EXPECT_EQ(spines.tier, 2);
  EXPECT_EQ(names(f, spines.switches),
            (std::set<std::string>{"spine000", "spine001", "spine002", "spine003"}));
  const MapGroup& pod = m.groups[1];
  EXPECT_EQ(pod.id, "pod1");
  EXPECT_EQ(pod.kind, GroupKind::Pod);
  EXPECT_EQ(pod.name, "pod 1");
  EXPECT_EQ(pod.summary, "8 leaves, 32 hosts");
  EXPECT_EQ(pod.tier, 1);
  EXPECT_EQ(pod.switches.size(), 8u);
  EXPECT_EQ(pod.others.size(), 32u);
  EXPECT_EQ(m.find("pod1"), &m.groups[1]);
  EXPECT_EQ(m.find("pod2"), nullptr);
}

// make_fat_tree radix 8, levels 3: half = 4, 16 hosts per pod, 8 * 16 = 128 hosts, 8 pods.
// Pod p (0-based) has agg(4p)..agg(4p+3) and leaf(4p)..leaf(4p+3); every leaf is cabled to
// its pod's 4 aggs, agg a of every pod to cores 4a..4a+3 (16 cores). So: 8 pods of 4 leaves
// + 4 aggregation switches (tier 2) and 16 hosts, and the 16 cores one core tier on top.
// Radix 80, two levels: 80 leaves (leaf000..leaf079) of 40 hosts each under 40 spines, all
// one pod by their uplinks; more than 32 leaves alone split into ceil(80 / 32) = 3 pods of
// leaves [0, 26), [26, 53), [53, 80) in name order (80 / 3 = 26.7, 160 / 3 = 53.3). The
// spines stay a tier: none has its down-neighbours in one pod.
TEST(MapGroupsTest, APodOfMoreThan32LeavesAloneSplitsInNameOrder) {
  Fabric f = test::make_fat_tree({.levels = 2, .radix = 80});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 4u);
  EXPECT_EQ(m.groups[0].id, "tier2");
  EXPECT_EQ(m.groups[0].switches.size(), 40u);
  const std::pair<int, int> ranges[] = {{0, 26}, {26, 53}, {53, 80}};
  for (std::size_t p = 0; p < 3; ++p) {
    const MapGroup& pod = m.groups[p + 1];
    EXPECT_EQ(pod.id, "pod" + std::to_string(p + 1));
    std::set<std::string> expected;
    for (int l = ranges[p].first; l < ranges[p].second; ++l) {
      std::string n = std::to_string(l);
      expected.insert("leaf" + std::string(3 - n.size(), '0') + n);
    }
    EXPECT_EQ(names(f, pod.switches), expected) << pod.id;
    std::size_t leaves = expected.size();
    EXPECT_EQ(pod.summary,
              std::to_string(leaves) + " leaves, " + std::to_string(leaves * 40) + " hosts");
    EXPECT_EQ(pod.others.size(), leaves * 40);
  }
}

TEST(MapGroupsTest, ThreeLevelFatTreeIsOnePodPerAggregationBlockUnderTheCoreTier) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 8});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 9u);
  EXPECT_EQ(m.switch_units, 16u + 8u * 8u);
  EXPECT_EQ(m.groups[0].id, "tier3");
  EXPECT_EQ(m.groups[0].name, "core tier");
  EXPECT_EQ(m.groups[0].summary, "16 switches");
  EXPECT_EQ(m.groups[0].tier, 3);
  for (int p = 0; p < 8; ++p) {
    SCOPED_TRACE(p);
    const MapGroup& pod = m.groups[static_cast<std::size_t>(p) + 1];
    EXPECT_EQ(pod.id, "pod" + std::to_string(p + 1));
    EXPECT_EQ(pod.name, "pod " + std::to_string(p + 1));
    EXPECT_EQ(pod.summary, "4 leaves + 4 spines, 16 hosts");
    EXPECT_EQ(pod.tier, 2);
    std::set<std::string> expected;
    for (int i = 4 * p; i < 4 * p + 4; ++i) {
      std::string n = (i < 10 ? "000" : "00") + std::to_string(i);
      expected.insert("leaf" + n);
      expected.insert("agg" + n);
    }
    EXPECT_EQ(names(f, pod.switches), expected);
    EXPECT_EQ(pod.others.size(), 16u);
  }
}

// radix 36, 10,000 hosts: 18 * 18 = 324 hosts per pod, ceil(10000 / 324) = 31 pods of 18 +
// 18 switches, 324 cores; 1440 switches. The last pod has 10000 - 30 * 324 = 280 hosts (its
// last two leaves none: they are leaves by their neighbours, tiers.hpp).
TEST(MapGroupsTest, TenThousandHostsAreThirtyOnePodsAndACoreTier) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 36, .hosts = 10000});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 32u);
  EXPECT_EQ(m.switch_units, 1440u);
  EXPECT_EQ(m.groups[0].summary, "324 switches");
  for (std::size_t p = 1; p <= 30; ++p) {
    EXPECT_EQ(m.groups[p].id, "pod" + std::to_string(p));
    EXPECT_EQ(m.groups[p].summary, "18 leaves + 18 spines, 324 hosts");
    EXPECT_EQ(m.groups[p].switches.size(), 36u);
  }
  EXPECT_EQ(m.groups[31].id, "pod31");
  EXPECT_EQ(m.groups[31].summary, "18 leaves + 18 spines, 280 hosts");
}

// A 3-level tree of one pod (radix 8, 16 hosts: 4 leaves, their 4 aggs, 16 cores): no second
// pod, so the aggs do not join it; they stay the spine tier, between the cores and the pod.
TEST(MapGroupsTest, ThreeLevelTreeOfOnePodKeepsItsSpineTier) {
  Fabric f = test::make_fat_tree({.levels = 3, .radix = 8, .hosts = 16});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 3u);
  EXPECT_EQ(m.groups[0].name, "core tier");
  EXPECT_EQ(m.groups[0].summary, "16 switches");
  EXPECT_EQ(m.groups[1].name, "spine tier");
  EXPECT_EQ(names(f, m.groups[1].switches),
            (std::set<std::string>{"agg0000", "agg0001", "agg0002", "agg0003"}));
  EXPECT_EQ(m.groups[2].id, "pod1");
  EXPECT_EQ(m.groups[2].summary, "4 leaves, 16 hosts");
}

// leaf0000's cable to agg0000 (leaf port half + 1 = 5) removed: it still reaches agg0001..3,
// and agg0000 still only leaf0001..3, so every group keeps its members.
TEST(MapGroupsTest, ALeafMissingAnUplinkStaysInItsPod) {
  Fabric whole = test::make_fat_tree({.levels = 3, .radix = 8});
  FabricBuilder b = from_fabric(whole);
  NodeId leaf{0};
  for (const Node& n : whole.nodes()) {
    if (n.description == "leaf0000") {
      leaf = whole.id_of(n);
    }
  }
  PortId up = *whole.find_port(leaf, 5);
  ASSERT_EQ(whole.node(whole.node_of(*whole.port(up).peer)).description, "agg0000");
  b.port_data(*whole.port(up).peer).peer.reset();
  b.port_data(up).peer.reset();
  Fabric cut = std::move(b).build();
  MapGroups before = groups_of(whole);
  MapGroups after = groups_of(cut);
  expect_well_formed(cut, after);
  ASSERT_EQ(after.groups.size(), before.groups.size());
  for (std::size_t g = 0; g < before.groups.size(); ++g) {
    EXPECT_EQ(after.groups[g].id, before.groups[g].id);
    EXPECT_EQ(after.groups[g].switches, before.groups[g].switches);
  }
}

TEST(MapGroupsTest, SameFabricSameGroups) {
  Fabric f = test::make_irregular({.switches = 12, .hosts = 40, .routers = 2, .seed = 7});
  MapGroups a = groups_of(f);
  MapGroups b = groups_of(f);
  expect_well_formed(f, a);
  ASSERT_EQ(a.groups.size(), b.groups.size());
  for (std::size_t g = 0; g < a.groups.size(); ++g) {
    EXPECT_EQ(a.groups[g].id, b.groups[g].id);
    EXPECT_EQ(a.groups[g].summary, b.groups[g].summary);
    EXPECT_EQ(a.groups[g].switches, b.groups[g].switches);
    EXPECT_EQ(a.groups[g].others, b.groups[g].others);
  }
  EXPECT_EQ(a.group_of, b.group_of);
}

// A director: spine chips S01, S02 and line chips L01, L02, L03 sharing system image GUID
// 0x1000, each line chip cabled to both spine chips. L01 has hosts h1, h2; L02 is cabled to
// switch edge01, which has hosts h3..h5; L03 has nothing plugged in, but it is a line chip
// (two hops from L01 inside the director), not a spine chip. edge01 has more hosts than the
// chassis, so edge01 is the leaf and the chassis tier 2 (tiers.hpp); one pod, {edge01}.
TEST(MapGroupsTest, ChipsOfOneSystemGuidAreOneChassisOfSpineAndLineChips) {
  test::Sketch s;
  std::vector<NodeId> chips;
  for (const char* slot : {"S01", "S02", "L01", "L02", "L03"}) {
    chips.push_back(s.sw(std::string("MF0;dir1:CS7500/") + slot + "/U1", 0x1001 + chips.size()));
    s.node(chips.back()).system_guid = 0x1000;
  }
  for (std::size_t line = 2; line < 5; ++line) {
    s.cable(chips[line], 1, chips[0], static_cast<int>(line));
    s.cable(chips[line], 2, chips[1], static_cast<int>(line));
  }
  NodeId edge = s.sw("edge01", 0x2001);
  s.cable(chips[3], 10, edge, 1);
  for (int h = 1; h <= 5; ++h) {
    NodeId host = s.ca("h" + std::to_string(h) + " HCA-1", 0x3000 + 0x10 * static_cast<Guid>(h));
    if (h <= 2) {
      s.cable(host, 1, chips[2], 9 + h);
    } else {
      s.cable(host, 1, edge, h);
    }
  }
  Fabric f = s.build();
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 2u);
  const MapGroup& chassis = m.groups[0];
  EXPECT_EQ(chassis.kind, GroupKind::Chassis);
  EXPECT_EQ(chassis.id, "chassis-0000000000001001");
  EXPECT_EQ(chassis.name, "dir1");
  EXPECT_EQ(chassis.summary, "5 ASICs: 2 spine + 3 line, 2 hosts");
  EXPECT_EQ(chassis.tier, 2);
  EXPECT_EQ(chassis.switches, chips);
  EXPECT_EQ(names(f, chassis.others), (std::set<std::string>{"h1", "h2"}));
  EXPECT_EQ(m.groups[1].id, "pod1");
  EXPECT_EQ(m.groups[1].summary, "1 leaf, 3 hosts");
  EXPECT_EQ(names(f, m.groups[1].others), (std::set<std::string>{"h3", "h4", "h5"}));
  EXPECT_EQ(m.switch_units, 2u);
}

// Two switches with two hosts each, cabled to each other: both are leaves (neither has more
// hosts), and neither has a switch above it: one pod of both, not two pods of one.
TEST(MapGroupsTest, LeavesWithoutUplinksShareOnePod) {
  test::Sketch s;
  NodeId a = s.sw("a1", 0x101);
  NodeId b = s.sw("a2", 0x102);
  s.cable(a, 1, b, 1);
  for (int h = 0; h < 4; ++h) {
    s.cable(s.ca("n" + std::to_string(h), 0x200 + 0x10 * static_cast<Guid>(h)), 1, h < 2 ? a : b,
            2 + h);
  }
  Fabric f = s.build();
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 1u);
  EXPECT_EQ(m.groups[0].id, "pod1");
  EXPECT_EQ(m.groups[0].summary, "2 leaves, 4 hosts");
  EXPECT_EQ(m.groups[0].tier, 1);
}

// Six switches in a ring sw1-sw2-...-sw6-sw1 and no host cabled to a switch: no tiers. sw1
// and sw2 each have a router (the edge role), sw3..sw6 none: one connected group per role,
// numbered in the order of their first switch's name. sw7 has no cable: a group of its own.
// Two CAs cabled only to each other reach no switch: in no group.
TEST(MapGroupsTest, SwitchesWithoutATierFallBackToConnectedGroupsByRole) {
  test::Sketch s;
  std::vector<NodeId> sw;
  for (int i = 1; i <= 7; ++i) {
    sw.push_back(s.sw("sw" + std::to_string(i), 0x100 + static_cast<Guid>(i)));
  }
  for (std::size_t i = 0; i < 6; ++i) {
    s.cable(sw[i], 1, sw[(i + 1) % 6], 2);
  }
  for (std::size_t r = 0; r < 2; ++r) {
    NodeId router = s.ca("gw" + std::to_string(r + 1), 0x200 + 0x10 * r);
    s.node(router).type = NodeType::Router;
    s.cable(router, 1, sw[r], 10);
  }
  s.cable(s.ca("lonely1 HCA-1", 0x301), 1, s.ca("lonely2 HCA-1", 0x311), 1);
  Fabric f = s.build();
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 3u);
  std::vector<std::set<std::string>> members = {
      {"sw1", "sw2", "gw1", "gw2"}, {"sw3", "sw4", "sw5", "sw6"}, {"sw7"}};
  std::vector<std::string> summaries = {"2 switches", "4 switches", "1 switch"};
  for (std::size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(m.groups[g].id, "group" + std::to_string(g + 1));
    EXPECT_EQ(m.groups[g].name, "group " + std::to_string(g + 1));
    EXPECT_EQ(m.groups[g].kind, GroupKind::Connected);
    EXPECT_FALSE(m.groups[g].tier.has_value());
    EXPECT_EQ(m.groups[g].summary, summaries[g]);
    std::set<std::string> all = names(f, m.groups[g].switches);
    all.merge(names(f, m.groups[g].others));
    EXPECT_EQ(all, members[g]);
  }
}

// make_irregular without hosts: 8 switches joined by a random spanning tree (plus extra
// cables), no CA at all: no tiers, one role, one connected group of all 8.
TEST(MapGroupsTest, HostlessIrregularFabricIsOneConnectedGroup) {
  Fabric f = test::make_irregular({.hosts = 0, .dual_port_hosts = 0});
  MapGroups m = groups_of(f);
  expect_well_formed(f, m);
  ASSERT_EQ(m.groups.size(), 1u);
  EXPECT_EQ(m.groups[0].id, "group1");
  EXPECT_EQ(m.groups[0].summary, "8 switches");
  EXPECT_FALSE(m.groups[0].tier.has_value());
}

}  // namespace
}  // namespace ibatlas
