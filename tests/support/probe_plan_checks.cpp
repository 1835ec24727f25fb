#include "support/probe_plan_checks.hpp"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/trace.hpp"

#include "support/fabric_generators.hpp"

namespace ibatlas::test {
namespace {

// The egress ports of every suspect, both directions.
std::set<PortId> suspect_ports(const ProbePlan& plan) {
  std::set<PortId> out;
  for (const SuspectLink& s : plan.suspects) {
    out.insert(s.a);
    out.insert(s.b);
  }
  return out;
}

// What a probe occupies, from traced routes: cables by lower PortId, hosts by port.
std::set<std::pair<int, std::uint32_t>> occupied(const Fabric& f, const ProbePair& p) {
  std::set<std::pair<int, std::uint32_t>> out{{1, p.from.value}, {1, p.to.value}};
  for (const std::vector<PortId>& route : {forward_of(f, p), reverse_of(f, p)}) {
    for (PortId e : route) {
      out.insert({0, std::min(e.value, f.port(e).peer->value)});
    }
  }
  return out;
}

}  // namespace

Fabric routed_fat_tree(int levels, int radix, int hosts) {
  test::FatTreeSpec spec;
  spec.levels = levels;
  spec.radix = radix;
  spec.hosts = hosts;
  return compute_routes(test::make_fat_tree(spec), ComputeOptions{}).fabric;
}

NodeId node_named(const Fabric& f, const std::string& name) {
  for (const Node& n : f.nodes()) {
    if (n.description == name) {
      return f.id_of(n);
    }
  }
  ADD_FAILURE() << "no node " << name;
  return NodeId{};
}

PortId port_of(const Fabric& f, const std::string& name, int number) {
  return *f.find_port(node_named(f, name), static_cast<std::uint8_t>(number));
}

SuspectLink cable(const Fabric& f, const std::string& name, int number) {
  PortId a = port_of(f, name, number);
  return SuspectLink{a, *f.port(a).peer, "--link"};
}

std::vector<PortId> traced(const Fabric& f, PortId from, Lid lid) {
  Trace t = trace_route(f, from, lid);
  std::vector<PortId> out;
  if (t.fate == RouteFate::Delivered) {
    for (const TraceStep& s : t.steps) {
      out.push_back(s.out);
    }
  }
  return out;
}

Lid base_lid(const Fabric& f, PortId p) {
  return *f.port(p).base_lid;
}

std::vector<PortId> forward_of(const Fabric& f, const ProbePair& p) {
  return traced(f, p.from, p.dlid);
}

std::vector<PortId> reverse_of(const Fabric& f, const ProbePair& p) {
  return traced(f, p.to, base_lid(f, p.from));
}

bool contains(const std::vector<PortId>& route, PortId p) {
  return std::find(route.begin(), route.end(), p) != route.end();
}

PortId egress_of(const ProbePlan& plan, const SuspectDirection& cov) {
  const SuspectLink& s = plan.suspects[cov.suspect];
  return cov.direction == 0 ? s.a : s.b;
}

void expect_sound(const Fabric& f, const ProbePlan& plan) {
  std::set<PortId> suspects = suspect_ports(plan);
  for (const ProbePair& p : plan.probes) {
    EXPECT_EQ(p.forward, forward_of(f, p));
    EXPECT_EQ(p.reverse, reverse_of(f, p));
    ASSERT_FALSE(p.forward.empty());
    EXPECT_EQ(p.forward.front(), p.from);
    bool touches = false;
    for (const std::vector<PortId>* route : {&p.forward, &p.reverse}) {
      for (PortId e : *route) {
        touches = touches || suspects.count(e) != 0;
      }
    }
    EXPECT_EQ(p.control, !touches);
  }
  for (const SuspectDirection& cov : plan.coverage) {
    for (std::size_t i : cov.probes) {
      EXPECT_TRUE(contains(forward_of(f, plan.probes[i]), egress_of(plan, cov)));
      EXPECT_FALSE(plan.probes[i].control);
    }
    for (std::size_t c : cov.controls) {
      const ProbePair& control = plan.probes[c];
      EXPECT_TRUE(control.control);
      bool shaped = std::any_of(cov.probes.begin(), cov.probes.end(), [&](std::size_t i) {
        return plan.probes[i].forward.size() == control.forward.size() &&
               plan.probes[i].reverse.size() == control.reverse.size();
      });
      EXPECT_TRUE(shaped) << "control " << c << " has no probe of its hop counts";
    }
  }
}

void expect_rounds_sound(const Fabric& f, const ProbePlan& plan) {
  std::vector<int> seen(plan.probes.size(), 0);
  for (const std::vector<std::size_t>& round : plan.rounds) {
    for (std::size_t i = 0; i < round.size(); ++i) {
      ++seen.at(round[i]);
      for (std::size_t j = i + 1; j < round.size(); ++j) {
        std::set<std::pair<int, std::uint32_t>> a = occupied(f, plan.probes[round[i]]);
        for (const auto& r : occupied(f, plan.probes[round[j]])) {
          EXPECT_EQ(a.count(r), 0U) << "probes " << round[i] << " and " << round[j] << " share";
        }
      }
    }
  }
  EXPECT_EQ(seen, std::vector<int>(plan.probes.size(), 1));
  std::map<std::pair<int, std::uint32_t>, std::size_t> users;
  for (const ProbePair& p : plan.probes) {
    for (const auto& r : occupied(f, p)) {
      ++users[r];
    }
  }
  std::size_t most = 0;
  for (const auto& [r, n] : users) {
    most = std::max(most, n);
  }
  EXPECT_EQ(plan.round_lower_bound, most);
  EXPECT_GE(plan.rounds.size(), most);
}

std::set<std::pair<std::uint32_t, std::uint32_t>> host_pairs(const ProbePlan& plan,
                                                             const std::vector<std::size_t>& list) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::size_t i : list) {
    std::uint32_t a = plan.probes[i].from.value;
    std::uint32_t b = plan.probes[i].to.value;
    out.insert({std::min(a, b), std::max(a, b)});
  }
  return out;
}

}  // namespace ibatlas::test
