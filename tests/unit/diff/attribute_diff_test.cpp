// LID and description changes.

#include "ibatlas/diff/attribute_diff.hpp"

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

std::vector<Change> lids(const Fabric& a, const Fabric& b) {
  return diff_lids(a, b, match_nodes(a, b));
}

std::vector<Change> descriptions(const Fabric& a, const Fabric& b) {
  return diff_descriptions(a, b, match_nodes(a, b));
}

TEST(AttributeDiffTest, HostLidChangeIsReportedBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").lid = 42;
  Fabric b = spec.build();
  std::vector<Change> c = lids(a, b);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].kind, ChangeKind::LidChanged);
  EXPECT_EQ(c[0].at, (PortRef{0x200, 1, "h2"}));
  EXPECT_EQ(c[0].before, "12");
  EXPECT_EQ(c[0].after, "42");
  std::vector<Change> back = lids(b, a);
  ASSERT_EQ(back.size(), 1U);
  EXPECT_EQ(back[0].before, "42");
  EXPECT_EQ(back[0].after, "12");
}

TEST(AttributeDiffTest, SwitchLidIsReportedOnceAtPortZero) {
  Fabric a = two_tier().build();
  // A source that repeats the switch LID on every port (ibnetdiscover -p does).
  FabricBuilder b = from_fabric(a);
  FabricBuilder c = from_fabric(a);
  NodeId leaf = *a.find_node(0x20);
  for (const Port& p : a.ports_of(leaf)) {
    b.port_data(a.id_of(p)).base_lid = 2;
    c.port_data(a.id_of(p)).base_lid = 9;
  }
  std::vector<Change> changes = lids(std::move(b).build(), std::move(c).build());
  ASSERT_EQ(changes.size(), 1U);
  EXPECT_EQ(changes[0].at, (PortRef{0x20, 0, "leaf1"}));
}

TEST(AttributeDiffTest, LmcChangeIsShownWithTheLid) {
  Fabric a = two_tier().build();
  FabricBuilder b = from_fabric(a);
  b.port_data(*a.find_port(*a.find_node(0x100), 1)).lmc = 2;
  std::vector<Change> c = lids(a, std::move(b).build());
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].before, "11 (lmc 0)");
  EXPECT_EQ(c[0].after, "11 (lmc 2)");
}

TEST(AttributeDiffTest, LidOnlyOneSourceGivesIsNotAChange) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("h2").lid.reset();
  EXPECT_TRUE(lids(a, spec.build()).empty());
  EXPECT_TRUE(lids(spec.build(), a).empty());
  EXPECT_TRUE(lids(a, a).empty());
}

TEST(AttributeDiffTest, RenamedSwitchIsReportedBothWays) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.node("leaf2").name = "rack7-leaf2";
  for (test::CableSpec& c : spec.cables) {
    for (std::string* n : {&c.a, &c.b}) {
      *n = *n == "leaf2" ? "rack7-leaf2" : *n;
    }
  }
  Fabric b = spec.build();
  std::vector<Change> c = descriptions(a, b);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].kind, ChangeKind::DescriptionChanged);
  EXPECT_EQ(c[0].at, (PortRef{0x30, std::nullopt, "rack7-leaf2"}));
  EXPECT_EQ(c[0].before, "leaf2");
  EXPECT_EQ(c[0].after, "rack7-leaf2");
  std::vector<Change> back = descriptions(b, a);
  ASSERT_EQ(back.size(), 1U);
  EXPECT_EQ(back[0].after, "leaf2");
  EXPECT_TRUE(descriptions(a, a).empty());
}

}  // namespace
}  // namespace ibatlas
