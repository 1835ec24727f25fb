// Route churn (history over snapshots taken with --routes): LIDs that changed owner and LFT
// entries that changed per switch, counted by hand on a one-switch fabric.

#include "ibatlas/diff/route_churn.hpp"

#include <gtest/gtest.h>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {
namespace {

constexpr Guid kSwitch = 0x200;
constexpr Guid kH1 = 0x100;
constexpr Guid kH2 = 0x110;

// A switch (LID 1) with h1 on port 1 and h2 on port 2; `lid1`/`lid2` the hosts' LIDs, `lmc2`
// h2's LMC; `table` the switch's LFT (none: no --routes).
Fabric fabric(Lid lid1, Lid lid2, std::optional<std::vector<std::uint8_t>> table,
              std::uint8_t lmc2 = 0) {
  FabricBuilder b;
  Node sw;
  sw.type = NodeType::Switch;
  sw.guid = kSwitch;
  sw.port_count = 2;
  NodeId s = b.add_node(sw);
  Port p0;
  p0.number = 0;
  p0.base_lid = 1;
  p0.lmc = 0;
  b.add_port(s, p0);
  for (auto [guid, lid, port, lmc] :
       {std::tuple{kH1, lid1, 1, std::uint8_t{0}}, std::tuple{kH2, lid2, 2, lmc2}}) {
    Node n;
    n.guid = guid;
    n.port_count = 1;
    NodeId id = b.add_node(n);
    Port hp;
    hp.number = 1;
    hp.base_lid = lid;
    hp.lmc = lmc;
    PortId host = b.add_port(id, hp);
    b.connect(b.port(s, static_cast<std::uint8_t>(port)), host);
  }
  if (table) {
    b.add_forwarding_table(s, *table);
  }
  return std::move(b).build();
}

//                  LID:  0    1  2    3    4    5  6  7
const std::vector<std::uint8_t> kLft{255, 0, 255, 255, 255, 1, 2, 2};

TEST(RouteChurn, NothingWithoutTablesOnBothSides) {
  EXPECT_FALSE(route_churn(fabric(5, 6, kLft), fabric(5, 6, std::nullopt)));
  EXPECT_FALSE(route_churn(fabric(5, 6, std::nullopt), fabric(5, 6, kLft)));
}

TEST(RouteChurn, SameRoutesNoChurn) {
  std::optional<RouteChurn> c = route_churn(fabric(5, 6, kLft), fabric(5, 6, kLft));
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->lids.empty());
  EXPECT_TRUE(c->switches.empty());
}

TEST(RouteChurn, SwappedLidsAreTwoMovesAndTwoEntries) {
  std::vector<std::uint8_t> swapped = kLft;
  swapped[5] = 2;
  swapped[6] = 1;
  std::optional<RouteChurn> c = route_churn(fabric(5, 6, kLft), fabric(6, 5, swapped));
  ASSERT_TRUE(c);
  ASSERT_EQ(c->lids.size(), 2U);
  EXPECT_EQ(c->lids[0].lid, 5);
  EXPECT_EQ(c->lids[0].was.node_guid, kH1);
  EXPECT_EQ(c->lids[0].now.node_guid, kH2);
  EXPECT_EQ(c->lids[1].lid, 6);
  ASSERT_EQ(c->switches.size(), 1U);
  EXPECT_EQ(c->switches[0].at.node_guid, kSwitch);
  EXPECT_EQ(c->switches[0].entries, 2U);
  EXPECT_EQ(c->lft_entries(), 2U);
}

TEST(RouteChurn, LmcRangeAndALongerTableCount) {
  // h2 gets LMC 1 (LIDs 6 and 7); LID 7 was h2's before too (no move); the new table is one
  // entry longer (LID 8 -> port 2: 255 before) and LID 7 now leaves by port 1.
  std::vector<std::uint8_t> longer = kLft;
  longer[7] = 1;
  longer.push_back(2);
  std::optional<RouteChurn> c = route_churn(fabric(5, 7, kLft), fabric(5, 6, longer, /*lmc2=*/1));
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->lids.empty()) << "LID 7 stays h2's; LID 6 is new, not moved";
  ASSERT_EQ(c->switches.size(), 1U);
  EXPECT_EQ(c->switches[0].entries, 2U);  // LIDs 7 and 8
}

TEST(RouteChurn, HistoryCountsPerPair) {
  std::vector<std::uint8_t> swapped = kLft;
  swapped[5] = 2;
  swapped[6] = 1;
  Fabric a = fabric(5, 6, kLft);
  Fabric b = fabric(6, 5, swapped);
  Fabric none = fabric(5, 6, std::nullopt);
  History h = build_history({{"a", 1, &a}, {"b", 2, &b}, {"c", 3, &a}, {"d", 4, &none}});
  ASSERT_EQ(h.route_churn.size(), 2U);  // c -> d: d has no routes
  EXPECT_EQ(h.route_churn[0].from, 0U);
  EXPECT_EQ(h.route_churn[0].to, 1U);
  EXPECT_EQ(h.route_churn[1].lids.size(), 2U);
  EXPECT_EQ(h.route_churn[1].lft_entries(), 2U);
}

}  // namespace
}  // namespace ibatlas
