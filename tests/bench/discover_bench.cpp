// Crawl time versus window on the fake transport, with a per-SMP latency like a real
// fabric's (tens of microseconds), for fat-trees up to 10k hosts. The time reported is the
// FabricTransport's virtual clock (UseManualTime): what the crawl would take if every SMP
// took exactly that long and the fabric answered them in parallel. The crawler's own CPU
// time is the benchmark's CPU column.
//
// BM_CrawlSmaModel does the same on the SMA model (support/sma_model.hpp): each node serves
// SMPs one at a time (5-50 µs each), drops what overflows its VL15 queue (4 deep), and a
// dropped SMP costs the 1 s timeout; arguments: window, per-node cap (0: none), hosts
// (10k: 3 levels of radix 36; 40k: 3 levels of radix 64). docs/benchmarks.md has the table.
//
//   discover_bench [--benchmark_filter=...]            the sweep
//   discover_bench --netfile LEVELS RADIX HOSTS        print a generated fat-tree as an
//                                                      ibsim netfile (for the ibsim benchmark)

#include <cstdlib>
#include <cstring>
#include <iostream>

#include <benchmark/benchmark.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"
#include "support/sma_model.hpp"

namespace {

using ibatlas::CrawlOptions;
using ibatlas::DiscoveryResult;
using ibatlas::Fabric;
using ibatlas::test::FabricTransport;
using ibatlas::test::FatTreeSpec;

const Fabric& fat_tree_10k() {
  // 3 levels of radix-36 switches: 31 pods of 324 hosts, 1440 switches with the cores.
  static const Fabric fabric = ibatlas::test::make_fat_tree(
      FatTreeSpec{.levels = 3, .radix = 36, .hosts = 10000, .speed = ibatlas::LinkSpeed::Hdr});
  return fabric;
}

void BM_CrawlWindow(benchmark::State& state) {
  const Fabric& fabric = fat_tree_10k();
  auto window = static_cast<std::size_t>(state.range(0));
  std::chrono::nanoseconds latency = std::chrono::microseconds(state.range(1));
  std::uint64_t mads = 0;
  for (auto _ : state) {
    FabricTransport transport(fabric, {.max_in_flight = window, .latency = latency});
    CrawlOptions options;
    options.max_in_flight = window;
    DiscoveryResult r = ibatlas::discover(transport, options);
    if (!r.report.complete() || r.fabric.nodes().size() != fabric.nodes().size()) {
      state.SkipWithError("incomplete crawl");
      break;
    }
    mads = transport.smps_received();
    state.SetIterationTime(std::chrono::duration<double>(transport.virtual_now()).count());
  }
  state.counters["MADs"] = static_cast<double>(mads);
  state.counters["nodes"] = static_cast<double>(fabric.nodes().size());
}

BENCHMARK(BM_CrawlWindow)
    ->ArgsProduct({{1, 2, 4, 8, 16, 32, 64, 128, 256, 1024}, {20}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

const Fabric& fat_tree_of(std::int64_t hosts) {
  if (hosts <= 10000) {
    return fat_tree_10k();
  }
  static const Fabric fabric = ibatlas::test::make_fat_tree(
      FatTreeSpec{.levels = 3, .radix = 64, .hosts = 40000, .speed = ibatlas::LinkSpeed::Hdr});
  return fabric;
}

void BM_CrawlSmaModel(benchmark::State& state) {
  const Fabric& fabric = fat_tree_of(state.range(2));
  auto window = static_cast<std::size_t>(state.range(0));
  auto per_node = static_cast<std::size_t>(state.range(1));
  ibatlas::CrawlStatistics stats;
  std::uint64_t drops = 0;
  std::size_t peak_at_sma = 0;
  for (auto _ : state) {
    ibatlas::test::SmaModelTransport model(fabric, {});
    CrawlOptions options;
    options.max_in_flight = window;
    options.per_node = per_node;
    options.clock = model.clock();
    DiscoveryResult r = ibatlas::discover(model, options);
    if (!r.report.complete() || r.fabric.links().size() != fabric.links().size()) {
      state.SkipWithError("incomplete crawl");
      break;
    }
    stats = r.report.statistics;
    drops = model.queue_drops();
    peak_at_sma = model.peak_at_sma();
    state.SetIterationTime(std::chrono::duration<double>(model.now()).count());
  }
  state.counters["MADs"] = static_cast<double>(stats.mads_sent);
  state.counters["drops"] = static_cast<double>(drops);
  state.counters["retried"] = static_cast<double>(stats.retried_mads);
  state.counters["charged_far"] = static_cast<double>(stats.charged_far);
  state.counters["peak_sma"] = static_cast<double>(peak_at_sma);
  state.counters["nodes"] = static_cast<double>(fabric.nodes().size());
}

BENCHMARK(BM_CrawlSmaModel)
    ->ArgsProduct({{2, 16, 64, 128, 256}, {0, 1, 2, 4, 8}, {10000}})
    ->ArgsProduct({{2, 128, 256}, {0, 1, 2}, {40000}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

int write_netfile(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: discover_bench --netfile LEVELS RADIX HOSTS\n";
    return 2;
  }
  FatTreeSpec spec;
  spec.levels = std::atoi(argv[2]);
  spec.radix = std::atoi(argv[3]);
  spec.hosts = std::atoi(argv[4]);
  ibatlas::write_ibnetdiscover(ibatlas::test::make_fat_tree(spec), std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--netfile") == 0) {
    return write_netfile(argc, argv);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
