// The audit (`run_checks`, every check of the registry) on a generated 10k-host fat-tree
// (3 levels, radix 36: 1,440 switches, 11,440 nodes, 30,088 links) and on the largest
// real-world dump. Goal (issue 4): under 1 s for 10k hosts. Variants: as from an
// ibnetdiscover dump (active rates only), with counters on every port (as from a crawl with
// --counters), and with forwarding tables (the route.* checks run too). The whole-process
// comparison with iblinkinfo is tests/bench/check_vs_iblinkinfo.sh.
//
//   check_bench [--benchmark_filter=...]    the benchmarks
//   check_bench --dump HOSTS                the fat-tree as ibnetdiscover text (stdout)

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <benchmark/benchmark.h>

#include "ibatlas/analysis/counters.hpp"
#include "ibatlas/audit/audit.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/routing/engine.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"

namespace {

using ibatlas::Fabric;

Fabric fat_tree(int hosts, bool counters) {
  ibatlas::test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 36;
  spec.hosts = hosts;
  spec.counters = counters;
  return ibatlas::test::make_fat_tree(spec);
}

// Thresholds no generated counter reaches: the generator's random values would otherwise make
// half a million findings, which no real fabric has; every counter is still compared.
ibatlas::AuditOptions quiet_counters() {
  ibatlas::AuditOptions options;
  for (const ibatlas::CounterInfo& c : ibatlas::error_counters()) {
    options.counter_thresholds.*c.threshold = UINT64_MAX;
  }
  return options;
}

void run(benchmark::State& state, const Fabric& f, const ibatlas::AuditOptions& options) {
  std::size_t findings = 0;
  for (auto _ : state) {
    std::vector<ibatlas::Finding> out = ibatlas::run_checks(f, options);
    findings = out.size();
    benchmark::DoNotOptimize(out);
  }
  state.counters["nodes"] = static_cast<double>(f.nodes().size());
  state.counters["links"] = static_cast<double>(f.links().size());
  state.counters["findings"] = static_cast<double>(findings);
}

void BM_Check10kDump(benchmark::State& state) {
  static const Fabric f = fat_tree(10000, false);
  run(state, f, {});
}

BENCHMARK(BM_Check10kDump)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_Check10kCounters(benchmark::State& state) {
  static const Fabric f = fat_tree(10000, true);
  run(state, f, quiet_counters());
}

BENCHMARK(BM_Check10kCounters)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_Check10kWithTables(benchmark::State& state) {
  static const Fabric f =
      ibatlas::compute_routes(fat_tree(10000, false), ibatlas::ComputeOptions{}).fabric;
  run(state, f, {});
}

BENCHMARK(BM_Check10kWithTables)->Unit(benchmark::kMillisecond)->Iterations(3);

// The largest real-world dump: 2 MB of ibnetdiscover from a UFM director fabric.
void BM_CheckUfmDirector(benchmark::State& state) {
  static const Fabric f = [] {
    std::string path = ibatlas::test::realworld("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt");
    return ibatlas::read_fabric(ibatlas::read_file(path), path).fabric;
  }();
  run(state, f, {});
}

BENCHMARK(BM_CheckUfmDirector)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--dump") == 0) {
    ibatlas::write_ibnetdiscover(fat_tree(std::atoi(argv[2]), false), std::cout);
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
