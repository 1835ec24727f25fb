// Port state changes on ports whose cable did not change.

#include "ibatlas/diff/port_state_diff.hpp"

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

std::vector<Change> states(const Fabric& a, const Fabric& b) {
  return diff_port_states(a, b, match_nodes(a, b));
}

PortId port_of(const Fabric& f, Guid guid, int number) {
  return *f.find_port(*f.find_node(guid), static_cast<std::uint8_t>(number));
}

// two_tier() with one port's states replaced.
Fabric with_state(std::optional<PortState> state, std::optional<PhysState> phys, Guid guid,
                  int number) {
  Fabric f = two_tier().build();
  FabricBuilder b = from_fabric(f);
  Port& p = b.port_data(port_of(f, guid, number));
  p.state = state;
  p.phys_state = phys;
  return std::move(b).build();
}

TEST(PortStateDiffTest, CabledPortStuckInInitIsReportedBothWays) {
  Fabric good = two_tier().build();
  Fabric stuck = with_state(PortState::Init, PhysState::LinkUp, 0x300, 1);
  std::vector<Change> c = states(good, stuck);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].kind, ChangeKind::PortStateChanged);
  EXPECT_EQ(c[0].at, (PortRef{0x300, 1, "h3"}));
  EXPECT_EQ(c[0].before, "Active/LinkUp");
  EXPECT_EQ(c[0].after, "Initialize/LinkUp");
  std::vector<Change> back = states(stuck, good);
  ASSERT_EQ(back.size(), 1U);
  EXPECT_EQ(back[0].before, "Initialize/LinkUp");
  EXPECT_EQ(back[0].after, "Active/LinkUp");
}

TEST(PortStateDiffTest, UncabledPortDisabledIsReported) {
  Fabric good = two_tier().build();
  Fabric disabled = with_state(PortState::Down, PhysState::Disabled, 0x20, 6);
  std::vector<Change> c = states(good, disabled);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].before, "Down/Polling");
  EXPECT_EQ(c[0].after, "Down/Disabled");
}

TEST(PortStateDiffTest, PortsOfARemovedCableAreLeftToTheCableChange) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.unplug("leaf1", 8);  // both ends go Down/Polling
  EXPECT_TRUE(states(a, spec.build()).empty());
}

TEST(PortStateDiffTest, StateOnlyOneSourceGivesIsNotAChange) {
  FabricSpec spec = two_tier();
  Fabric crawl = spec.build();
  spec.states = false;
  Fabric dump = spec.build();
  EXPECT_TRUE(states(crawl, dump).empty());
  EXPECT_TRUE(states(dump, crawl).empty());
  Fabric half = with_state(PortState::Active, std::nullopt, 0x300, 1);
  EXPECT_TRUE(states(crawl, half).empty()) << "the physical state is unknown, the rest equal";
}

}  // namespace
}  // namespace ibatlas
