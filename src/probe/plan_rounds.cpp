// Rounds: probes that share a cable (either direction, either route: conservative for long
// trains) or a host port must not run at once. That is colouring the conflict graph;
// DSatur (Brélaz 1979) colours the most constrained probe first and stays close to the
// lower bound on fabrics' graphs, which are nearly interval-like. The lower bound is the
// largest clique we know for free: the probes using one cable or one host. A probe source's
// own port and cable (PlanOptions::sources) are left out: every probe from it uses them, and
// the source itself multiplexes its probes (one small echo MAD outstanding per probe).

#include <algorithm>
#include <set>
#include <unordered_map>

#include "probe/plan_steps.hpp"

namespace ibatlas {

namespace {

std::uint64_t cable_of(const Fabric& fabric, PortId egress) {
  PortId peer = fabric.port(egress).peer.value_or(egress);
  return 2ULL * std::min(egress.value, peer.value);
}

// What a probe occupies: 2 * (a cable's lower PortId) for cables, 2 * port + 1 for hosts;
// not the `shared` resources.
std::vector<std::uint64_t> resources(const Fabric& fabric, const ProbePair& p,
                                     const std::vector<std::uint64_t>& shared) {
  std::vector<std::uint64_t> out{2ULL * p.from.value + 1, 2ULL * p.to.value + 1};
  for (const std::vector<PortId>* route : {&p.forward, &p.reverse}) {
    for (PortId egress : *route) {
      out.push_back(cable_of(fabric, egress));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  out.erase(std::remove_if(out.begin(), out.end(),
                           [&](std::uint64_t r) {
                             return std::find(shared.begin(), shared.end(), r) != shared.end();
                           }),
            out.end());
  return out;
}

std::vector<std::vector<std::size_t>> conflicts(const Fabric& fabric, const ProbePlan& plan,
                                                std::span<const PortId> shared_ports,
                                                std::size_t& lower_bound) {
  std::vector<std::uint64_t> shared;  // a source's host port and its own cable
  for (PortId p : shared_ports) {
    shared.push_back(2ULL * p.value + 1);
    shared.push_back(cable_of(fabric, p));
  }
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> users;
  for (std::size_t i = 0; i < plan.probes.size(); ++i) {
    for (std::uint64_t r : resources(fabric, plan.probes[i], shared)) {
      users[r].push_back(i);
    }
  }
  std::vector<std::vector<std::size_t>> adjacent(plan.probes.size());
  lower_bound = 0;
  for (const auto& [r, probes] : users) {
    lower_bound = std::max(lower_bound, probes.size());
    for (std::size_t i : probes) {
      adjacent[i].insert(adjacent[i].end(), probes.begin(), probes.end());
    }
  }
  for (std::size_t i = 0; i < adjacent.size(); ++i) {
    std::vector<std::size_t>& a = adjacent[i];
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    a.erase(std::remove(a.begin(), a.end(), i), a.end());
  }
  return adjacent;
}

// The uncoloured vertex with the most distinct neighbour colours, then the most
// neighbours, then the lowest index.
std::size_t most_saturated(const std::vector<int>& colour,
                           const std::vector<std::set<int>>& neighbour_colours,
                           const std::vector<std::vector<std::size_t>>& adjacent) {
  std::size_t best = colour.size();
  for (std::size_t v = 0; v < colour.size(); ++v) {
    if (colour[v] >= 0) {
      continue;
    }
    if (best == colour.size() || neighbour_colours[v].size() > neighbour_colours[best].size() ||
        (neighbour_colours[v].size() == neighbour_colours[best].size() &&
         adjacent[v].size() > adjacent[best].size())) {
      best = v;
    }
  }
  return best;
}

}  // namespace

void assign_rounds(const Fabric& fabric, ProbePlan& plan, std::span<const PortId> shared) {
  std::vector<std::vector<std::size_t>> adjacent =
      conflicts(fabric, plan, shared, plan.round_lower_bound);
  std::vector<int> colour(plan.probes.size(), -1);
  std::vector<std::set<int>> neighbour_colours(plan.probes.size());
  plan.rounds.clear();
  for (std::size_t step = 0; step < colour.size(); ++step) {
    std::size_t v = most_saturated(colour, neighbour_colours, adjacent);
    int c = 0;
    while (neighbour_colours[v].count(c) != 0) {
      ++c;
    }
    colour[v] = c;
    for (std::size_t u : adjacent[v]) {
      neighbour_colours[u].insert(c);
    }
    if (static_cast<std::size_t>(c) == plan.rounds.size()) {
      plan.rounds.emplace_back();
    }
    plan.rounds[static_cast<std::size_t>(c)].push_back(v);
  }
  for (std::vector<std::size_t>& round : plan.rounds) {
    std::sort(round.begin(), round.end());
  }
}

}  // namespace ibatlas
