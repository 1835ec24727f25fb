// Parse throughput of the readers (issue 2): the largest real-world dumps and a generated
// 20k-host ibnetdiscover dump, in bytes per second (the "bytes_per_second" column).
// tests/bench/parse_vs_wc.sh compares whole processes with `wc -l` on the same files.
//
//   parse_bench [--benchmark_filter=...]     the benchmarks
//   parse_bench --write-dump PATH            write the generated 20k-host dump to PATH

#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"

namespace {

// 3 levels of radix-48 switches hold 27648 hosts; 20000 of them are cabled.
std::string generated_dump() {
  ibatlas::Fabric fabric = ibatlas::test::make_fat_tree(
      ibatlas::test::FatTreeSpec{.levels = 3, .radix = 48, .hosts = 20000});
  std::ostringstream out;
  ibatlas::write_ibnetdiscover(fabric, out);
  return out.str();
}

void read_all(benchmark::State& state, const std::string& text, const std::string& name) {
  for (auto _ : state) {
    ibatlas::ReadResult result = ibatlas::read_fabric(text, name);
    benchmark::DoNotOptimize(result);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
}

void BM_Generated20kHosts(benchmark::State& state) {
  static const std::string text = generated_dump();
  read_all(state, text, "generated-20k");
}

BENCHMARK(BM_Generated20kHosts)->Unit(benchmark::kMillisecond);

void BM_RealWorld(benchmark::State& state, const char* relative) {
  std::string text;
  try {
    text = ibatlas::read_file(ibatlas::test::realworld(relative));
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  read_all(state, text, relative);
}

BENCHMARK_CAPTURE(BM_RealWorld, ufm_director, "mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealWorld, topo6_cs8500, "hyungkwang-topo-examples/Topo.6_CS8500.txt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealWorld, janus, "mlunacek-janus/ibnetdiscover-2-12-2014")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealWorld, subnet_lst, "timofieiev-opensm-subnet-lst/opensm-subnet.lst")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RealWorld, avakas_ports,
                  "hwloc-netloc-avakas/ib-subnet-fe80_0000_0000_0000.txt")
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--write-dump") == 0) {
    std::ofstream(argv[2], std::ios::binary) << generated_dump();
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
