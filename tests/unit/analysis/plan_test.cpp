// A fabric against its cabling plan: plan.missing, plan.extra, plan.miswired (moves and
// swaps), plan.wrong_speed, plan.ambiguous_name; name matching; the worklist.

#include "ibatlas/analysis/plan.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/formats/plan_csv.hpp"
#include "ibatlas/report/worklist.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

constexpr std::string_view kPlan =
    "node,port,peer_node,peer_port\n"
    "leaf1,35,spine1,1\n"
    "leaf2,35,spine1,2\n"
    "leaf1,1,h1,1\n"
    "leaf1,2,h2,1\n"
    "leaf2,1,h3,1\n";

// The planned fabric; `tweak` rewires it before building.
template <typename Tweak>
Fabric built(Tweak tweak) {
  Sketch s;
  NodeId leaf1 = s.sw("leaf1", 0x101);
  NodeId leaf2 = s.sw("leaf2", 0x102);
  NodeId spine1 = s.sw("spine1", 0x201);
  NodeId h1 = s.ca("h1", 0x1001);
  NodeId h2 = s.ca("h2", 0x2001);
  NodeId h3 = s.ca("h3", 0x3001);
  s.cable(leaf1, 35, spine1, 1);
  s.cable(leaf2, 35, spine1, 2);
  tweak(s, leaf1, leaf2, h1, h2, h3);
  return s.build();
}

void as_planned(Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
  s.cable(leaf1, 1, h1, 1);
  s.cable(leaf1, 2, h2, 1);
  s.cable(leaf2, 1, h3, 1);
}

std::vector<Finding> check(const Fabric& f, std::string_view plan = kPlan,
                           const NodeNameMap* names = nullptr) {
  CablingPlan p = read_plan_csv(plan, "plan.csv");
  AuditOptions options;
  options.names = names;
  return check_plan(f, p, options);
}

TEST(PlanTest, AFabricAsPlannedHasNoFindings) {
  EXPECT_TRUE(check(built(as_planned)).empty());
}

TEST(PlanTest, MissingCableIsOneFindingAtTheSwitchEndWithItsState) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId) {
    s.cable(leaf1, 1, h1, 1);
    s.cable(leaf1, 2, h2, 1);
    s.polling(leaf2, 1);  // h3 unplugged
  });
  std::vector<Finding> m = check(f);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].check, "plan.missing");
  EXPECT_EQ(m[0].severity, Severity::Error);
  EXPECT_EQ(m[0].location.here.name, "leaf2");
  EXPECT_EQ(m[0].location.here.port, 1);
  EXPECT_EQ(m[0].location.peer->name, "h3");
  EXPECT_EQ(m[0].measured, "Down/Polling / not connected");
  EXPECT_EQ(m[0].hint, "connect to h3 port 1");
}

TEST(PlanTest, PlannedNodeNotInTheFabricIsMissingToo) {
  std::string plan = std::string(kPlan) + "leaf2,2,h4,1\n";
  std::vector<Finding> m = check(built(as_planned), plan);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].check, "plan.missing");
  EXPECT_FALSE(m[0].location.peer->node_guid.has_value());
  EXPECT_EQ(m[0].location.peer->name, "h4");
  EXPECT_EQ(m[0].measured, "not connected / node not in the fabric");
}

TEST(PlanTest, ExtraCableWithinThePlansScope) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    as_planned(s, leaf1, leaf2, h1, h2, h3);
    s.cable(leaf2, 3, s.ca("h5", 0x5001), 1);
  });
  std::vector<Finding> e = check(f);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].check, "plan.extra");
  EXPECT_EQ(e[0].location.here.name, "leaf2");
  EXPECT_EQ(e[0].location.here.port, 3);
  EXPECT_EQ(e[0].severity, Severity::Warning);
}

TEST(PlanTest, HostCablesAreOutOfScopeOfASwitchOnlyPlan) {
  std::vector<Finding> e = check(built(as_planned),
                                 "node,port,peer_node,peer_port\n"
                                 "leaf1,35,spine1,1\n"
                                 "leaf2,35,spine1,2\n");
  EXPECT_TRUE(e.empty());
}

TEST(PlanTest, MovedCableIsOneMiswiredFindingSayingWhereItGoes) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    s.cable(leaf1, 1, h1, 1);
    s.cable(leaf1, 3, h2, 1);  // plugged one port off
    s.cable(leaf2, 1, h3, 1);
  });
  std::vector<Finding> m = check(f);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].check, "plan.miswired");
  EXPECT_EQ(m[0].location.here.port, 2);
  EXPECT_EQ(m[0].hint, "connect to h2 port 1 (its cable now reaches leaf1 port 3)");
}

TEST(PlanTest, CableToTheWrongSwitchSaysMoveIt) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    s.cable(leaf1, 1, h1, 1);
    s.cable(leaf1, 2, h2, 1);
    s.cable(leaf2, 1, s.ca("h9", 0x9001), 1);  // h3 is elsewhere: not in this fabric
    (void)h3;
  });
  std::string plan = std::string(kPlan) + "leaf2,9,h9,1\n";
  std::vector<Finding> m = check(f, plan);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].location.here.port, 1);
  EXPECT_EQ(m[0].hint, "move cable to h3 port 1 (now at h9 port 1)");
  EXPECT_EQ(m[1].hint, "connect to h9 port 1 (its cable now reaches leaf2 port 1)");
}

TEST(PlanTest, CrossedPairIsOneFindingWithTheSwap) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    s.cable(leaf1, 1, h2, 1);
    s.cable(leaf1, 2, h1, 1);
    s.cable(leaf2, 1, h3, 1);
  });
  std::vector<Finding> m = check(f);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].check, "plan.miswired");
  EXPECT_EQ(m[0].hint, "swap the cables in leaf1 port 1 and leaf1 port 2");
  EXPECT_EQ(m[0].location.here.port, 1);
  EXPECT_EQ(m[0].location.peer->port, 2);
}

TEST(PlanTest, WrongSpeedWhenThePlanSaysSo) {
  std::string plan =
      "node,port,peer_node,peer_port,width,speed\n"
      "leaf1,35,spine1,1,4x,NDR\n"
      "leaf2,35,spine1,2,4x,HDR\n";
  std::vector<Finding> w = check(built(as_planned), plan);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].check, "plan.wrong_speed");
  EXPECT_EQ(w[0].measured, "4xHDR");
  EXPECT_EQ(w[0].expected, "4xNDR");
}

TEST(PlanTest, AmbiguousNameIsReportedOnceAndItsCablesSkipped) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    as_planned(s, leaf1, leaf2, h1, h2, h3);
    s.node(h3).description = "h2";  // two nodes now say "h2"
  });
  std::vector<Finding> a = check(f,
                                 "node,port,peer_node,peer_port\n"
                                 "leaf1,35,spine1,1\n"
                                 "leaf2,35,spine1,2\n"
                                 "leaf1,2,h2,1\n"
                                 "leaf2,9,h2,2\n");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].check, "plan.ambiguous_name");
  EXPECT_EQ(a[0].measured, "2 nodes");
}

TEST(PlanTest, NamesMayBeGuidsOrNodeNameMapNames) {
  NodeNameMap map;
  map.names[0x1001] = "rack1-node1";
  std::vector<Finding> r = check(built(as_planned),
                                 "node,port,peer_node,peer_port\n"
                                 "0x0000000000000101,1,rack1-node1,1\n"
                                 "0x101,2,h2,1\n"
                                 "leaf2,1,0x3001,1\n"
                                 "leaf1,35,spine1,1\n"
                                 "leaf2,35,spine1,2\n",
                                 &map);
  EXPECT_TRUE(r.empty()) << r.front().message;
}

TEST(PlanTest, WorklistGroupsActionsBySwitch) {
  Fabric f = built([](Sketch& s, NodeId leaf1, NodeId leaf2, NodeId h1, NodeId h2, NodeId h3) {
    s.cable(leaf1, 1, h2, 1);
    s.cable(leaf1, 2, h1, 1);
    s.polling(leaf2, 1);
    (void)h3;
  });
  std::ostringstream out;
  write_worklist(check(f), out);
  EXPECT_EQ(out.str(),
            "# leaf1 (0x0000000000000101)\n"
            "leaf1 port 1: swap the cables in leaf1 port 1 and leaf1 port 2\n"
            "\n"
            "# leaf2 (0x0000000000000102)\n"
            "leaf2 port 1: connect to h3 port 1\n");
  std::ostringstream none;
  write_worklist({}, none);
  EXPECT_EQ(none.str(), "nothing to do\n");
}

}  // namespace
}  // namespace ibatlas
