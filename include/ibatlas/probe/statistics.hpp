#pragma once

// The statistics behind the probe verdict (docs/probe.md, "Statistics"): exact summaries of
// raw round-trip samples, block medians, the Hodges-Lehmann shift with its distribution-free
// Mann-Whitney interval, and the slope of latency over message size. Pure and deterministic:
// no random numbers, nothing thrown.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace ibatlas {

// The nearest rank of quantile q among n values: ceil(q*n), at least 1 and at most n
// (1-based). Floating-point noise in q*n (0.99 * 1000 is 989.99...) does not move it.
std::size_t nearest_rank(double q, std::size_t n);

// Whether quantile q of n samples may be reported: at least 10 samples lie above it,
// n*(1-q) >= 10 (p99 needs 1000 samples, p99.9 10000).
bool quantile_reportable(double q, std::size_t n);

// Round-trip times in nanoseconds, summarised exactly from the raw samples. A quantile is
// present only when quantile_reportable; n == 0 leaves every other field 0.
struct Distribution {
  std::size_t n = 0;
  std::uint32_t min = 0;
  std::optional<std::uint32_t> p50;
  std::optional<std::uint32_t> p90;
  std::optional<std::uint32_t> p99;
  std::optional<std::uint32_t> p999;
  std::uint32_t max = 0;
  double mean = 0;
};

Distribution summarize(std::span<const std::uint32_t> ns);

// The middle value (the mean of the two middle values for an even count); NaN when empty.
double median(std::span<const double> values);

// The median of each run of `block` consecutive samples, in order. A last, shorter run is
// dropped; block == 0 gives none.
std::vector<double> block_medians(std::span<const std::uint32_t> samples, std::size_t block);

// The shift of x over y: estimate is the Hodges-Lehmann median of all x_i - y_j, and
// [low, high] its distribution-free interval from the ordered differences. confidence is the
// interval's coverage: exactly achieved (>= the requested one) when `exact`, else the
// requested one under the normal approximation. Too few observations for the requested
// confidence give (-inf, +inf); an empty x or y also gives a NaN estimate.
struct ShiftInterval {
  double estimate = 0;
  double low = 0;
  double high = 0;
  double confidence = 0;
  bool exact = true;
};

// Sample sizes up to this (each) get the exact Mann-Whitney null distribution.
inline constexpr std::size_t kExactMannWhitneyLimit = 50;

ShiftInterval hodges_lehmann(std::span<const double> x, std::span<const double> y,
                             double confidence);

// P(U <= u) for every u in 0..m*n, U the Mann-Whitney statistic (pairs with x_i > y_j) of
// m against n observations from one continuous distribution. Exact; O(m*n*m*n) time.
std::vector<double> mann_whitney_cdf(std::size_t m, std::size_t n);

// The k of the interval [D(k), D(mn+1-k)] over the m*n ordered differences (1-based) at
// `confidence`, with the coverage it achieves; k == 0: no interval is narrow enough.
struct ShiftRank {
  std::size_t k = 0;
  double confidence = 0;
  bool exact = true;
};

ShiftRank shift_interval_rank(std::size_t m, std::size_t n, double confidence);

// One message size's latency, e.g. a low quantile or the median of its block medians.
struct SizePoint {
  double bytes = 0;
  double ns = 0;
};

// The least-squares slope of ns over bytes, in ns per byte; absent with fewer than two
// distinct sizes.
std::optional<double> size_slope(std::span<const SizePoint> points);

}  // namespace ibatlas
