// sm.none, sm.multiple_masters, sm.standby_outranks_master, sm.master_stuck, sm.no_standby:
// the election rule is IBA 14.4.1.1 (higher priority wins; equal priority, lower GUID).

#include "ibatlas/analysis/subnet_manager.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {
namespace {

constexpr Guid kHostA = 0xa0;  // node GUIDs; port GUID = node GUID + 1
constexpr Guid kHostB = 0xb0;

SubnetManager sm(Guid port, std::uint8_t priority, SmState state, std::uint32_t act = 100,
                 std::optional<std::uint32_t> again = 101) {
  SubnetManager s;
  s.port_guid = port;
  s.guid = port;
  s.priority = priority;
  s.state = state;
  s.act_count = act;
  s.act_count_again = again;
  s.interval_ms = 20;
  return s;
}

// Two hosts, one port each. `sms` absent: SMInfo not read.
Fabric fabric_with(std::optional<std::vector<SubnetManager>> sms) {
  FabricBuilder b;
  for (Guid g : {kHostA, kHostB}) {
    Node n;
    n.guid = g;
    n.port_count = 1;
    n.description = g == kHostA ? "hostA" : "hostB";
    NodeId id = b.add_node(n);
    Port p;
    p.number = 1;
    p.guid = g + 1;
    b.add_port(id, p);
  }
  if (sms) {
    b.set_subnet_managers(*sms);
  }
  return std::move(b).build();
}

std::vector<std::string> ids(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const Finding& f : findings) {
    out.push_back(f.check);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> run(std::optional<std::vector<SubnetManager>> sms) {
  return ids(check_subnet_managers(fabric_with(std::move(sms)), AuditOptions{}));
}

using Ids = std::vector<std::string>;

TEST(SubnetManagerCheck, NothingWithoutSmInfo) {
  EXPECT_EQ(run(std::nullopt), Ids{});
}

TEST(SubnetManagerCheck, NoneWhenReadAndNoMaster) {
  EXPECT_EQ(run(std::vector<SubnetManager>{}), Ids{"sm.none"});
  EXPECT_EQ(run(std::vector{sm(kHostA + 1, 5, SmState::Standby)}), Ids{"sm.none"});
  EXPECT_EQ(run(std::vector{sm(kHostA + 1, 5, SmState::Discovering)}), Ids{"sm.none"});
}

TEST(SubnetManagerCheck, HealthyPairHasNoFinding) {
  EXPECT_EQ(
      run(std::vector{sm(kHostA + 1, 10, SmState::Master), sm(kHostB + 1, 5, SmState::Standby)}),
      Ids{});
}

TEST(SubnetManagerCheck, LoneMasterHasNoStandbyAtItsPort) {
  std::vector<Finding> f = check_subnet_managers(
      fabric_with(std::vector{sm(kHostA + 1, 0, SmState::Master)}), AuditOptions{});
  ASSERT_EQ(ids(f), Ids{"sm.no_standby"});
  EXPECT_EQ(f[0].severity, Severity::Info);
  EXPECT_EQ(f[0].location.kind, LocationKind::Port);
  EXPECT_EQ(f[0].location.here.node_guid, kHostA);
}

TEST(SubnetManagerCheck, TwoMasters) {
  EXPECT_EQ(
      run(std::vector{sm(kHostA + 1, 5, SmState::Master), sm(kHostB + 1, 5, SmState::Master)}),
      Ids{"sm.multiple_masters"});
}

TEST(SubnetManagerCheck, StandbyWithHigherPriorityOutranks) {
  EXPECT_EQ(
      run(std::vector{sm(kHostA + 1, 1, SmState::Master), sm(kHostB + 1, 15, SmState::Standby)}),
      Ids{"sm.standby_outranks_master"});
}

TEST(SubnetManagerCheck, EqualPriorityLowerGuidOutranks) {
  // hostA's port GUID (0xa1) is lower than hostB's (0xb1): standby A would win.
  EXPECT_EQ(
      run(std::vector{sm(kHostB + 1, 7, SmState::Master), sm(kHostA + 1, 7, SmState::Standby)}),
      Ids{"sm.standby_outranks_master"});
  // The other way round the master wins: nothing to report.
  EXPECT_EQ(
      run(std::vector{sm(kHostA + 1, 7, SmState::Master), sm(kHostB + 1, 7, SmState::Standby)}),
      Ids{});
}

TEST(SubnetManagerCheck, MasterWhoseActCountStandsStillIsStuck) {
  EXPECT_EQ(run(std::vector{sm(kHostA + 1, 9, SmState::Master, 4000, 4000),
                            sm(kHostB + 1, 5, SmState::Standby)}),
            Ids{"sm.master_stuck"});
  // One read only (the second did not answer): nothing to judge by.
  EXPECT_EQ(run(std::vector{sm(kHostA + 1, 9, SmState::Master, 4000, std::nullopt),
                            sm(kHostB + 1, 5, SmState::Standby)}),
            Ids{});
  // A standby's ActCount may stand still.
  EXPECT_EQ(run(std::vector{sm(kHostA + 1, 9, SmState::Master),
                            sm(kHostB + 1, 5, SmState::Standby, 7, 7)}),
            Ids{});
}

TEST(SubnetManagerCheck, OutranksFollowsIba) {
  EXPECT_TRUE(outranks(sm(2, 3, SmState::Standby), sm(1, 2, SmState::Master)));
  EXPECT_TRUE(outranks(sm(1, 3, SmState::Standby), sm(2, 3, SmState::Master)));
  EXPECT_FALSE(outranks(sm(2, 3, SmState::Standby), sm(1, 3, SmState::Master)));
  EXPECT_FALSE(outranks(sm(1, 3, SmState::Standby), sm(1, 3, SmState::Master)));
}

}  // namespace
}  // namespace ibatlas
