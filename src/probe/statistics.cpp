#include "ibatlas/probe/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ibatlas {
namespace {

// q*n computed in floating point lands a hair off an integer (0.99 * 1000 is 989.999...);
// a relative slack far below 1/n keeps such products on the integer they mean.
constexpr double kRankSlack = 1e-12;

// The median of values already sorted; NaN when empty.
template <typename T>
double sorted_median(std::span<const T> sorted) {
  const std::size_t n = sorted.size();
  if (n == 0) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  const double upper = static_cast<double>(sorted[n / 2]);
  if (n % 2 == 1) {
    return upper;
  }
  return (static_cast<double>(sorted[n / 2 - 1]) + upper) / 2;
}

std::optional<std::uint32_t> reported_quantile(std::span<const std::uint32_t> sorted, double q) {
  if (!quantile_reportable(q, sorted.size())) {
    return std::nullopt;
  }
  return sorted[nearest_rank(q, sorted.size()) - 1];
}

// The standard normal quantile, by bisection on erfc: slow next to a rational approximation,
// but obviously right, and the verdict calls it once per size beyond the exact limit.
double normal_quantile(double p) {
  double low = -40;
  double high = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = (low + high) / 2;
    if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return (low + high) / 2;
}

// The same rank from the normal approximation to U (mean mn/2, variance mn(m+n+1)/12) with a
// continuity correction: P(U <= k-1) ~ Phi((k - 1/2 - mn/2) / sigma) <= alpha/2.
std::size_t approximate_rank(std::size_t m, std::size_t n, double alpha) {
  const double mn = static_cast<double>(m) * static_cast<double>(n);
  const double sigma = std::sqrt(mn * static_cast<double>(m + n + 1) / 12);
  const double k = std::floor(mn / 2 + 0.5 - normal_quantile(1 - alpha / 2) * sigma);
  return k < 1 ? 0 : static_cast<std::size_t>(k);
}

}  // namespace

std::size_t nearest_rank(double q, std::size_t n) {
  if (n == 0) {
    return 0;
  }
  const double x = std::clamp(q, 0.0, 1.0) * static_cast<double>(n);
  const double rank = std::ceil(x - x * kRankSlack);
  return std::clamp<std::size_t>(static_cast<std::size_t>(rank), 1, n);
}

bool quantile_reportable(double q, std::size_t n) {
  // 100 * (1 - 0.9) is 9.99...98 in doubles; the slack keeps p90 at 100 samples.
  return static_cast<double>(n) * (1 - q) >= 10 * (1 - kRankSlack);
}

Distribution summarize(std::span<const std::uint32_t> ns) {
  Distribution d;
  d.n = ns.size();
  if (ns.empty()) {
    return d;
  }
  std::vector<std::uint32_t> sorted(ns.begin(), ns.end());
  std::sort(sorted.begin(), sorted.end());
  d.min = sorted.front();
  d.max = sorted.back();
  d.p50 = reported_quantile(sorted, 0.5);
  d.p90 = reported_quantile(sorted, 0.9);
  d.p99 = reported_quantile(sorted, 0.99);
  d.p999 = reported_quantile(sorted, 0.999);
  // A 64-bit sum of 32-bit values is exact for any sample count that fits in memory.
  const std::uint64_t sum = std::accumulate(sorted.begin(), sorted.end(), std::uint64_t{0});
  d.mean = static_cast<double>(sum) / static_cast<double>(d.n);
  return d;
}

double median(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted_median<double>(sorted);
}

std::vector<double> block_medians(std::span<const std::uint32_t> samples, std::size_t block) {
  std::vector<double> medians;
  if (block == 0) {
    return medians;
  }
  std::vector<std::uint32_t> buffer(block);
  for (std::size_t start = 0; start + block <= samples.size(); start += block) {
    std::span<const std::uint32_t> run = samples.subspan(start, block);
    std::copy(run.begin(), run.end(), buffer.begin());
    std::sort(buffer.begin(), buffer.end());
    medians.push_back(sorted_median<std::uint32_t>(buffer));
  }
  return medians;
}

std::vector<double> mann_whitney_cdf(std::size_t m, std::size_t n) {
  // The counting recurrence (Mann and Whitney 1947), in probabilities so that C(100, 50)
  // does not overflow: of i x's and j y's, the largest is an x with probability i/(i+j),
  // and then it beats all j y's; otherwise it is a y and beats nothing. So
  //   p[i][j](u) = i/(i+j) p[i-1][j](u-j) + j/(i+j) p[i][j-1](u).
  // prev[j] is row i-1, cur[j] row i; p[0][j] and p[i][0] are all mass at u = 0.
  std::vector<std::vector<double>> prev(n + 1, std::vector<double>{1.0});
  std::vector<std::vector<double>> cur(n + 1);
  for (std::size_t i = 1; i <= m; ++i) {
    cur[0] = {1.0};
    for (std::size_t j = 1; j <= n; ++j) {
      const double total = static_cast<double>(i + j);
      const double x_largest = static_cast<double>(i) / total;
      const double y_largest = static_cast<double>(j) / total;
      std::vector<double>& p = cur[j];
      p.assign(i * j + 1, 0.0);
      for (std::size_t u = 0; u < prev[j].size(); ++u) {
        p[u + j] += x_largest * prev[j][u];
      }
      for (std::size_t u = 0; u < cur[j - 1].size(); ++u) {
        p[u] += y_largest * cur[j - 1][u];
      }
    }
    std::swap(prev, cur);
  }
  std::vector<double> cdf = prev[n];
  std::partial_sum(cdf.begin(), cdf.end(), cdf.begin());
  return cdf;
}

ShiftRank shift_interval_rank(std::size_t m, std::size_t n, double confidence) {
  // Hollander and Wolfe, Nonparametric Statistical Methods (3rd ed., 2014, sec. 4.3), after
  // Bauer (1972): with D(1) <= ... <= D(mn) the ordered differences x_i - y_j and Delta the
  // true shift, Delta < D(k) exactly when at most k-1 differences fall below Delta, and
  // their count is distributed as the Mann-Whitney U under the null. So
  //   P(D(k) <= Delta <= D(mn+1-k)) = 1 - 2 P(U <= k-1),
  // and k is the largest rank with P(U <= k-1) <= alpha/2: the tables' two-sided critical
  // value of U plus one, which is their C_alpha = n(2m+n+1)/2 + 1 - w(alpha/2) with w the
  // upper alpha/2 point of the y's rank sum (5 vs 5 at 95%: w = 38, k = 3). Continuous data
  // assumed; ties among block medians only make the interval conservative.
  ShiftRank rank;
  if (m == 0 || n == 0) {
    return rank;
  }
  const double alpha = 1 - confidence;
  const std::size_t middle = (m * n + 1) / 2;  // keeps D(k) <= D(mn+1-k)
  if (m > kExactMannWhitneyLimit || n > kExactMannWhitneyLimit) {
    rank.exact = false;
    rank.k = std::min(approximate_rank(m, n, alpha), middle);
    rank.confidence = rank.k == 0 ? 1 : confidence;
    return rank;
  }
  const std::vector<double> cdf = mann_whitney_cdf(m, n);
  while (rank.k < middle && cdf[rank.k] <= alpha / 2 * (1 + kRankSlack)) {
    ++rank.k;  // cdf[k] is P(U <= k): rank k+1 is still wide enough
  }
  rank.confidence = rank.k == 0 ? 1 : 1 - 2 * cdf[rank.k - 1];
  return rank;
}

ShiftInterval hodges_lehmann(std::span<const double> x, std::span<const double> y,
                             double confidence) {
  std::vector<double> differences;
  differences.reserve(x.size() * y.size());
  for (double xi : x) {
    for (double yj : y) {
      differences.push_back(xi - yj);
    }
  }
  std::sort(differences.begin(), differences.end());
  const ShiftRank rank = shift_interval_rank(x.size(), y.size(), confidence);
  ShiftInterval interval;
  interval.estimate = sorted_median<double>(differences);
  interval.confidence = rank.confidence;
  interval.exact = rank.exact;
  if (rank.k == 0) {
    interval.low = -std::numeric_limits<double>::infinity();
    interval.high = std::numeric_limits<double>::infinity();
  } else {
    interval.low = differences[rank.k - 1];
    interval.high = differences[differences.size() - rank.k];
  }
  return interval;
}

std::optional<double> size_slope(std::span<const SizePoint> points) {
  if (points.size() < 2) {
    return std::nullopt;
  }
  double mean_x = 0;
  double mean_y = 0;
  for (const SizePoint& p : points) {
    mean_x += p.bytes;
    mean_y += p.ns;
  }
  mean_x /= static_cast<double>(points.size());
  mean_y /= static_cast<double>(points.size());
  double sxx = 0;
  double sxy = 0;
  for (const SizePoint& p : points) {
    sxx += (p.bytes - mean_x) * (p.bytes - mean_x);
    sxy += (p.bytes - mean_x) * (p.ns - mean_y);
  }
  if (sxx == 0) {
    return std::nullopt;  // one size, however often repeated
  }
  return sxy / sxx;
}

}  // namespace ibatlas
