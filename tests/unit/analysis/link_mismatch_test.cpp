// link.mismatch: the two ends of a cable disagree, or one end names a peer that does not
// name it back.

#include "ibatlas/analysis/link_mismatch.hpp"

#include <gtest/gtest.h>

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

struct Pair {
  Sketch s;
  NodeId leaf;
  NodeId spine;

  Pair() : leaf(s.sw("leaf", 0x100)), spine(s.sw("spine", 0x200)) { s.cable(leaf, 36, spine, 1); }
};

TEST(LinkMismatchTest, AgreeingEndsAreFine) {
  Pair p;
  EXPECT_TRUE(check_link_mismatch(p.s.build(), {}).empty());
}

TEST(LinkMismatchTest, WidthDisagreementIsAnError) {
  Pair p;
  p.s.data(p.spine, 1).width_active = LinkWidth::X1;
  std::vector<Finding> f = check_link_mismatch(p.s.build(), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].check, "link.mismatch");
  EXPECT_EQ(f[0].severity, Severity::Error);
  EXPECT_EQ(f[0].measured, "width 4x vs 1x");
  EXPECT_EQ(f[0].location.here.node_guid, 0x100u);
  EXPECT_EQ(f[0].location.peer->port, 1);
}

TEST(LinkMismatchTest, AllDifferingFieldsInOneFindingWithTheWorstSeverity) {
  Pair p;
  p.s.data(p.spine, 1).mtu_active = Mtu::B2048;
  p.s.data(p.spine, 1).vl_cap = 3;
  std::vector<Finding> f = check_link_mismatch(p.s.build(), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].severity, Severity::Warning);  // MTU: warning; VL cap: info
  EXPECT_EQ(f[0].measured, "MTU 4096 vs 2048; VL cap 4 vs 3");
}

TEST(LinkMismatchTest, VlCapAloneIsInfo) {
  Pair p;
  p.s.data(p.leaf, 36).vl_cap = 5;
  std::vector<Finding> f = check_link_mismatch(p.s.build(), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].severity, Severity::Info);
}

TEST(LinkMismatchTest, PhysicalStateDisagreementIsAnError) {
  Pair p;
  p.s.data(p.leaf, 36).phys_state = PhysState::LinkErrorRecovery;
  std::vector<Finding> f = check_link_mismatch(p.s.build(), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].measured, "physical state LinkErrorRecovery vs LinkUp");
}

TEST(LinkMismatchTest, InitAgainstActiveIsLeftToPortNotActive) {
  Pair p;
  p.s.data(p.leaf, 36).state = PortState::Init;
  EXPECT_TRUE(check_link_mismatch(p.s.build(), {}).empty());
}

TEST(LinkMismatchTest, FieldsOnlyOneEndGivesAreNotCompared) {
  Pair p;
  p.s.data(p.spine, 1).mtu_active.reset();
  p.s.data(p.spine, 1).width_active.reset();
  p.s.data(p.leaf, 36).width_active = LinkWidth::X1;
  EXPECT_TRUE(check_link_mismatch(p.s.build(), {}).empty());
}

TEST(LinkMismatchTest, OneSidedPeerIsReportedAtThePortThatNamesIt) {
  Sketch s;
  NodeId leaf = s.sw("leaf", 0x100);
  NodeId host = s.ca("host", 0x1000);
  s.builder().set_peer(s.port(host, 1), s.port(leaf, 5));  // the leaf names nobody
  std::vector<Finding> f = check_link_mismatch(s.build(), {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].location.kind, LocationKind::Port);
  EXPECT_EQ(f[0].location.here.node_guid, 0x1000u);
  EXPECT_EQ(f[0].location.peer->port, 5);
  EXPECT_EQ(f[0].measured, "peer names nothing");
}

}  // namespace
}  // namespace ibatlas
