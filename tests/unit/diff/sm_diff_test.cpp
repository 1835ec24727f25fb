// sm.master and sm.changed between two snapshots, and the master's moves over a series
// (history's sm.flapping): compared only where both snapshots read SMInfo.

#include "ibatlas/diff/sm_diff.hpp"

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {
namespace {

constexpr Guid kA = 0xa1;  // port GUIDs of the two SM hosts
constexpr Guid kB = 0xb1;

SubnetManager sm(Guid guid, std::uint8_t priority, SmState state) {
  SubnetManager s;
  s.port_guid = guid;
  s.guid = guid;
  s.priority = priority;
  s.state = state;
  return s;
}

Fabric snapshot(std::optional<std::vector<SubnetManager>> sms) {
  FabricBuilder b;
  for (Guid g : {kA, kB}) {
    Node n;
    n.guid = g - 1;
    n.port_count = 1;
    NodeId id = b.add_node(n);
    Port p;
    p.number = 1;
    p.guid = g;
    b.add_port(id, p);
  }
  if (sms) {
    b.set_subnet_managers(*sms);
  }
  return std::move(b).build();
}

TEST(SmDiff, HandoverIsTheMasterMovingAndBothStatesChanging) {
  Fabric before = snapshot(std::vector{sm(kA, 10, SmState::Master), sm(kB, 5, SmState::Standby)});
  Fabric after = snapshot(std::vector{sm(kB, 5, SmState::Master)});
  std::vector<Change> changes = diff_subnet_managers(before, after);
  ASSERT_EQ(changes.size(), 3U);
  EXPECT_EQ(changes[0].kind, ChangeKind::SmMasterChanged);
  EXPECT_EQ(changes[0].before, "0x00000000000000a1");
  EXPECT_EQ(changes[0].after, "0x00000000000000b1");
  EXPECT_EQ(changes[0].at.node_guid, kB - 1);  // at the new master's port
  EXPECT_EQ(changes[0].at.port, 1);
  EXPECT_EQ(changes[1].kind, ChangeKind::SmChanged);  // B: standby -> master
  EXPECT_EQ(changes[1].before, "standby priority 5");
  EXPECT_EQ(changes[1].after, "master priority 5");
  EXPECT_EQ(changes[2].kind, ChangeKind::SmChanged);  // A went
  EXPECT_EQ(changes[2].before, "master priority 10");
  EXPECT_FALSE(changes[2].after);
}

TEST(SmDiff, NothingWhenEitherSideDidNotRead) {
  Fabric read = snapshot(std::vector{sm(kA, 10, SmState::Master)});
  Fabric not_read = snapshot(std::nullopt);
  EXPECT_TRUE(diff_subnet_managers(read, not_read).empty());
  EXPECT_TRUE(diff_subnet_managers(not_read, read).empty());
  EXPECT_TRUE(diff_subnet_managers(read, read).empty());
}

TEST(SmDiff, MasterGoneIsNoMaster) {
  Fabric before = snapshot(std::vector{sm(kA, 10, SmState::Master)});
  Fabric after = snapshot(std::vector<SubnetManager>{});
  std::vector<Change> changes = diff_subnet_managers(before, after);
  ASSERT_FALSE(changes.empty());
  EXPECT_EQ(changes[0].kind, ChangeKind::SmMasterChanged);
  EXPECT_FALSE(changes[0].after);
}

TEST(SmDiff, DiffFabricsReportsIt) {
  Fabric before = snapshot(std::vector{sm(kA, 10, SmState::Master)});
  Fabric after = snapshot(std::vector{sm(kB, 10, SmState::Master)});
  FabricDiff d = diff_fabrics(before, after, DiffOptions{});
  EXPECT_FALSE(d.same());
}

TEST(SmDiff, MasterChangesSkipSnapshotsWithoutSmData) {
  Fabric a = snapshot(std::vector{sm(kA, 10, SmState::Master)});
  Fabric b = snapshot(std::vector{sm(kB, 10, SmState::Master)});
  Fabric none = snapshot(std::nullopt);
  std::vector<const Fabric*> series{&a, &none, &a, &b, &none, &a};
  std::vector<MasterChange> changes = master_changes(series);
  ASSERT_EQ(changes.size(), 2U);
  EXPECT_EQ(changes[0], (MasterChange{2, 3, kA, kB}));
  EXPECT_EQ(changes[1], (MasterChange{3, 5, kB, kA}));
  EXPECT_TRUE(sm_flapping(changes));
  std::vector<const Fabric*> once{&a, &a, &b, &b};
  EXPECT_FALSE(sm_flapping(master_changes(once)));
}

}  // namespace
}  // namespace ibatlas
