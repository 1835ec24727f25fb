// The adaptive-routing part of the XML snapshot and of `diff` on a generated 10k-host
// fat-tree (3 levels, radix 36: 1,440 switches, 11,440 LIDs) whose AR state is what a
// correct SM would program over opensm's minhop tables (tests/support/ar_state.hpp). The
// reference point is the same snapshot without AR state. docs/benchmarks.md records the
// numbers.
//
//   xml_ar_bench [--benchmark_filter=...]

#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/routing/minhop.hpp"

#include "support/ar_state.hpp"
#include "support/fabric_generators.hpp"

namespace {

using ibatlas::Fabric;

const Fabric& routed_10k() {
  static const Fabric fabric = [] {
    ibatlas::test::FatTreeSpec spec;
    spec.levels = 3;
    spec.radix = 36;
    spec.hosts = 10000;
    Fabric bare = ibatlas::test::make_fat_tree(spec);
    return ibatlas::with_forwarding_tables(bare, ibatlas::compute_minhop(bare));
  }();
  return fabric;
}

const Fabric& ar_10k() {
  static const Fabric fabric = ibatlas::test::with_consistent_ar(routed_10k());
  return fabric;
}

std::string xml_of(const Fabric& f) {
  std::ostringstream out;
  ibatlas::write_xml_snapshot(f, out);
  return out.str();
}

void write_bench(benchmark::State& state, const Fabric& f) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = xml_of(f).size();
  }
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

void read_bench(benchmark::State& state, const Fabric& f) {
  std::string xml = xml_of(f);
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::read_xml_snapshot(xml, "bench.xml"));
  }
  state.counters["MB"] = static_cast<double>(xml.size()) / 1e6;
}

void BM_WriteXml10kWithAr(benchmark::State& state) {
  write_bench(state, ar_10k());
}

void BM_WriteXml10kWithoutAr(benchmark::State& state) {
  write_bench(state, routed_10k());
}

void BM_ReadXml10kWithAr(benchmark::State& state) {
  read_bench(state, ar_10k());
}

void BM_ReadXml10kWithoutAr(benchmark::State& state) {
  read_bench(state, routed_10k());
}

// Two snapshots with the same AR state: every switch, entry and group compared, no change.
void BM_DiffAr10k(benchmark::State& state) {
  const Fabric& f = ar_10k();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::diff_fabrics(f, f));
  }
}

void BM_DiffWithoutAr10k(benchmark::State& state) {
  const Fabric& f = routed_10k();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::diff_fabrics(f, f));
  }
}

BENCHMARK(BM_WriteXml10kWithAr)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_WriteXml10kWithoutAr)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ReadXml10kWithAr)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ReadXml10kWithoutAr)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_DiffAr10k)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_DiffWithoutAr10k)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
