#pragma once

// Checks of a probe plan (ibatlas/probe/plan.hpp) by brute force, for the planner's tests:
// every route is walked again with routing's own tracer (trace_route), independently of the
// planner's walker.

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/plan.hpp"

namespace ibatlas::test {

// A generated fat tree (fabric_generators.hpp) with opensm-like minhop tables.
Fabric routed_fat_tree(int levels, int radix, int hosts);

// The node described `name` (a test failure and NodeId{} when there is none), its port
// `number`, and the cable at that port as a suspect.
NodeId node_named(const Fabric& f, const std::string& name);
PortId port_of(const Fabric& f, const std::string& name, int number);
SuspectLink cable(const Fabric& f, const std::string& name, int number);

// The egress ports of a route by routing's tracer; empty when it does not arrive.
std::vector<PortId> traced(const Fabric& f, PortId from, Lid lid);
Lid base_lid(const Fabric& f, PortId p);
// A probe's request route (from -> dlid) and reply route (to -> from's base LID), traced.
std::vector<PortId> forward_of(const Fabric& f, const ProbePair& p);
std::vector<PortId> reverse_of(const Fabric& f, const ProbePair& p);
bool contains(const std::vector<PortId>& route, PortId p);
// The egress port of one direction of a suspect.
PortId egress_of(const ProbePlan& plan, const SuspectDirection& cov);

// Probes cross their direction forward, the routes are what the tables say, controls touch
// no suspect and match some probe of their direction in hop counts.
void expect_sound(const Fabric& f, const ProbePlan& plan);
// Every probe is in exactly one round, no two probes of a round share a cable or a host, and
// the lower bound is the most probes any one cable or host carries.
void expect_rounds_sound(const Fabric& f, const ProbePlan& plan);

// The host pairs (lower PortId first) of the probes `list` names.
std::set<std::pair<std::uint32_t, std::uint32_t>> host_pairs(const ProbePlan& plan,
                                                             const std::vector<std::size_t>& list);

}  // namespace ibatlas::test
