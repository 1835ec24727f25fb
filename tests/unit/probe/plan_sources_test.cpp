// PlanOptions::sources (probes from one port, as `probe --transport mad` sends them) and
// count_replies. Which cables a source's routes cross is worked out by hand on SmallTree with
// tables written below, and by brute force with routing's own tracer (trace_route, not the
// planner's walker) on a generated tree: every route from the source to every host LID and
// every reply route back to it.

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "ibatlas/probe/plan.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/trace.hpp"

#include "support/fabric_generators.hpp"
#include "support/probe_plan_checks.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::contains;
using test::traced;

PortId port_of(const Fabric& f, NodeId n, int number) {
  return *f.find_port(n, static_cast<std::uint8_t>(number));
}

SuspectLink cable(const Fabric& f, NodeId n, int number) {
  PortId a = port_of(f, n, number);
  return SuspectLink{a, *f.port(a).peer, "--link"};
}

PlanOptions from_source(PortId source) {
  PlanOptions options;
  options.sources = std::vector<PortId>{source};
  options.count_replies = true;
  return options;
}

bool has_note(const ProbePlan& plan, const std::string& text) {
  return std::any_of(plan.notes.begin(), plan.notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// SmallTree (l1: a1 a2, l2: b1 b2, spines sp1 sp2) with tables by hand. LIDs: sp1 1, sp2 2,
// l1 3, l2 4, a1 5, a2 6, b1 7, b2 8. l1 sends b1 and b2 (7, 8) up to sp1 (port 3); l2 sends
// a1 (5) up to sp1 and a2 (6) up to sp2 (port 4). From a1: requests a1 -> l1 -> sp1 -> l2 ->
// b*, replies b* -> l2 -> sp1 -> l1 -> a1, a1 <-> a2 inside l1. sp2 carries only the replies
// to a2: l2 -> sp2 -> l1, crossed by b1 -> a2 and b2 -> a2, never from a1.
struct HandTree {
  test::SmallTree t;
  Fabric f;

  HandTree() {
    t.net.routes(t.l1, {{1, 3}, {2, 4}, {3, 0}, {4, 3}, {5, 1}, {6, 2}, {7, 3}, {8, 3}});
    t.net.routes(t.l2, {{1, 3}, {2, 4}, {3, 3}, {4, 0}, {5, 3}, {6, 4}, {7, 1}, {8, 2}});
    t.net.routes(t.sp1, {{1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
    t.net.routes(t.sp2, {{1, 1}, {2, 0}, {3, 1}, {4, 2}, {5, 1}, {6, 1}, {7, 2}, {8, 2}});
    f = t.net.build();
  }

  PortId a1() const { return port_of(f, t.a1, 1); }
};

TEST(PlanSources, SourceUplinkGetsPairsFromTheSourceOnly) {
  HandTree h;
  std::vector<SuspectLink> suspects{cable(h.f, h.t.l1, 3)};  // l1 <-> sp1
  ProbePlan plan = plan_probes(h.f, suspects, from_source(h.a1()));
  ASSERT_FALSE(plan.probes.empty());
  for (const ProbePair& p : plan.probes) {
    EXPECT_EQ(p.from, h.a1());
    EXPECT_EQ(p.forward, traced(h.f, p.from, p.dlid));
  }
  // Both b1 and b2 cross l1 -> sp1 with the request and sp1 -> l1 with the reply; a1 -> a2
  // crosses nothing, and no pair from a1 avoids sp1 towards l2: no control of that shape.
  ASSERT_EQ(plan.coverage.size(), 2U);
  std::set<PortId> to;
  for (const SuspectDirection& cov : plan.coverage) {
    EXPECT_EQ(cov.probes.size(), 2U) << cov.note;
    for (std::size_t i : cov.probes) {
      to.insert(plan.probes[i].to);
    }
    EXPECT_TRUE(cov.controls.empty());
    // Every round trip from a1 crosses both directions: the directions cannot be told apart.
    EXPECT_FALSE(cov.identifiable);
  }
  EXPECT_EQ(to, (std::set<PortId>{port_of(h.f, h.t.b1, 1), port_of(h.f, h.t.b2, 1)}));
  EXPECT_FALSE(has_note(plan, "not coverable"));
}

TEST(PlanSources, WithoutRepliesTheDirectionTowardsTheSourceIsNotCoverable) {
  HandTree h;
  std::vector<SuspectLink> suspects{cable(h.f, h.t.l1, 3)};
  PlanOptions options = from_source(h.a1());
  options.count_replies = false;
  ProbePlan plan = plan_probes(h.f, suspects, options);
  ASSERT_EQ(plan.coverage.size(), 2U);
  EXPECT_EQ(plan.coverage[0].probes.size(), 2U) << plan.coverage[0].note;  // l1 -> sp1
  EXPECT_TRUE(plan.coverage[1].probes.empty());                            // sp1 -> l1
  EXPECT_NE(plan.coverage[1].note.find("not coverable from \"a1\" port 1"), std::string::npos)
      << plan.coverage[1].note;
  for (const ProbePair& p : plan.probes) {
    EXPECT_EQ(p.from, h.a1());
  }
}

TEST(PlanSources, CableNoRouteFromTheSourceCrossesIsReported) {
  HandTree h;
  std::vector<SuspectLink> suspects{cable(h.f, h.t.l2, 4)};  // l2 <-> sp2
  ProbePlan plan = plan_probes(h.f, suspects, from_source(h.a1()));
  EXPECT_TRUE(plan.probes.empty());
  ASSERT_EQ(plan.coverage.size(), 2U);
  for (const SuspectDirection& cov : plan.coverage) {
    EXPECT_TRUE(cov.probes.empty());
    EXPECT_NE(cov.note.find("not coverable from \"a1\" port 1"), std::string::npos) << cov.note;
  }
  EXPECT_TRUE(has_note(plan, "suspect 1 (\"l2\" port 4 -> \"sp2\" port 2): not coverable from"));
  // From any host it is coverable: b1 -> a2 and b2 -> a2 leave l2 by port 4.
  ProbePlan any = plan_probes(h.f, suspects, PlanOptions{});
  EXPECT_EQ(any.coverage[0].probes.size(), 2U) << any.coverage[0].note;
  EXPECT_FALSE(has_note(any, "not coverable"));
}

TEST(PlanSources, SourceThatCannotProbeIsNoted) {
  HandTree h;
  std::vector<SuspectLink> suspects{cable(h.f, h.t.l1, 3)};
  ProbePlan plan = plan_probes(h.f, suspects, from_source(port_of(h.f, h.t.l1, 5)));  // uncabled
  EXPECT_TRUE(plan.probes.empty());
  EXPECT_TRUE(has_note(plan, "no probe source can send"));
  EXPECT_TRUE(has_note(plan, "is no CA port with a LID"));
}

using test::routed_fat_tree;

std::vector<PortId> host_ports(const Fabric& f) {
  std::vector<PortId> out;
  for (const Node& n : f.nodes()) {
    if (n.type != NodeType::Switch) {
      for (const Port& p : f.ports_of(f.id_of(n))) {
        if (p.number != 0 && p.peer && p.base_lid) {
          out.push_back(f.id_of(p));
        }
      }
    }
  }
  return out;
}

// Every egress port a round trip from `source` uses, by brute force over all host LIDs.
std::set<PortId> crossed_from(const Fabric& f, PortId source) {
  std::set<PortId> out;
  for (PortId t : host_ports(f)) {
    if (t == source) {
      continue;
    }
    for (PortId e : traced(f, source, *f.port(t).base_lid)) {
      out.insert(e);
    }
    for (PortId e : traced(f, t, *f.port(source).base_lid)) {
      out.insert(e);
    }
  }
  return out;
}

// Every leaf <-> spine cable of a 4-leaf, 2-spine tree as suspects, planned from one host:
// a direction has probes exactly when some round trip from the source crosses it, the
// others say so, every probe starts at the source, and rounds share only the source's port
// and cable.
TEST(PlanSources, FatTreeCoverageMatchesBruteForce) {
  Fabric f = routed_fat_tree(2, 4, 8);
  std::vector<PortId> hosts = host_ports(f);
  ASSERT_EQ(hosts.size(), 8U);
  PortId source = hosts[0];
  std::vector<SuspectLink> suspects;
  for (const Node& n : f.nodes()) {
    if (n.description.rfind("leaf", 0) == 0) {
      suspects.push_back(cable(f, f.id_of(n), 3));
      suspects.push_back(cable(f, f.id_of(n), 4));
    }
  }
  ASSERT_EQ(suspects.size(), 8U);
  ProbePlan plan = plan_probes(f, suspects, from_source(source));
  std::set<PortId> crossed = crossed_from(f, source);
  std::size_t covered = 0;
  for (const SuspectDirection& cov : plan.coverage) {
    const SuspectLink& s = suspects[cov.suspect];
    PortId egress = cov.direction == 0 ? s.a : s.b;
    bool reachable = crossed.count(egress) != 0;
    EXPECT_EQ(!cov.probes.empty(), reachable) << cov.suspect << "/" << cov.direction;
    EXPECT_EQ(cov.note.find("not coverable") != std::string::npos, !reachable) << cov.note;
    covered += reachable ? 1 : 0;
    for (std::size_t i : cov.probes) {
      const ProbePair& p = plan.probes[i];
      EXPECT_TRUE(contains(traced(f, p.from, p.dlid), egress) ||
                  contains(traced(f, p.to, *f.port(p.from).base_lid), egress));
    }
  }
  EXPECT_GT(covered, 0U);
  EXPECT_LT(covered, 16U);  // 8 LIDs cannot cross all 16 directions from one leaf
  for (std::size_t k = 0; k < suspects.size(); ++k) {
    bool none = crossed.count(suspects[k].a) == 0 && crossed.count(suspects[k].b) == 0;
    EXPECT_EQ(has_note(plan, "suspect " + std::to_string(k + 1) + " ("), none) << k;
  }
  PortId cable_of_source = std::min(source, *f.port(source).peer);
  for (const ProbePair& p : plan.probes) {
    EXPECT_EQ(p.from, source);
  }
  std::vector<int> seen(plan.probes.size(), 0);
  for (const std::vector<std::size_t>& round : plan.rounds) {
    std::set<std::pair<int, std::uint32_t>> used;
    for (std::size_t i : round) {
      ++seen.at(i);
      const ProbePair& p = plan.probes[i];
      std::set<std::pair<int, std::uint32_t>> mine{{1, p.to.value}};
      for (const std::vector<PortId>* route : {&p.forward, &p.reverse}) {
        for (PortId e : *route) {
          PortId c = std::min(e, *f.port(e).peer);
          if (c != cable_of_source) {
            mine.insert({0, c.value});
          }
        }
      }
      for (const auto& r : mine) {
        EXPECT_TRUE(used.insert(r).second) << "probe " << i << " shares a cable or host";
      }
    }
  }
  EXPECT_EQ(seen, std::vector<int>(plan.probes.size(), 1));
}

// No restriction: the plan is today's (plan_test.cpp's SpineLeafCableBothDirections), and
// an explicit nullopt is the default.
TEST(PlanSources, NoRestrictionIsTheUsualPlan) {
  Fabric f = routed_fat_tree(2, 4, 8);
  PortId leaf_port = *f.port(host_ports(f)[0]).peer;
  std::vector<SuspectLink> suspects{cable(f, f.node_of(leaf_port), 3)};
  PlanOptions options;
  options.sources = std::nullopt;
  ProbePlan plan = plan_probes(f, suspects, options);
  std::set<PortId> senders;
  for (const SuspectDirection& cov : plan.coverage) {
    EXPECT_EQ(cov.probes.size(), 2U) << cov.note;
    EXPECT_EQ(cov.controls.size(), 1U) << cov.note;
    EXPECT_TRUE(cov.identifiable);
    for (std::size_t i : cov.probes) {
      senders.insert(plan.probes[i].from);
    }
  }
  EXPECT_GT(senders.size(), 1U);
  EXPECT_FALSE(has_note(plan, "not coverable"));
}

}  // namespace
}  // namespace ibatlas
