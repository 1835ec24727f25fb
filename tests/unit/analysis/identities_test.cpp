// node.duplicate_guid, port.duplicate_guid, lid.duplicate, lid.unassigned and
// node.duplicate_description.

#include "ibatlas/analysis/identities.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

std::vector<Finding> only(const Fabric& f, std::string_view check) {
  std::vector<Finding> all = check_identities(f, {});
  std::vector<Finding> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const Finding& x) { return x.check == check; });
  return out;
}

// leaf with hosts h1 (port 1) and h2 (port 2): every identity unique.
struct Small {
  Sketch s;
  NodeId leaf;
  NodeId h1;
  NodeId h2;

  Small() : leaf(s.sw("leaf", 0x100)), h1(s.ca("h1 HCA-1", 0x1000)), h2(s.ca("h2 HCA-1", 0x2000)) {
    s.cable(leaf, 1, h1, 1);
    s.cable(leaf, 2, h2, 1);
  }
};

TEST(IdentitiesTest, UniqueIdentitiesGiveNothing) {
  Small f;
  EXPECT_TRUE(check_identities(f.s.build(), {}).empty());
}

TEST(IdentitiesTest, TwoNodesWithOneNodeGuidAreOneFinding) {
  Small f;
  f.s.node(f.h2).guid = 0x1000;
  f.s.data(f.h2, 1).guid = 0x1001;  // a cloned board: the port GUID too
  Fabric built = f.s.build();
  std::vector<Finding> d = only(built, "node.duplicate_guid");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::Error);
  EXPECT_NE(d[0].message.find("0x0000000000001000"), std::string::npos);
  EXPECT_TRUE(only(built, "port.duplicate_guid").empty()) << "said once, as a node GUID";
}

TEST(IdentitiesTest, TwoPortsWithOnePortGuid) {
  Small f;
  f.s.data(f.h2, 1).guid = 0x1001;  // h1's port GUID
  std::vector<Finding> d = only(f.s.build(), "port.duplicate_guid");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].measured, "2 ports");
}

TEST(IdentitiesTest, SwitchPortsSharingTheSwitchGuidAreNoDuplicate) {
  Small f;
  for (int p : {0, 1, 2}) {
    f.s.data(f.leaf, p).guid = 0x100;
  }
  EXPECT_TRUE(only(f.s.build(), "port.duplicate_guid").empty());
}

TEST(IdentitiesTest, DuplicateLidNamesBothHolders) {
  Small f;
  f.s.data(f.h2, 1).base_lid = f.s.data(f.h1, 1).base_lid;
  std::vector<Finding> d = only(f.s.build(), "lid.duplicate");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("h2 HCA-1"), std::string::npos) << d[0].message;
}

TEST(IdentitiesTest, LmcRangeOverlapIsADuplicateReportedOnce) {
  Small f;
  f.s.data(f.h1, 1).base_lid = 8;
  f.s.data(f.h1, 1).lmc = 2;  // 8..11
  f.s.data(f.h2, 1).base_lid = 10;
  f.s.data(f.h2, 1).lmc = 1;  // 10..11: two LIDs shared, one finding
  EXPECT_EQ(only(f.s.build(), "lid.duplicate").size(), 1u);
}

TEST(IdentitiesTest, SwitchLidRepeatedOnItsPortsIsNoDuplicate) {
  Small f;
  Lid lid = *f.s.data(f.leaf, 0).base_lid;
  f.s.data(f.leaf, 1).base_lid = lid;
  f.s.data(f.leaf, 2).base_lid = lid;
  EXPECT_TRUE(only(f.s.build(), "lid.duplicate").empty());
}

TEST(IdentitiesTest, LidZeroOnAnActivePortIsAnError) {
  Small f;
  f.s.data(f.h1, 1).base_lid = 0;
  std::vector<Finding> d = only(f.s.build(), "lid.unassigned");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::Error);
  EXPECT_EQ(d[0].measured, "LID 0");
}

TEST(IdentitiesTest, LidOnADownPortIsNoConcern) {
  Small f;
  f.s.data(f.h1, 1).base_lid = 0;
  f.s.data(f.h1, 1).state = PortState::Down;
  EXPECT_TRUE(only(f.s.build(), "lid.unassigned").empty());
}

TEST(IdentitiesTest, Lid65535OnACabledPortOfUnknownStateIsAWarning) {
  // A dump: no states, the CA's LID printed as 65535.
  Sketch s;
  NodeId leaf = s.sw("leaf", 0x100);
  NodeId h = s.ca("h", 0x1000);
  s.dump_cable(leaf, 1, h, 1);
  s.data(h, 1).base_lid = 65535;
  s.data(leaf, 0).state.reset();
  std::vector<Finding> d = only(s.build(), "lid.unassigned");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::Warning);
  EXPECT_EQ(d[0].location.here.node_guid, 0x1000u);
}

TEST(IdentitiesTest, AFabricWithoutAnyLidIsOneFinding) {
  // A generated topology file (or a capture before any SM ran): every LID 0.
  Sketch s;
  NodeId leaf = s.sw("leaf", 0x100);
  for (int i = 1; i <= 3; ++i) {
    NodeId h = s.ca("h" + std::to_string(i), 0x1000 * static_cast<Guid>(i));
    s.dump_cable(leaf, i, h, 1);
    s.data(h, 1).base_lid = 0;
  }
  s.data(leaf, 0).base_lid = 0;
  s.data(leaf, 0).state.reset();
  std::vector<Finding> d = only(s.build(), "lid.unassigned");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].location.kind, LocationKind::Fabric);
  EXPECT_EQ(d[0].measured, "no LIDs");
  EXPECT_NE(d[0].message.find("4 cabled ports"), std::string::npos) << d[0].message;
}

TEST(IdentitiesTest, UncabledPortOfUnknownStateWithoutLidIsNoConcern) {
  Sketch s;
  NodeId h = s.ca("h", 0x1000);
  s.data(h, 1).base_lid = 0;
  EXPECT_TRUE(only(s.build(), "lid.unassigned").empty());
}

TEST(IdentitiesTest, DuplicateDescriptionsAreOneFindingPerDescription) {
  Sketch s;
  NodeId leaf = s.sw("leaf", 0x100);
  for (int i = 1; i <= 3; ++i) {
    s.cable(leaf, i, s.ca("MT25408 ConnectX Mellanox Technologies", 0x1000 * i), 1);
  }
  std::vector<Finding> d = only(s.build(), "node.duplicate_description");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].measured, "3 nodes");
  EXPECT_EQ(d[0].location.here.node_guid, 0x1000u);
  EXPECT_EQ(d[0].severity, Severity::Warning);
}

TEST(IdentitiesTest, AggregationNodesAndEmptyDescriptionsMayRepeat) {
  Sketch s;
  NodeId l1 = s.sw("leaf1", 0x100);
  NodeId l2 = s.sw("leaf2", 0x200);
  s.cable(l1, 37, s.ca("Mellanox Technologies Aggregation Node", 0x1000), 1);
  s.cable(l2, 37, s.ca("Mellanox Technologies Aggregation Node", 0x2000), 1);
  s.cable(l1, 1, s.ca("", 0x3000), 1);
  s.cable(l2, 1, s.ca("", 0x4000), 1);
  EXPECT_TRUE(only(s.build(), "node.duplicate_description").empty());
}

}  // namespace
}  // namespace ibatlas
