// fold_into_groups and group_view on a hand-built detailed model and hand-built groups, so
// every expected value can be worked out from the picture below (no fabric, no layout).
//
//   groups: tier2 "spine tier" {S1, S2}   pod1 "pod 1" {L1, L2; hosts 6, 7}
//           pod2 "pod 2" {L3; host 8}     node 9 (X) in no group; node 5 drawn nowhere
//   boxes:  0 S1  1 S2 (tier 2)   2 L1 (warning, 1 finding)  3 L2  4 L3 (tier 1)
//           5 node1–node2 ×2 (hosts 6, 7)  6 node3 (host 8)  7 X (host 9, tier 0)
//   lines:  e0 S1–L1 ×2 4xHDR   e1 S1–L1 1xHDR (error, 1 finding)   e2 S2–L2 ×3 4xHDR
//           e3 S1–L3 4xHDR      e4 L1–L2 4xEDR (warning, 1 finding) e5 L1–H1 ×2 4xHDR
//           e6 L3–node3         e7 S2–L1 4xNDR                      e8 node3–X

#include "ibatlas/render/overview.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/render/map_dot.hpp"

#include "support/text_count.hpp"

namespace ibatlas {
namespace {

RenderNode box(std::string label, BoxKind kind, std::optional<int> tier,
               std::vector<std::uint32_t> members) {
  RenderNode n{.id = "n" + label, .kind = kind, .label = label, .tooltip = {label}, .tier = tier};
  for (std::uint32_t m : members) {
    n.members.push_back(NodeId{m});
  }
  return n;
}

RenderEdge line(std::size_t upper, std::size_t lower, std::vector<std::uint32_t> cables,
                LinkWidth width, LinkSpeed speed) {
  RenderEdge e{.upper = upper, .lower = lower, .width = width, .speed = speed};
  for (std::uint32_t c : cables) {
    e.cables.push_back(PortId{c});
    e.cable_lines.push_back("cable " + std::to_string(c));
  }
  e.count = cables.size();
  return e;
}

RenderModel detailed() {
  RenderModel m;
  m.title = "sample";
  m.notes = {"warning fat_tree.shape: irregular"};
  m.nodes = {
      box("S1", BoxKind::Switch, 2, {0}),  box("S2", BoxKind::Switch, 2, {1}),
      box("L1", BoxKind::Switch, 1, {2}),  box("L2", BoxKind::Switch, 1, {3}),
      box("L3", BoxKind::Switch, 1, {4}),  box("node1–node2 ×2", BoxKind::HostGroup, 0, {6, 7}),
      box("node3", BoxKind::Host, 0, {8}), box("X", BoxKind::Host, 0, {9})};
  m.nodes[2].tooltip.push_back("port 5: warning port.down: down");
  m.nodes[2].findings = 1;
  m.nodes[2].highlight = Highlight::Warning;
  m.edges = {line(0, 2, {10, 11}, LinkWidth::X4, LinkSpeed::Hdr),
             line(0, 2, {12}, LinkWidth::X1, LinkSpeed::Hdr),
             line(1, 3, {13, 14, 15}, LinkWidth::X4, LinkSpeed::Hdr),
             line(0, 4, {16}, LinkWidth::X4, LinkSpeed::Hdr),
             line(2, 3, {17}, LinkWidth::X4, LinkSpeed::Edr),
             line(2, 5, {18, 19}, LinkWidth::X4, LinkSpeed::Hdr),
             line(4, 6, {20}, LinkWidth::X4, LinkSpeed::Hdr),
             line(1, 2, {21}, LinkWidth::X4, LinkSpeed::Ndr),
             line(6, 7, {23}, LinkWidth::X4, LinkSpeed::Hdr)};
  m.edges[1].tooltip = {"error link.degraded: 1x"};
  m.edges[1].findings = 1;
  m.edges[1].highlight = Highlight::Error;
  m.edges[4].tooltip = {"warning link.speed: slow"};
  m.edges[4].findings = 1;
  m.edges[4].highlight = Highlight::Warning;
  m.box_of = {0, 1, 2, 3, 4, std::nullopt, 5, 5, 6, 7};
  for (std::size_t e = 0; e < m.edges.size(); ++e) {
    for (PortId c : m.edges[e].cables) {
      m.edge_of[c.value] = e;
    }
  }
  return m;
}

MapGroup group(std::string id, std::string name, std::string summary, int tier,
               std::vector<std::uint32_t> switches) {
  MapGroup g{.id = std::move(id), .kind = GroupKind::Pod, .name = name, .summary = summary};
  g.tier = tier;
  for (std::uint32_t s : switches) {
    g.switches.push_back(NodeId{s});
  }
  return g;
}

MapGroups groups() {
  MapGroups g;
  g.groups = {group("tier2", "spine tier", "2 spines", 2, {0, 1}),
              group("pod1", "pod 1", "2 leaves, 2 hosts", 1, {2, 3}),
              group("pod2", "pod 2", "1 leaf, 1 host", 1, {4})};
  g.groups[0].kind = GroupKind::Tier;
  g.groups[1].others = {NodeId{6}, NodeId{7}};
  g.groups[2].others = {NodeId{8}};
  g.group_of = {0, 0, 1, 1, 2, std::nullopt, 1, 1, 2, std::nullopt};
  return g;
}

const RenderNode* find_box(const RenderModel& m, const std::string& id) {
  for (const RenderNode& n : m.nodes) {
    if (n.id == id) {
      return &n;
    }
  }
  return nullptr;
}

std::vector<std::string> ids(const RenderModel& m) {
  std::vector<std::string> out;
  for (const RenderNode& n : m.nodes) {
    out.push_back(n.id);
  }
  return out;
}

TEST(OverviewTest, EveryGroupIsOneBoxAndBoxesOfNoGroupStay) {
  RenderModel m = fold_into_groups(detailed(), groups(), {});
  EXPECT_EQ(ids(m), (std::vector<std::string>{"Gtier2", "Gpod1", "Gpod2", "nX"}));
  EXPECT_EQ(m.nodes[0].kind, BoxKind::Group);
  EXPECT_EQ(m.nodes[0].tier, 2);
  EXPECT_EQ(m.nodes[1].tier, 1);
  EXPECT_EQ(m.nodes[0].label, "spine tier\n2 spines");
  EXPECT_EQ(m.nodes[2].label, "pod 2\n1 leaf, 1 host");
  std::vector<std::string> group_ids;
  for (const RenderNode& n : m.nodes) {
    group_ids.push_back(n.group);
  }
  EXPECT_EQ(group_ids, (std::vector<std::string>{"tier2", "pod1", "pod2", ""}));
  EXPECT_EQ(m.nodes[1].members, (std::vector<NodeId>{NodeId{2}, NodeId{3}, NodeId{6}, NodeId{7}}));
  EXPECT_EQ(m.title, "sample");
  EXPECT_EQ(m.notes, detailed().notes);
  EXPECT_EQ(m.layout, RenderLayout::Tiers);
  EXPECT_GE(m.row_limit, 1u);
}

TEST(OverviewTest, AGroupCarriesItsMembersAndInsideLinesFindings) {
  RenderModel m = fold_into_groups(detailed(), groups(), {});
  const RenderNode& pod1 = m.nodes[1];
  // L1's finding and the one on the L1-L2 cable inside the pod; the worst is a warning.
  EXPECT_EQ(pod1.findings, 2u);
  EXPECT_EQ(pod1.highlight, Highlight::Warning);
  EXPECT_EQ(pod1.label, "pod 1\n2 leaves, 2 hosts\n2 findings");
  EXPECT_EQ(pod1.tooltip, (std::vector<std::string>{
                              "pod 1: 2 leaves, 2 hosts (group pod1)", "L1", "L2", "node1–node2 ×2",
                              "3 cables inside (not drawn)", "L1: port 5: warning port.down: down",
                              "cable 17: warning link.speed: slow"}));
  EXPECT_EQ(m.nodes[2].highlight, Highlight::None);
  EXPECT_EQ(m.nodes[2].findings, 0u);
  EXPECT_EQ(m.nodes[2].tooltip,
            (std::vector<std::string>{"pod 2: 1 leaf, 1 host (group pod2)", "L3", "node3",
                                      "1 cable inside (not drawn)"}));
}

TEST(OverviewTest, OneBundlePerPairOfBoxesWithTheMajorityRateAndTheSlowerCounted) {
  RenderModel m = fold_into_groups(detailed(), groups(), {});
  ASSERT_EQ(m.edges.size(), 3u);
  // tier2-pod1: e0 (2), e1 (1, 1xHDR), e2 (3), e7 (1, 4xNDR: faster, not counted).
  const RenderEdge& spines = m.edges[0];
  EXPECT_EQ(spines.upper, 0u);
  EXPECT_EQ(spines.lower, 1u);
  EXPECT_EQ(spines.count, 7u);
  EXPECT_EQ(spines.width, LinkWidth::X4);
  EXPECT_EQ(spines.speed, LinkSpeed::Hdr);
  EXPECT_EQ(spines.highlight, Highlight::Error);
  EXPECT_EQ(spines.findings, 1u);
  EXPECT_EQ(spines.tooltip,
            (std::vector<std::string>{"+1 slower: 1xHDR ×1", "cable 12: error link.degraded: 1x"}));
  EXPECT_EQ(spines.cables.size(), 7u);
  EXPECT_EQ(m.edges[1].count, 1u);  // tier2-pod2: e3
  EXPECT_TRUE(m.edges[1].tooltip.empty());
  EXPECT_EQ(m.edges[2].upper, 2u);  // pod2 (tier 1) above X (tier 0): e8
  EXPECT_EQ(m.edges[2].lower, 3u);
}

TEST(OverviewTest, ABundleHangsFromItsHigherTierBoxWhateverTheOrder) {
  MapGroups g = groups();
  std::rotate(g.groups.begin(), g.groups.begin() + 1, g.groups.end());  // pod1, pod2, tier2
  for (std::optional<std::size_t>& of : g.group_of) {
    if (of) {
      of = (*of + 2) % 3;
    }
  }
  RenderModel m = fold_into_groups(detailed(), g, {});
  EXPECT_EQ(ids(m), (std::vector<std::string>{"Gpod1", "Gpod2", "Gtier2", "nX"}));
  ASSERT_EQ(m.edges.size(), 3u);
  EXPECT_EQ(m.edges[0].upper, 2u);  // tier2 above pod1
  EXPECT_EQ(m.edges[0].lower, 0u);
  EXPECT_EQ(m.edges[0].count, 7u);
}

TEST(OverviewTest, TheBundleLabelNamesTheSlowerCables) {
  RenderModel m = fold_into_groups(detailed(), groups(), {});
  std::string dot = map_dot(m);
  EXPECT_NE(dot.find("xlabel=\"×7 4xHDR +1 slower\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("\"Gpod1\" [id=\"Gpod1\""), std::string::npos);
}

TEST(OverviewTest, EdgeOfAndBoxOfPointIntoTheOverview) {
  RenderModel m = fold_into_groups(detailed(), groups(), {});
  std::vector<std::optional<std::size_t>> expected = {0, 0, 1, 1, 2, std::nullopt, 1, 1, 2, 3};
  EXPECT_EQ(m.box_of, expected);
  std::unordered_map<std::uint32_t, std::size_t> edges = {
      {10, 0}, {11, 0}, {12, 0}, {13, 0}, {14, 0}, {15, 0}, {21, 0}, {16, 1}, {23, 2}};
  EXPECT_EQ(m.edge_of, edges);  // 17-20 are inside pods: not drawn
}

TEST(OverviewTest, AnExpandedGroupKeepsItsDetailedBoxesAndLines) {
  RenderModel m = fold_into_groups(detailed(), groups(), {"pod1"});
  EXPECT_EQ(ids(m),
            (std::vector<std::string>{"Gtier2", "nL1", "nL2", "nnode1–node2 ×2", "Gpod2", "nX"}));
  EXPECT_EQ(find_box(m, "nL1")->group, "pod1");
  EXPECT_EQ(find_box(m, "nL1")->highlight, Highlight::Warning);
  // tier2-L1: e0, e1, e7 (4 cables); tier2-L2: e2; tier2-pod2: e3; e4 and e5 as they were.
  ASSERT_EQ(m.edges.size(), 6u);
  EXPECT_EQ(m.edges[0].count, 4u);
  EXPECT_EQ(m.edges[0].tooltip[0], "+1 slower: 1xHDR ×1");
  EXPECT_EQ(m.edges[1].count, 3u);
  EXPECT_EQ(m.edges[2].lower, 4u);
  EXPECT_EQ(m.edges[3].speed, LinkSpeed::Edr);
  EXPECT_EQ(m.edges[3].tooltip, (std::vector<std::string>{"warning link.speed: slow"}));
  EXPECT_EQ(m.edges[3].upper, 1u);
  EXPECT_EQ(m.edges[3].lower, 2u);
  EXPECT_EQ(m.edge_of.at(17), 3u);
  EXPECT_EQ(m.edge_of.at(18), 4u);
  EXPECT_EQ(m.box_of[6], 3u);
  EXPECT_EQ(m.row_limit, 0u);  // detailed switches: one row per tier, as the detailed map
}

TEST(OverviewTest, AllIsTheDetailedModelWithGroupIds) {
  RenderModel d = detailed();
  RenderModel m = fold_into_groups(d, groups(), {"all"});
  EXPECT_EQ(ids(m), ids(d));
  EXPECT_EQ(m.edges.size(), d.edges.size());
  EXPECT_EQ(m.box_of, d.box_of);
  EXPECT_EQ(m.row_limit, 0u);
  std::vector<std::string> group_ids;
  for (const RenderNode& n : m.nodes) {
    group_ids.push_back(n.group);
  }
  EXPECT_EQ(group_ids, (std::vector<std::string>{"tier2", "tier2", "pod1", "pod1", "pod2", "pod1",
                                                 "pod2", ""}));
}

TEST(OverviewTest, AnUnknownIdIsAnErrorNamingTheKnownOnes) {
  try {
    fold_into_groups(detailed(), groups(), {"pod1", "pod9"});
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("pod9"), std::string::npos) << what;
    EXPECT_NE(what.find("tier2, pod1, pod2"), std::string::npos) << what;
  }
}

TEST(OverviewTest, AGroupWithoutATierMakesASpringLayoutWithoutRows) {
  MapGroups g = groups();
  g.groups[2].tier.reset();
  RenderModel m = fold_into_groups(detailed(), g, {});
  EXPECT_EQ(m.layout, RenderLayout::Spring);
  EXPECT_EQ(m.row_limit, 0u);
}

TEST(OverviewTest, OneFindingIsSingular) {
  RenderModel d = detailed();
  d.edges[4].tooltip.clear();
  d.edges[4].findings = 0;
  d.edges[4].highlight = Highlight::None;
  RenderModel m = fold_into_groups(d, groups(), {});
  EXPECT_EQ(m.nodes[1].label, "pod 1\n2 leaves, 2 hosts\n1 finding");
}

TEST(OverviewTest, ATieBetweenRatesGoesToTheFasterAndTheOtherIsSlower) {
  RenderModel d = detailed();
  d.edges[7].cables = {PortId{21}, PortId{22}};  // e7: two 4xNDR cables
  d.edges[7].cable_lines = {"cable 21", "cable 22"};
  d.edges[7].count = 2;
  RenderModel m = fold_into_groups(d, groups(), {"pod1"});
  // tier2-L1: 4xHDR ×2, 1xHDR ×1, 4xNDR ×2: NDR wins the tie; HDR and 1xHDR are slower.
  EXPECT_EQ(m.edges[0].speed, LinkSpeed::Ndr);
  EXPECT_EQ(m.edges[0].tooltip[0], "+3 slower: 1xHDR ×1, 4xHDR ×2");
}

TEST(OverviewTest, GroupViewOpensOneGroupWithTheGroupsCabledToIt) {
  RenderModel m = group_view(detailed(), groups(), 1);  // pod1; pod2 and X are not cabled to it
  EXPECT_EQ(ids(m), (std::vector<std::string>{"Gtier2", "nL1", "nL2", "nnode1–node2 ×2"}));
  ASSERT_EQ(m.edges.size(), 4u);
  EXPECT_EQ(m.edges[0].count, 4u);  // tier2-L1: e0, e1, e7
  EXPECT_EQ(m.edges[1].count, 3u);  // tier2-L2: e2
  EXPECT_EQ(m.edges[2].cables, (std::vector<PortId>{PortId{17}}));
  EXPECT_EQ(m.edges[3].cables, (std::vector<PortId>{PortId{18}, PortId{19}}));
  std::vector<std::optional<std::size_t>> boxes = {
      0, 0, 1, 2, std::nullopt, std::nullopt, 3, 3, std::nullopt, std::nullopt};
  EXPECT_EQ(m.box_of, boxes);
  EXPECT_EQ(m.edge_of.size(), 10u);
  EXPECT_FALSE(m.edge_of.contains(16));  // tier2-pod2: neither end in pod1
  EXPECT_EQ(m.row_limit, 0u);
}

TEST(OverviewTest, GroupViewOfAPodShowsOnlyItsNeighbours) {
  RenderModel m = group_view(detailed(), groups(), 2);  // pod2: cabled to tier2 and to X
  EXPECT_EQ(ids(m), (std::vector<std::string>{"Gtier2", "nL3", "nnode3"}));
  ASSERT_EQ(m.edges.size(), 2u);
  EXPECT_EQ(m.edges[0].cables, (std::vector<PortId>{PortId{16}}));
  EXPECT_EQ(m.edges[1].cables, (std::vector<PortId>{PortId{20}}));
  EXPECT_EQ(m.nodes[0].tooltip,
            (std::vector<std::string>{"spine tier: 2 spines (group tier2)", "S1", "S2"}));
}

// A tier of 40 pods under one core box, as fold_into_groups makes it.
RenderModel wide_overview(std::size_t row_limit) {
  RenderModel m;
  m.nodes.push_back(box("core", BoxKind::Group, 3, {0}));
  for (std::uint32_t p = 1; p <= 40; ++p) {
    m.nodes.push_back(box("pod" + std::to_string(p), BoxKind::Group, 2, {p}));
    m.edges.push_back(line(0, p, {p}, LinkWidth::X4, LinkSpeed::Hdr));
  }
  m.row_limit = row_limit;
  return m;
}

TEST(OverviewDotTest, ATierWiderThanTheRowLimitWrapsIntoRowsInOrder) {
  std::string dot = map_dot(wide_overview(8));
  EXPECT_EQ(test::count_of(dot, "rank=same"), 6u);  // core, then 40 pods in 5 rows of 8
  EXPECT_NE(dot.find("{ rank=same; \"npod1\"; \"npod2\"; \"npod3\"; \"npod4\"; \"npod5\"; "
                     "\"npod6\"; \"npod7\"; \"npod8\"; }"),
            std::string::npos);
  // Each pod after the first of its row right of the one before (5 rows x 7), each pod of
  // rows 2-5 under the one above (32).
  EXPECT_EQ(test::count_of(dot, "style=invis"), 35u + 32u);
  EXPECT_NE(dot.find("\"npod1\" -> \"npod2\" [style=invis]"), std::string::npos);
  EXPECT_EQ(dot.find("\"npod8\" -> \"npod9\" [style=invis]"), std::string::npos);
  EXPECT_NE(dot.find("\"npod1\" -> \"npod9\" [style=invis]"), std::string::npos);
  EXPECT_NE(dot.find("\"npod32\" -> \"npod40\" [style=invis]"), std::string::npos);
  EXPECT_NE(dot.find("\"npod39\" -> \"npod40\" [style=invis]"), std::string::npos);
  // The model's group font (fold_into_groups sizes it) on every group box, and only there.
  EXPECT_EQ(test::count_of(dot, "fontsize=20"), 41u);
  RenderModel larger = wide_overview(8);
  larger.group_font = 23;
  EXPECT_EQ(test::count_of(map_dot(larger), "fontsize=23"), 41u);
}

TEST(OverviewDotTest, NoRowLimitIsOneRowPerTier) {
  std::string dot = map_dot(wide_overview(0));
  EXPECT_EQ(test::count_of(dot, "rank=same"), 2u);
  EXPECT_EQ(test::count_of(dot, "style=invis"), 0u);
}

TEST(OverviewDotTest, NotesPastTheLegendsLimitStillNameTheirChecks) {
  RenderModel m = wide_overview(8);
  for (int i = 0; i < 14; ++i) {
    m.notes.push_back("warning check" + std::to_string(i) + ": text");
  }
  std::string dot = map_dot(m);
  EXPECT_NE(dot.find("… and 2 more notes"), std::string::npos);
  // The graph's tooltip holds them all.
  EXPECT_NE(dot.find("tooltip=\"\\nwarning check0: text\\n"), std::string::npos) << dot;
  EXPECT_NE(dot.find("\\nwarning check13: text\""), std::string::npos);
}

TEST(OverviewTest, AWideTierGetsARowLimitBetweenOneAndItsWidth) {
  MapGroups g;
  g.groups.push_back(group("tier3", "core tier", "18 switches", 3, {0}));
  RenderModel d;
  d.nodes.push_back(box("C", BoxKind::Switch, 3, {0}));
  g.group_of = {0};
  for (std::uint32_t p = 1; p <= 40; ++p) {
    g.groups.push_back(group("pod" + std::to_string(p), "pod " + std::to_string(p),
                             "36 switches, 324 hosts", 2, {p}));
    g.group_of.push_back(p);
    d.nodes.push_back(box("A" + std::to_string(p), BoxKind::Switch, 2, {p}));
    d.edges.push_back(line(0, p, {p}, LinkWidth::X4, LinkSpeed::Hdr));
    d.box_of.push_back(p);
  }
  d.box_of.insert(d.box_of.begin(), 0);
  RenderModel m = fold_into_groups(d, g, {});
  ASSERT_EQ(m.nodes.size(), 41u);
  // 40 labels of 22 characters at 20 pt are ~290 pt each: one row would be ~40 times wider
  // than tall, a column ~40 times taller than wide.
  EXPECT_GT(m.row_limit, 2u);
  EXPECT_LT(m.row_limit, 20u);
}

}  // namespace
}  // namespace ibatlas
