// port.not_active, port.disabled and port.down (which needs an earlier snapshot: Polling
// alone proves nothing).

#include "ibatlas/analysis/port_state.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

std::vector<Finding> only(const std::vector<Finding>& all, std::string_view check) {
  std::vector<Finding> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const Finding& f) { return f.check == check; });
  return out;
}

constexpr Guid kLeaf = 0x100;
constexpr Guid kSpine = 0x200;
constexpr Guid kHost = 0x1000;

// leaf[1]-host, leaf[36]-spine[1]; leaf[2] Polling. `unplug` leaves out the host cable
// (leaf[1] then Polling too); `tweak` edits ports before building.
template <typename Tweak>
Fabric fabric(bool unplug, Tweak tweak) {
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  NodeId spine = s.sw("spine", kSpine);
  NodeId host = s.ca("host", kHost);
  if (unplug) {
    s.polling(leaf, 1);
    s.data(host, 1).state = PortState::Down;
    s.data(host, 1).phys_state = PhysState::Polling;
  } else {
    s.cable(leaf, 1, host, 1);
  }
  s.cable(leaf, 36, spine, 1);
  s.polling(leaf, 2);
  tweak(s, leaf, spine, host);
  return s.build();
}

Fabric plain(bool unplug = false) {
  return fabric(unplug, [](Sketch&, NodeId, NodeId, NodeId) {});
}

TEST(PortStateTest, HealthyFabricWithPollingSparePortsHasNoFindings) {
  EXPECT_TRUE(check_port_state(plain(), {}).empty());
}

TEST(PortStateTest, NotActiveOnceForALinkWhoseEndsAreBothInit) {
  Fabric f = fabric(false, [](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    s.data(leaf, 36).state = PortState::Init;
    s.data(spine, 1).state = PortState::Init;
  });
  std::vector<Finding> n = only(check_port_state(f, {}), "port.not_active");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].location.kind, LocationKind::Link);
  EXPECT_EQ(n[0].measured, "Initialize/LinkUp");
  EXPECT_EQ(n[0].severity, Severity::Error);
}

TEST(PortStateTest, NotActiveAtThePortWhenOnlyOneEndIsArmed) {
  Fabric f = fabric(false, [](Sketch& s, NodeId, NodeId, NodeId host) {
    s.data(host, 1).state = PortState::Armed;
  });
  std::vector<Finding> n = only(check_port_state(f, {}), "port.not_active");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].location.kind, LocationKind::Port);
  EXPECT_EQ(n[0].location.here.node_guid, kHost);
}

TEST(PortStateTest, NoActivePortAnywhereIsOneFabricFinding) {
  Fabric f = fabric(false, [](Sketch& s, NodeId leaf, NodeId spine, NodeId host) {
    for (auto [n, p] : {std::pair{leaf, 1}, {leaf, 36}, {spine, 1}, {host, 1}}) {
      s.data(n, p).state = PortState::Init;
    }
  });
  std::vector<Finding> n = only(check_port_state(f, {}), "port.not_active");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].location.kind, LocationKind::Fabric);
  EXPECT_EQ(n[0].measured, "4 linked ports, none Active");
}

TEST(PortStateTest, DisabledFiresForDisabledNotForPolling) {
  Fabric f = fabric(false, [](Sketch& s, NodeId leaf, NodeId, NodeId) {
    s.data(leaf, 3).state = PortState::Down;
    s.data(leaf, 3).phys_state = PhysState::Disabled;
  });
  std::vector<Finding> d = only(check_port_state(f, {}), "port.disabled");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].location.here.port, 3);
  EXPECT_EQ(d[0].severity, Severity::Info);
}

TEST(PortStateTest, PollingWithoutEvidenceIsNotDown) {
  EXPECT_TRUE(only(check_port_state(plain(true), {}), "port.down").empty());
}

TEST(PortStateTest, DownWhenTheBaselineHadACableThere) {
  Fabric before = plain(false);
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> d = only(check_port_state(plain(true), options), "port.down");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].location.here.node_guid, kLeaf);  // the switch end is named first
  EXPECT_EQ(d[0].location.here.port, 1);
  EXPECT_EQ(d[0].location.peer->node_guid, kHost);
  EXPECT_EQ(d[0].measured, "Down/Polling / Down/Polling");
}

TEST(PortStateTest, DownWhenTheFarNodeIsGoneEntirely) {
  Fabric before = plain(false);
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  NodeId spine = s.sw("spine", kSpine);
  s.cable(leaf, 36, spine, 1);  // no host at all, leaf[1] not even listed (a dump)
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> d = only(check_port_state(s.build(), options), "port.down");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].measured, "not connected / node absent");
  EXPECT_EQ(d[0].location.peer->name, "host");
}

TEST(PortStateTest, NotDownWhenTheBaselineHadNoCableThere) {
  Fabric before = plain(true);
  AuditOptions options;
  options.baseline = &before;
  EXPECT_TRUE(only(check_port_state(plain(true), options), "port.down").empty());
}

TEST(PortStateTest, AMovedCableIsNotDown) {
  Fabric before = plain(false);
  Fabric after = fabric(true, [](Sketch& s, NodeId leaf, NodeId, NodeId host) {
    s.cable(leaf, 2, host, 1);  // the host moved from leaf port 1 to port 2
  });
  AuditOptions options;
  options.baseline = &before;
  EXPECT_TRUE(only(check_port_state(after, options), "port.down").empty());
}

TEST(PortStateTest, StateTextShowsAbsentHalves) {
  Port p;
  EXPECT_EQ(state_text(p), "?/?");
  p.phys_state = PhysState::Disabled;
  EXPECT_EQ(state_text(p), "?/Disabled");
}

}  // namespace
}  // namespace ibatlas
