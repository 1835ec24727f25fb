// The probe engine's statistics (docs/probe.md, "Statistics" and "Verdict"): recording one
// round trip in the latency histogram (the issue asks for under 1 us of engine overhead per
// sample), summarising 10k raw samples exactly, the Hodges-Lehmann interval of 30 vs 30
// block medians (exact Mann-Whitney distribution), and a whole direction's verdict over
// three message sizes of 30 blocks per arm.
//
//   probe_stats_bench [--benchmark_filter=...]

#include <cstdint>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "ibatlas/probe/histogram.hpp"
#include "ibatlas/probe/statistics.hpp"
#include "ibatlas/probe/verdict.hpp"

namespace {

// Round trips around 2 us with a long tail, as a verbs ping-pong gives them.
std::vector<std::uint32_t> round_trips(std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::lognormal_distribution<double> rtt(7.6, 0.3);
  std::vector<std::uint32_t> v;
  for (std::size_t i = 0; i < count; ++i) {
    v.push_back(static_cast<std::uint32_t>(rtt(rng)));
  }
  return v;
}

std::vector<double> block_medians_around(double centre, std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(centre, centre * 0.02);
  std::vector<double> v;
  for (std::size_t i = 0; i < count; ++i) {
    v.push_back(noise(rng));
  }
  return v;
}

void BM_HistogramRecord(benchmark::State& state) {
  const std::vector<std::uint32_t> samples = round_trips(1 << 16, 1);
  ibatlas::LatencyHistogram h;
  std::size_t i = 0;
  for (auto _ : state) {
    h.record(samples[i]);
    i = (i + 1) & (samples.size() - 1);
  }
  benchmark::DoNotOptimize(h.count());
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_HistogramRecord);

void BM_DistributionSummary10k(benchmark::State& state) {
  const std::vector<std::uint32_t> samples = round_trips(10000, 2);
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::summarize(samples));
  }
}

BENCHMARK(BM_DistributionSummary10k)->Unit(benchmark::kMicrosecond);

void BM_HodgesLehmann30x30(benchmark::State& state) {
  const std::vector<double> x = block_medians_around(2100, 30, 3);
  const std::vector<double> y = block_medians_around(2000, 30, 4);
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::hodges_lehmann(x, y, 0.95));
  }
}

BENCHMARK(BM_HodgesLehmann30x30)->Unit(benchmark::kMicrosecond);

void BM_JudgeDirection3Sizes(benchmark::State& state) {
  std::vector<ibatlas::SizeArms> sizes;
  unsigned seed = 5;
  for (std::uint32_t bytes : {64u, 4096u, 65536u}) {
    const double nominal = 2000 + 0.1 * bytes;
    sizes.push_back({.bytes = bytes,
                     .suspect = block_medians_around(nominal * 1.05, 30, seed++),
                     .control = block_medians_around(nominal, 30, seed++)});
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::judge_direction(sizes, ibatlas::VerdictOptions{}));
  }
}

BENCHMARK(BM_JudgeDirection3Sizes)->Unit(benchmark::kMicrosecond);

}  // namespace
