// Probe planning on generated 3-level fat-trees (radix 36) with opensm-style minhop tables,
// 100 suspect links: 40 leaf-agg cables, 30 agg-core cables, 30 host cables, spread over
// the fabric. No standard tool plans probes; the comparison is the naive approach the issue
// names, ClusterKit's full mode, which measures every one of the n(n-1)/2 host pairs: here
// the cost of only tracing those pairs (forward and reply routes) to learn which cross a
// suspect, all of them at 2000 hosts, a sample at 10k hosts (the full time extrapolated).
// docs/benchmarks.md ("Probe planning") has the numbers.

#include <chrono>
#include <map>
#include <set>
#include <string>

#include <benchmark/benchmark.h>

#include "ibatlas/lft_route.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/routing/engine.hpp"

#include "support/fabric_generators.hpp"

namespace {

using ibatlas::Fabric;
using ibatlas::PortId;

const Fabric& routed(int hosts) {
  static std::map<int, Fabric> fabrics;
  auto it = fabrics.find(hosts);
  if (it == fabrics.end()) {
    ibatlas::test::FatTreeSpec spec;
    spec.levels = 3;
    spec.radix = 36;
    spec.hosts = hosts;
    Fabric f = ibatlas::compute_routes(ibatlas::test::make_fat_tree(spec), {}).fabric;
    it = fabrics.emplace(hosts, std::move(f)).first;
  }
  return it->second;
}

bool named(const Fabric& f, PortId p, const std::string& prefix) {
  return f.node(f.node_of(p)).description.rfind(prefix, 0) == 0;
}

// Every k-th cable of each kind, so that the suspects spread over pods and switches.
std::vector<ibatlas::SuspectLink> suspects(const Fabric& f) {
  std::vector<std::vector<ibatlas::SuspectLink>> kinds(3);
  for (PortId a : f.links()) {
    PortId b = *f.port(a).peer;
    if (named(f, a, "host") || named(f, b, "host")) {
      kinds[2].push_back({a, b, "bench"});
    } else if (named(f, a, "leaf") || named(f, b, "leaf")) {
      kinds[0].push_back({a, b, "bench"});
    } else {
      kinds[1].push_back({a, b, "bench"});
    }
  }
  std::vector<ibatlas::SuspectLink> out;
  const std::size_t want[] = {40, 30, 30};
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    std::size_t stride = kinds[k].size() / want[k];
    for (std::size_t i = 0; i < want[k]; ++i) {
      out.push_back(kinds[k][i * stride + (i % stride)]);
    }
  }
  return out;
}

void BM_PlanProbes(benchmark::State& state) {
  const Fabric& f = routed(static_cast<int>(state.range(0)));
  std::vector<ibatlas::SuspectLink> s = suspects(f);
  ibatlas::ProbePlan plan;
  for (auto _ : state) {
    plan = ibatlas::plan_probes(f, s, ibatlas::PlanOptions{});
    benchmark::DoNotOptimize(plan);
  }
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::size_t controls = 0;
  for (const ibatlas::ProbePair& p : plan.probes) {
    pairs.insert({std::min(p.from.value, p.to.value), std::max(p.from.value, p.to.value)});
    controls += p.control ? 1 : 0;
  }
  std::size_t no_probe = 0;
  std::size_t one_probe = 0;
  std::size_t no_control = 0;
  for (const ibatlas::SuspectDirection& cov : plan.coverage) {
    no_probe += cov.probes.empty() ? 1 : 0;
    one_probe += cov.probes.size() == 1 ? 1 : 0;
    no_control += !cov.probes.empty() && cov.controls.empty() ? 1 : 0;
  }
  auto n = static_cast<double>(s.size());
  state.counters["suspects"] = n;
  state.counters["pairs_per_suspect"] = static_cast<double>(pairs.size()) / n;
  state.counters["probes_per_suspect"] = static_cast<double>(plan.probes.size()) / n;
  state.counters["controls"] = static_cast<double>(controls);
  state.counters["dirs_no_probe"] = static_cast<double>(no_probe);
  state.counters["dirs_one_probe"] = static_cast<double>(one_probe);
  state.counters["dirs_no_control"] = static_cast<double>(no_control);
  state.counters["rounds"] = static_cast<double>(plan.rounds.size());
  state.counters["round_lower_bound"] = static_cast<double>(plan.round_lower_bound);
}

BENCHMARK(BM_PlanProbes)->Arg(2000)->Arg(10000)->Unit(benchmark::kMillisecond);

// ClusterKit full mode's pairs, traced: forward and reply route of every unordered pair
// (i, j), i < j, checked against the suspects. range(1): trace every step-th pair only.
void BM_NaiveAllPairs(benchmark::State& state) {
  const Fabric& f = routed(static_cast<int>(state.range(0)));
  auto step = static_cast<std::uint64_t>(state.range(1));
  std::set<std::uint32_t> suspect_ports;
  for (const ibatlas::SuspectLink& s : suspects(f)) {
    suspect_ports.insert(s.a.value);
    suspect_ports.insert(s.b.value);
  }
  std::vector<PortId> hosts;
  for (PortId a : f.links()) {
    for (PortId p : {a, *f.port(a).peer}) {
      if (named(f, p, "host")) {
        hosts.push_back(p);
      }
    }
  }
  ibatlas::LftRouter router(f);
  std::uint64_t all = hosts.size() * (hosts.size() - 1) / 2;
  std::uint64_t traced = 0;
  std::uint64_t crossing = 0;
  double seconds = 0;
  std::set<std::uint32_t> crossed;  // suspect directions (egress ports) some route crosses
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    traced = 0;
    crossing = 0;
    std::uint64_t k = 0;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
      for (std::size_t j = i + 1; j < hosts.size(); ++j, ++k) {
        if (k % step != 0) {
          continue;
        }
        ++traced;
        auto forward = router.egress_ports(hosts[i], *f.port(hosts[j]).base_lid);
        auto reverse = router.egress_ports(hosts[j], *f.port(hosts[i]).base_lid);
        bool hit = false;
        for (const auto* route : {&forward, &reverse}) {
          for (PortId p : route->value_or(std::vector<PortId>{})) {
            if (suspect_ports.count(p.value) != 0) {
              hit = true;
              crossed.insert(p.value);
            }
          }
        }
        crossing += hit ? 1 : 0;
      }
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  state.counters["pairs_n(n-1)/2"] = static_cast<double>(all);
  state.counters["pairs_traced"] = static_cast<double>(traced);
  state.counters["crossing_a_suspect"] = static_cast<double>(crossing);
  state.counters["dirs_crossed"] = static_cast<double>(crossed.size());
  // Seconds per iteration scaled from the traced sample to all pairs.
  state.counters["full_s_estimate"] =
      seconds * static_cast<double>(all) / static_cast<double>(traced);
}

BENCHMARK(BM_NaiveAllPairs)
    ->Args({2000, 1})
    ->Args({10000, 100})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
