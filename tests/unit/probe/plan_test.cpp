// The probe planner. Every route a test relies on is walked again with routing's own tracer
// (trace_route), independently of the planner's walker, and every property the plan promises
// (probes cross their suspect, controls avoid all suspects with the same hop counts, rounds
// share no cable or host, the lower bound) is checked by brute force
// (support/probe_plan_checks.hpp).

#include "ibatlas/probe/plan.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/trace.hpp"

#include "support/fabric_generators.hpp"
#include "support/probe_plan_checks.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::base_lid;
using test::cable;
using test::contains;
using test::egress_of;
using test::expect_rounds_sound;
using test::expect_sound;
using test::forward_of;
using test::host_pairs;
using test::Net;
using test::node_named;
using test::port_of;
using test::routed_fat_tree;
using test::traced;

// 2 spines, 4 leaves, 8 hosts (radix 4): leaf ports 1-2 hosts, 3 to spine000, 4 to spine001.
TEST(PlanTest, SpineLeafCableBothDirections) {
  Fabric f = routed_fat_tree(2, 4, 8);
  std::vector<SuspectLink> suspects{cable(f, "leaf000", 3)};  // leaf000 <-> spine000
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  ASSERT_EQ(plan.coverage.size(), 2U);
  expect_sound(f, plan);
  expect_rounds_sound(f, plan);
  for (const SuspectDirection& cov : plan.coverage) {
    EXPECT_EQ(cov.probes.size(), 2U) << cov.note;
    EXPECT_EQ(host_pairs(plan, cov.probes).size(), 2U);
    EXPECT_EQ(cov.controls.size(), 1U) << cov.note;
    EXPECT_TRUE(cov.identifiable);
  }
  // Up from leaf000: the senders are leaf000's hosts; down: the receivers are.
  NodeId leaf = node_named(f, "leaf000");
  for (std::size_t i : plan.coverage[0].probes) {
    EXPECT_EQ(f.port(*f.port(plan.probes[i].from).peer).node, leaf);
  }
  for (std::size_t i : plan.coverage[1].probes) {
    EXPECT_EQ(f.port(*f.port(plan.probes[i].to).peer).node, leaf);
  }
}

TEST(PlanTest, HostCableIsCrossedByItsHostsPairs) {
  Fabric f = routed_fat_tree(2, 4, 8);
  PortId host = port_of(f, "host0003 HCA-1", 1);
  std::vector<SuspectLink> suspects{SuspectLink{host, *f.port(host).peer, "link.degraded"}};
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  expect_sound(f, plan);
  expect_rounds_sound(f, plan);
  ASSERT_EQ(plan.coverage.size(), 2U);
  EXPECT_EQ(plan.coverage[0].probes.size(), 2U);
  EXPECT_EQ(plan.coverage[1].probes.size(), 2U);
  for (std::size_t i : plan.coverage[0].probes) {
    EXPECT_EQ(plan.probes[i].from, host);
  }
  for (std::size_t i : plan.coverage[1].probes) {
    EXPECT_EQ(plan.probes[i].to, host);
  }
  for (const SuspectDirection& cov : plan.coverage) {
    ASSERT_EQ(cov.controls.size(), 1U) << cov.note;
    const ProbePair& c = plan.probes[cov.controls[0]];
    EXPECT_NE(c.from, host);
    EXPECT_NE(c.to, host);
  }
}

// h1 - s1 - s2 - h2: the only pair from h1 to h2 crosses s1 -> s2 and s2 -> h2 both.
TEST(PlanTest, TwoSuspectsOnTheOnlyPathAreNotIdentifiable) {
  Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");
  net.link(h1, 1, s1, 1);
  net.link(h2, 1, s2, 1);
  net.link(s1, 2, s2, 2);
  net.routes(s1, {{3, 1}, {4, 2}});
  net.routes(s2, {{3, 2}, {4, 1}});
  Fabric f = net.build();
  PortId s1_out = *f.find_port(s1, 2);
  PortId s2_h2 = *f.find_port(s2, 1);
  std::vector<SuspectLink> suspects{SuspectLink{s1_out, *f.port(s1_out).peer, "--link"},
                                    SuspectLink{s2_h2, *f.port(s2_h2).peer, "--link"}};
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  expect_sound(f, plan);
  ASSERT_EQ(plan.coverage.size(), 4U);
  // (0,0) s1 -> s2 and (1,0) s2 -> h2 are both crossed by h1 -> h2 only.
  EXPECT_FALSE(plan.coverage[0].identifiable);
  EXPECT_FALSE(plan.coverage[2].identifiable);
  EXPECT_NE(plan.coverage[0].note.find("exactly the same probes"), std::string::npos);
  EXPECT_EQ(plan.coverage[0].probes, plan.coverage[2].probes);
  EXPECT_EQ(plan.coverage[0].probes.size(), 1U);
  EXPECT_NE(plan.coverage[0].note.find("only 1 host pair"), std::string::npos);
  // No control exists: every pair crosses a suspect.
  EXPECT_TRUE(plan.coverage[0].controls.empty());
}

// Two suspects where one pair could cover both (a host cable and its leaf's uplink): the
// planner must still find probes that tell them apart.
TEST(PlanTest, SeparatesDirectionsWhenAPairCan) {
  Fabric f = routed_fat_tree(2, 4, 8);
  PortId host = port_of(f, "host0000 HCA-1", 1);
  std::vector<SuspectLink> suspects{SuspectLink{host, *f.port(host).peer, "--link"},
                                    cable(f, "leaf000", 3), cable(f, "leaf000", 4)};
  PlanOptions options;
  options.probes_per_direction = 1;
  ProbePlan plan = plan_probes(f, suspects, options);
  expect_sound(f, plan);
  expect_rounds_sound(f, plan);
  // Signatures from traced routes: which probes cross each direction forward.
  std::map<std::vector<std::size_t>, int> signatures;
  for (const SuspectDirection& cov : plan.coverage) {
    std::vector<std::size_t> sig;
    for (std::size_t i = 0; i < plan.probes.size(); ++i) {
      if (contains(forward_of(f, plan.probes[i]), egress_of(plan, cov))) {
        sig.push_back(i);
      }
    }
    ASSERT_FALSE(sig.empty());
    EXPECT_TRUE(cov.identifiable) << cov.note;
    EXPECT_EQ(++signatures[sig], 1) << "two directions crossed by the same probes";
  }
}

// SmallTree with b1 on LIDs 10 and 11 (LMC 1): l1 sends 10 by sp1 and 11 by sp2; replies to
// l1's hosts go by sp2.
struct LmcTree {
  test::SmallTree t;
  Fabric f;

  LmcTree() {
    for (int i = 0; i < 4; ++i) {  // LIDs 9-12 exist, so the tables reach 11
      NodeId spare = t.net.ca("spare" + std::to_string(i));
      t.net.port(spare, 1).base_lid = std::nullopt;
    }
    t.net.port(t.b1, 1).base_lid = 10;
    t.net.port(t.b1, 1).lmc = 1;
    t.minhop_tables();
    t.net.routes(t.l1, {{10, 3}, {11, 4}});
    t.net.routes(t.sp1, {{10, 2}, {11, 2}});
    t.net.routes(t.sp2, {{10, 2}, {11, 2}});
    t.net.routes(t.l2, {{10, 1}, {11, 1}, {5, 4}, {6, 4}});
    f = t.net.build();
  }
};

TEST(PlanTest, LmcControlIsTheSamePairThroughAnotherLid) {
  LmcTree lmc;
  const Fabric& f = lmc.f;
  PortId l1_up = *f.find_port(lmc.t.l1, 3);
  std::vector<SuspectLink> suspects{SuspectLink{l1_up, *f.port(l1_up).peer, "--link"}};
  PlanOptions options;
  options.controls_per_direction = 2;  // one for each probe
  ProbePlan plan = plan_probes(f, suspects, options);
  expect_sound(f, plan);
  expect_rounds_sound(f, plan);
  const SuspectDirection& up = plan.coverage[0];
  ASSERT_EQ(up.probes.size(), 2U) << up.note;  // a1 and a2 to b1's LID 10
  ASSERT_EQ(up.controls.size(), 2U) << up.note;
  for (std::size_t i : up.probes) {
    EXPECT_EQ(plan.probes[i].dlid, 10);
  }
  std::set<std::pair<PortId, PortId>> probe_hosts;
  for (std::size_t i : up.probes) {
    probe_hosts.insert({plan.probes[i].from, plan.probes[i].to});
  }
  for (std::size_t c : up.controls) {
    EXPECT_EQ(plan.probes[c].dlid, 11);
    EXPECT_EQ(probe_hosts.erase({plan.probes[c].from, plan.probes[c].to}), 1U);
  }
  // sp1 -> l1: nothing goes to l1's hosts by sp1.
  EXPECT_TRUE(plan.coverage[1].probes.empty());
  EXPECT_NE(plan.coverage[1].note.find("no host pair"), std::string::npos);
}

TEST(PlanTest, WithoutOtherLidsControlsUseBaseLids) {
  LmcTree lmc;
  const Fabric& f = lmc.f;
  PortId l1_up = *f.find_port(lmc.t.l1, 3);
  std::vector<SuspectLink> suspects{SuspectLink{l1_up, *f.port(l1_up).peer, "--link"}};
  PlanOptions options;
  options.other_lids = false;
  ProbePlan plan = plan_probes(f, suspects, options);
  expect_sound(f, plan);
  const SuspectDirection& up = plan.coverage[0];
  ASSERT_FALSE(up.controls.empty()) << up.note;
  for (std::size_t c : up.controls) {
    EXPECT_EQ(plan.probes[c].to, *f.find_port(lmc.t.b2, 1));  // b2 (LID 8) by sp2
    EXPECT_EQ(plan.probes[c].dlid, 8);
  }
}

TEST(PlanTest, FabricWithoutTablesGivesNotesNotProbes) {
  test::FatTreeSpec spec;
  spec.radix = 4;
  spec.hosts = 8;
  Fabric f = test::make_fat_tree(spec);
  std::vector<SuspectLink> suspects{cable(f, "leaf001", 4)};
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  EXPECT_TRUE(plan.probes.empty());
  EXPECT_TRUE(plan.rounds.empty());
  ASSERT_EQ(plan.coverage.size(), 2U);
  EXPECT_NE(plan.coverage[0].note.find("no forwarding tables"), std::string::npos);
  ASSERT_FALSE(plan.notes.empty());
  EXPECT_NE(plan.notes[0].find("no forwarding tables"), std::string::npos);
}

TEST(PlanTest, PortsThatAreNoCableAreNoted) {
  Fabric f = routed_fat_tree(2, 4, 8);
  std::vector<SuspectLink> suspects{
      SuspectLink{port_of(f, "leaf000", 3), port_of(f, "leaf000", 4), "--link"},
      SuspectLink{PortId{999999}, PortId{1000000}, "--link"}};
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  EXPECT_TRUE(plan.probes.empty());
  ASSERT_EQ(plan.coverage.size(), 4U);
  for (const SuspectDirection& cov : plan.coverage) {
    EXPECT_NE(cov.note.find("not a cable"), std::string::npos) << cov.note;
  }
  EXPECT_EQ(plan.notes.size(), 2U);
}

// Every host pair traced: the host pairs whose request crosses each direction.
std::vector<std::set<std::pair<std::uint32_t, std::uint32_t>>> crossing_pairs(
    const Fabric& f, const ProbePlan& plan) {
  std::vector<PortId> hosts;
  for (const Node& n : f.nodes()) {
    if (n.type == NodeType::Ca) {
      hosts.push_back(*f.find_port(f.id_of(n), 1));
    }
  }
  std::vector<std::set<std::pair<std::uint32_t, std::uint32_t>>> out(plan.coverage.size());
  for (PortId from : hosts) {
    for (PortId to : hosts) {
      std::vector<PortId> route =
          from == to ? std::vector<PortId>{} : traced(f, from, base_lid(f, to));
      for (std::size_t d = 0; d < plan.coverage.size(); ++d) {
        if (contains(route, egress_of(plan, plan.coverage[d]))) {
          out[d].insert({std::min(from.value, to.value), std::max(from.value, to.value)});
        }
      }
    }
  }
  return out;
}

TEST(PlanTest, ThreeLevelTreeManySuspects) {
  Fabric f = routed_fat_tree(3, 8, 40);  // pods of 16 hosts (4 leaves, 4 aggs), 16 cores
  std::vector<SuspectLink> suspects{cable(f, "leaf0000", 5),        cable(f, "agg0001", 6),
                                    cable(f, "leaf0005", 7),        cable(f, "agg0009", 5),
                                    cable(f, "host00007 HCA-1", 1), cable(f, "host00035 HCA-1", 1)};
  ProbePlan plan = plan_probes(f, suspects, PlanOptions{});
  expect_sound(f, plan);
  expect_rounds_sound(f, plan);
  std::vector<std::set<std::pair<std::uint32_t, std::uint32_t>>> exist = crossing_pairs(f, plan);
  for (std::size_t d = 0; d < plan.coverage.size(); ++d) {
    const SuspectDirection& cov = plan.coverage[d];
    EXPECT_EQ(host_pairs(plan, cov.probes).size(), std::min<std::size_t>(2, exist[d].size()))
        << "direction " << d << ": " << cov.note;
    EXPECT_EQ(cov.controls.size(), exist[d].empty() ? 0U : 1U)
        << "direction " << d << ": " << cov.note;
  }
}

}  // namespace
}  // namespace ibatlas
