// The adaptive-routing checks alone (check_adaptive_routing: fleet, tables, min-hop, the AR
// path walk) on a generated 10k-host fat-tree (3 levels, radix 36: 1,440 switches, 11,440
// LIDs) whose AR state is what a correct SM would program over opensm's minhop tables
// (tests/support/ar_state.hpp): every switch AR-enabled, every remote LID adaptive. No
// standard tool reads AR state (ibdiagnet is closed), so the reference point is the `routes`
// validation of the same fabric's static tables (analyze_routes, everything on).
// docs/benchmarks.md records the numbers.
//
//   ar_checks_bench [--benchmark_filter=...]

#include <benchmark/benchmark.h>

#include "ibatlas/ar/ar_checks.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/routing/route_report.hpp"
#include "ibatlas/tiers.hpp"

#include "support/ar_state.hpp"
#include "support/fabric_generators.hpp"

namespace {

using ibatlas::Fabric;

const Fabric& ar_10k() {
  static const Fabric fabric = [] {
    ibatlas::test::FatTreeSpec spec;
    spec.levels = 3;
    spec.radix = 36;
    spec.hosts = 10000;
    Fabric bare = ibatlas::test::make_fat_tree(spec);
    Fabric routed = ibatlas::with_forwarding_tables(bare, ibatlas::compute_minhop(bare));
    return ibatlas::test::with_consistent_ar(routed);
  }();
  return fabric;
}

void BM_ArChecks10k(benchmark::State& state) {
  const Fabric& f = ar_10k();
  ibatlas::Tiers tiers = ibatlas::infer_tiers(f);
  std::size_t findings = 0;
  for (auto _ : state) {
    std::vector<ibatlas::Finding> out = check_adaptive_routing(f, tiers, {});
    findings = out.size();
    benchmark::DoNotOptimize(out);
  }
  state.counters["switches"] = static_cast<double>(f.adaptive_routing().size());
  state.counters["findings"] = static_cast<double>(findings);  // 0: the state is consistent
}

BENCHMARK(BM_ArChecks10k)->Unit(benchmark::kMillisecond)->Iterations(3);

// The reference: what `routes` spends validating the static tables of the same fabric.
void BM_RoutesValidation10k(benchmark::State& state) {
  const Fabric& f = ar_10k();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::analyze_routes(f, ibatlas::RouteAnalysisOptions{}));
  }
}

BENCHMARK(BM_RoutesValidation10k)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
