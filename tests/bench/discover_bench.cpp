// Crawl time versus window on the fake transport, with a per-SMP latency like a real
// fabric's (tens of microseconds), for fat-trees up to 10k hosts. The time reported is the
// FabricTransport's virtual clock (UseManualTime): what the crawl would take if every SMP
// took exactly that long and the fabric answered them in parallel. The crawler's own CPU
// time is the benchmark's CPU column.
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
