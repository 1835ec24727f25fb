// The cabling matrix on generated fat-trees (support/fabric_generators.cpp) with cables
// removed, added and slowed, against the majority and a plan, with findings. Expected cells
// come from the generators' wiring:
//   2 levels, radix 8: 8 leaves (4 hosts each), 4 spines; leaf l port 5 + u <-> spine u
//     port l + 1, one cable per leaf-spine pair.
//   3 levels, radix 8, 44 hosts: 3 pods of 4 leaves and 4 aggregation switches, 16 cores;
//     leaf l of pod p port 5 + a <-> agg 4p + a port l + 1; agg 4p + a port 5 + u <-> core
//     4a + u port p + 1. leaf0011 has no host (44 = 11 leaves × 4): ports 1-4 are free.
// MapGroups are built by hand (pods by name), independent of compute_map_groups.

#include "ibatlas/render/cabling_matrix.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"

#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

Fabric two_level() {
  return test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 8});
}

Fabric three_level() {
  return test::make_fat_tree(test::FatTreeSpec{.levels = 3, .radix = 8, .hosts = 44});
}

NodeId named(const Fabric& f, const std::string& name) {
  for (const Node& n : f.nodes()) {
    if (n.description == name) {
      return f.id_of(n);
    }
  }
  ADD_FAILURE() << "no node " << name;
  return NodeId{};
}

// Switches grouped by `group_of_name` (groups in order of first appearance).
MapGroups groups_by(const Fabric& f,
                    const std::function<std::string(const std::string&)>& group_of_name) {
  MapGroups g;
  g.group_of.resize(f.nodes().size());
  for (const Node& n : f.nodes()) {
    if (n.type != NodeType::Switch) {
      continue;
    }
    std::string name = group_of_name(n.description);
    auto it = std::find_if(g.groups.begin(), g.groups.end(),
                           [&name](const MapGroup& m) { return m.name == name; });
    if (it == g.groups.end()) {
      g.groups.push_back(MapGroup{name, GroupKind::Pod, name, "", std::nullopt, {}, {}});
      it = g.groups.end() - 1;
    }
    it->switches.push_back(f.id_of(n));
    g.group_of[f.id_of(n).value] = static_cast<std::size_t>(it - g.groups.begin());
  }
  return g;
}

// 3-level: leafNNNN and aggNNNN in "pod <NNNN / 4 + 1>", cores in "core tier".
MapGroups pods(const Fabric& f) {
  return groups_by(f, [](const std::string& name) {
    if (name.starts_with("core")) {
      return std::string("core tier");
    }
    int n = std::stoi(name.substr(name.starts_with("leaf") ? 4 : 3));
    return "pod " + std::to_string(n / 4 + 1);
  });
}

MapGroups one_group(const Fabric& f) {
  return groups_by(f, [](const std::string&) { return std::string("all"); });
}

std::vector<CablingMatrix> matrices(const Fabric& f, const MapGroups& g,
                                    std::span<const Finding> findings = {},
                                    const CablingPlan* plan = nullptr) {
  return build_cabling_matrices(f, infer_tiers(f), g, findings, plan);
}

Fabric without_cable(const Fabric& f, const std::string& node, std::uint8_t port) {
  FabricBuilder b = from_fabric(f);
  PortId a = *b.find_port(named(f, node), port);
  PortId z = *b.port_data(a).peer;
  for (PortId p : {a, z}) {
    b.port_data(p).peer.reset();
    b.port_data(p).state = PortState::Down;
  }
  return std::move(b).build();
}

// A cable at `width` x `speed`; ports beyond a node's count are added.
Fabric with_cable(const Fabric& f, const std::string& x, std::uint8_t px, const std::string& y,
                  std::uint8_t py, LinkWidth width = LinkWidth::X4,
                  LinkSpeed speed = LinkSpeed::Hdr) {
  FabricBuilder b = from_fabric(f);
  PortId a = b.port(named(f, x), px);
  PortId z = b.port(named(f, y), py);
  for (auto [node, port, id] : {std::tuple(named(f, x), px, a), std::tuple(named(f, y), py, z)}) {
    b.node(node).port_count = std::max(b.node(node).port_count, port);
    b.port_data(id).state = PortState::Active;
    b.port_data(id).width_active = width;
    b.port_data(id).speed_active = speed;
  }
  b.connect(a, z);
  return std::move(b).build();
}

const MatrixCell* cell_at(const CablingMatrix& m, std::size_t row, std::size_t column) {
  auto it = std::find_if(m.cells.begin(), m.cells.end(), [row, column](const MatrixCell& c) {
    return c.row == row && c.column == column;
  });
  return it == m.cells.end() ? nullptr : &*it;
}

std::size_t count_state(const CablingMatrix& m, CellState s) {
  return static_cast<std::size_t>(std::count_if(m.cells.begin(), m.cells.end(),
                                                [s](const MatrixCell& c) { return c.state == s; }));
}

TEST(CablingMatrixTest, TwoLevelTreeHasOneExpectedCablePerLeafSpinePair) {
  Fabric f = two_level();
  std::vector<CablingMatrix> ms = matrices(f, one_group(f));
  ASSERT_EQ(ms.size(), 1u);
  const CablingMatrix& m = ms[0];
  EXPECT_EQ(m.title, "leaf × spine");
  EXPECT_EQ(m.expectation, "the majority of each pod × group block");
  ASSERT_EQ(m.rows.size(), 8u);
  ASSERT_EQ(m.columns.size(), 4u);
  EXPECT_EQ(m.rows.front() + " " + m.rows.back() + " " + m.columns.back(),
            "leaf000 leaf007 spine003");
  EXPECT_EQ(m.row_groups.front(), "all");
  ASSERT_EQ(m.cells.size(), 32u);
  for (std::size_t i = 0; i < m.cells.size(); ++i) {
    const MatrixCell& c = m.cells[i];
    EXPECT_EQ(c.row, i / 4);  // row-major
    EXPECT_EQ(c.column, i % 4);
    EXPECT_EQ(c.cables, 1u);
    EXPECT_EQ(c.expected, 1u);
    EXPECT_EQ(c.state, CellState::Expected);
    EXPECT_EQ(c.width, LinkWidth::X4);
    EXPECT_EQ(c.speed, LinkSpeed::Hdr);
    EXPECT_EQ(c.highlight, Highlight::None);
  }
  const MatrixCell* c = cell_at(m, 2, 3);
  ASSERT_NE(c, nullptr);
  ASSERT_GE(c->tooltip.size(), 3u);
  EXPECT_EQ(c->tooltip[0], "leaf002 × spine003: 1 of 1 cable, 4xHDR");
  EXPECT_EQ(c->tooltip[1], "as expected");
  EXPECT_EQ(c->tooltip[2], "leaf002 port 8 — spine003 port 3, 4xHDR");
}

TEST(CablingMatrixTest, RemovingTheOnlyCableOfAPairMakesItMissing) {
  Fabric f = without_cable(two_level(), "leaf003", 6);  // leaf003 -> spine001
  std::vector<CablingMatrix> ms = matrices(f, one_group(f));
  ASSERT_EQ(ms.size(), 1u);
  ASSERT_EQ(ms[0].cells.size(), 32u);
  const MatrixCell* c = cell_at(ms[0], 3, 1);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->state, CellState::Missing);
  EXPECT_EQ(c->cables, 0u);
  EXPECT_EQ(c->expected, 1u);
  EXPECT_EQ(c->tooltip[0], "leaf003 × spine001: 0 of 1 cable");
  EXPECT_EQ(c->tooltip[1], "missing: expected 1 cable at 4xHDR");
  EXPECT_EQ(count_state(ms[0], CellState::Expected), 31u);
}

// Two leaves and two spines, `parallel` cables between every leaf and spine, a host each.
Fabric parallel_cables(int parallel) {
  FabricBuilder b;
  std::vector<NodeId> ids;
  const char* names[] = {"leaf1", "leaf2", "spine1", "spine2", "host1", "host2"};
  for (std::size_t i = 0; i < 6; ++i) {
    Node n;
    n.type = i < 4 ? NodeType::Switch : NodeType::Ca;
    n.guid = 0x100 + i;
    n.description = names[i];
    n.port_count = 8;
    ids.push_back(b.add_node(n));
  }
  auto cable = [&b](NodeId x, int px, NodeId y, int py) {
    PortId a = b.port(x, static_cast<std::uint8_t>(px));
    PortId z = b.port(y, static_cast<std::uint8_t>(py));
    for (PortId p : {a, z}) {
      b.port_data(p).width_active = LinkWidth::X4;
      b.port_data(p).speed_active = LinkSpeed::Hdr;
    }
    b.connect(a, z);
  };
  for (int l = 0; l < 2; ++l) {
    NodeId leaf = ids.at(static_cast<std::size_t>(l));
    cable(ids.at(static_cast<std::size_t>(4 + l)), 1, leaf, 1);
    for (int s = 0; s < 2; ++s) {
      for (int k = 0; k < parallel; ++k) {
        cable(leaf, 2 + s * parallel + k, ids.at(static_cast<std::size_t>(2 + s)),
              1 + l * parallel + k);
      }
    }
  }
  return std::move(b).build();
}

TEST(CablingMatrixTest, RemovingOneOfTwoCablesDegradesThePair) {
  Fabric f = without_cable(parallel_cables(2), "leaf2", 4);  // leaf2 ports 4, 5 -> spine2
  std::vector<CablingMatrix> ms = matrices(f, one_group(f));
  ASSERT_EQ(ms.size(), 1u);
  ASSERT_EQ(ms[0].cells.size(), 4u);
  const MatrixCell* c = cell_at(ms[0], 1, 1);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->state, CellState::Degraded);
  EXPECT_EQ(c->cables, 1u);
  EXPECT_EQ(c->expected, 2u);
  EXPECT_EQ(c->tooltip[1], "degraded: expected 2 cables at 4xHDR");
  EXPECT_EQ(count_state(ms[0], CellState::Expected), 3u);
  EXPECT_EQ(cell_at(ms[0], 0, 1)->cables, 2u);
}

TEST(CablingMatrixTest, ASlowerOrNarrowerCableDegradesItsPair) {
  using Case = std::pair<LinkWidth, LinkSpeed>;
  for (auto [width, speed] :
       {Case{LinkWidth::X4, LinkSpeed::Edr}, Case{LinkWidth::X1, LinkSpeed::Hdr}}) {
    Fabric f = with_cable(without_cable(two_level(), "leaf002", 7), "leaf002", 7, "spine002", 3,
                          width, speed);
    std::vector<CablingMatrix> ms = matrices(f, one_group(f));
    ASSERT_EQ(ms.size(), 1u);
    const MatrixCell* c = cell_at(ms[0], 2, 2);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->state, CellState::Degraded);
    EXPECT_EQ(c->width, width);
    EXPECT_EQ(c->speed, speed);
    EXPECT_EQ(c->cables, 1u);
    EXPECT_EQ(count_state(ms[0], CellState::Expected), 31u);
  }
}

TEST(CablingMatrixTest, ThreeLevelTreeGivesLeafSpineAndSpineCoreMatrices) {
  Fabric f = three_level();
  std::vector<CablingMatrix> ms = matrices(f, pods(f));
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].title, "leaf × spine");
  EXPECT_EQ(ms[1].title, "spine × core");
  EXPECT_EQ(ms[0].rows.size(), 12u);
  EXPECT_EQ(ms[0].columns.size(), 12u);
  EXPECT_EQ(ms[1].rows.size(), 12u);
  EXPECT_EQ(ms[1].columns.size(), 16u);
  EXPECT_EQ(ms[0].row_groups[4], "pod 2");
  EXPECT_EQ(ms[1].column_groups[0], "core tier");
  // Leaf i and agg j share a pod: i / 4 == j / 4. Agg j reaches cores 4 (j % 4) + u.
  ASSERT_EQ(ms[0].cells.size(), 48u);
  for (const MatrixCell& c : ms[0].cells) {
    EXPECT_EQ(c.row / 4, c.column / 4);
    EXPECT_EQ(c.state, CellState::Expected);
    EXPECT_EQ(c.cables, 1u);
  }
  ASSERT_EQ(ms[1].cells.size(), 48u);
  for (const MatrixCell& c : ms[1].cells) {
    EXPECT_EQ(c.column / 4, c.row % 4) << c.row << " " << c.column;
    EXPECT_EQ(c.state, CellState::Expected);
    EXPECT_EQ(c.expected, 1u);
  }
  EXPECT_EQ(ms[1].rows[5] + " " + ms[1].columns[15], "agg0005 core015");
}

TEST(CablingMatrixTest, ACableToAnotherPodsSpineIsExtra) {
  Fabric f = with_cable(three_level(), "leaf0011", 1, "agg0000", 9);  // pod 3 -> pod 1
  std::vector<CablingMatrix> ms = matrices(f, pods(f));
  ASSERT_EQ(ms.size(), 2u);
  ASSERT_EQ(ms[0].cells.size(), 49u);
  const MatrixCell* c = cell_at(ms[0], 11, 0);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->state, CellState::Extra);
  EXPECT_EQ(c->cables, 1u);
  EXPECT_EQ(c->expected, 0u);
  EXPECT_EQ(c->tooltip[0], "leaf0011 × agg0000: 1 cable, none expected, 4xHDR");
  EXPECT_EQ(count_state(ms[0], CellState::Expected), 48u);
  EXPECT_EQ(count_state(ms[1], CellState::Expected), 48u);
}

// Spine × core blocks are sparse (each agg reaches 4 of 16 cores): a cable removed is still
// found missing, and a cable to a core of another plane is extra.
TEST(CablingMatrixTest, SpineCoreCablesMissingAndExtraInASparseBlock) {
  Fabric f = with_cable(without_cable(three_level(), "agg0005", 6), "agg0000", 9, "core015", 9);
  std::vector<CablingMatrix> ms = matrices(f, pods(f));
  ASSERT_EQ(ms.size(), 2u);
  const CablingMatrix& m = ms[1];
  ASSERT_EQ(m.cells.size(), 49u);                // 47 in place, 1 missing, 1 extra
  const MatrixCell* missing = cell_at(m, 5, 5);  // agg0005 port 6 -> core 4 * 1 + 1
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->state, CellState::Missing);
  const MatrixCell* extra = cell_at(m, 0, 15);
  ASSERT_NE(extra, nullptr);
  EXPECT_EQ(extra->state, CellState::Extra);
  EXPECT_EQ(count_state(m, CellState::Expected), 47u);
}

TEST(CablingMatrixTest, APlanFindsTheCableRemovedAndNamesUnknownNodes) {
  Fabric intact = two_level();
  CablingPlan plan = plan_from_fabric(intact);
  plan.source = "plan.csv";
  plan.cables.push_back(PlannedCable{{"0xdeadbeef", 1, ""}, {"0xfeedface", 2, ""}, {}, {}, 7});
  Fabric f = without_cable(intact, "leaf003", 6);
  std::vector<CablingMatrix> ms = matrices(f, one_group(f), {}, &plan);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].expectation, "the plan plan.csv; 1 planned cable names nodes not in the fabric");
  ASSERT_EQ(ms[0].cells.size(), 32u);
  EXPECT_EQ(cell_at(ms[0], 3, 1)->state, CellState::Missing);
  EXPECT_EQ(count_state(ms[0], CellState::Expected), 31u);
}

TEST(CablingMatrixTest, APlanMakesUnplannedCablesExtra) {
  Fabric intact = two_level();
  CablingPlan plan = plan_from_fabric(without_cable(intact, "leaf000", 5));
  std::vector<CablingMatrix> ms = matrices(intact, one_group(intact), {}, &plan);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(cell_at(ms[0], 0, 0)->state, CellState::Extra);
  EXPECT_EQ(count_state(ms[0], CellState::Expected), 31u);
}

Finding at_port(Severity s, Guid guid, std::uint8_t port, const std::string& message) {
  Finding f;
  f.check = "link.degraded";
  f.severity = s;
  f.location.kind = LocationKind::Port;
  f.location.here = Endpoint{guid, port, ""};
  f.message = message;
  return f;
}

TEST(CablingMatrixTest, FindingsOnACableGoInItsCellsTooltipAndHighlight) {
  Fabric f = two_level();
  Guid leaf = f.node(named(f, "leaf002")).guid;
  Guid spine = f.node(named(f, "spine002")).guid;
  std::vector<Finding> findings = {
      at_port(Severity::Warning, spine, 3, "symbol errors"),  // spine002 port 3 -> leaf002
      at_port(Severity::Error, leaf, 7, "1x instead of 4x"),  // leaf002 port 7 -> spine002
      at_port(Severity::Info, leaf, 8, "a note"),             // leaf002 port 8 -> spine003
      at_port(Severity::Error, leaf, 1, "host cable"),        // to a host: no pair
  };
  std::vector<CablingMatrix> ms = matrices(f, one_group(f), findings);
  ASSERT_EQ(ms.size(), 1u);
  const MatrixCell* c = cell_at(ms[0], 2, 2);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->highlight, Highlight::Error);
  ASSERT_EQ(c->tooltip.size(), 5u);
  EXPECT_EQ(c->tooltip[3], "warning link.degraded: symbol errors");
  EXPECT_EQ(c->tooltip[4], "error link.degraded: 1x instead of 4x");
  const MatrixCell* info = cell_at(ms[0], 2, 3);
  EXPECT_EQ(info->highlight, Highlight::None);
  EXPECT_EQ(info->tooltip.back(), "info link.degraded: a note");
  EXPECT_EQ(std::count_if(ms[0].cells.begin(), ms[0].cells.end(),
                          [](const MatrixCell& x) { return x.highlight != Highlight::None; }),
            1);
}

TEST(CablingMatrixTest, AFindingNamingAMissingCablesPeerMarksTheMissingCell) {
  Fabric f = without_cable(two_level(), "leaf003", 6);
  Finding plan_missing = at_port(Severity::Error, f.node(named(f, "leaf003")).guid, 6, "gone");
  plan_missing.check = "plan.missing";
  plan_missing.location.peer = Endpoint{f.node(named(f, "spine001")).guid, 4, ""};
  std::vector<CablingMatrix> ms = matrices(f, one_group(f), std::vector<Finding>{plan_missing});
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(cell_at(ms[0], 3, 1)->highlight, Highlight::Error);
  EXPECT_EQ(cell_at(ms[0], 3, 1)->tooltip.back(), "error plan.missing: gone");
}

TEST(CablingMatrixTest, SwitchesOfOneNameAreToldApartByGuid) {
  FabricBuilder b = from_fabric(two_level());  // NodeIds: spines 0-3, leaves 4-11, hosts
  b.node(NodeId{4}).description = "Infiniscale-IV Mellanox Technologies";
  b.node(NodeId{5}).description = "Infiniscale-IV Mellanox Technologies";
  Fabric f = std::move(b).build();
  std::vector<CablingMatrix> ms = matrices(f, one_group(f));
  ASSERT_EQ(ms.size(), 1u);
  // Generated switch GUIDs: 0x0002c90200100000 + creation order (4 spines, then leaves).
  EXPECT_EQ(ms[0].rows[0], "Infiniscale-IV Mellanox Technologies 0x0002c90200100004");
  EXPECT_EQ(ms[0].rows[1], "Infiniscale-IV Mellanox Technologies 0x0002c90200100005");
  EXPECT_EQ(ms[0].rows[2], "leaf002");
}

TEST(CablingMatrixTest, FewerThanTwoSwitchTiersGiveNoMatrix) {
  FabricBuilder b;
  NodeId s = b.add_node(Node{NodeType::Switch, 0x1, {}, {}, {}, {}, "lonely", 8});
  b.connect(b.port(s, 1), b.port(b.add_node(Node{NodeType::Ca, 0x2, {}, {}, {}, {}, "h", 1}), 1));
  Fabric f = std::move(b).build();
  EXPECT_EQ(infer_tiers(f).top, 1);
  EXPECT_TRUE(matrices(f, one_group(f)).empty());
}

}  // namespace
}  // namespace ibatlas
