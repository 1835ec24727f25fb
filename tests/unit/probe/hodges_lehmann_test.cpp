#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/probe/statistics.hpp"

namespace ibatlas {
namespace {

// P(U <= u) by enumerating every way to place m x's among m+n sorted positions (each
// equally likely under the null): the oracle the recurrence is checked against.
std::vector<double> brute_force_cdf(std::size_t m, std::size_t n) {
  std::vector<double> counts(m * n + 1, 0);
  double total = 0;
  for (std::uint32_t mask = 0; mask < (1u << (m + n)); ++mask) {
    if (static_cast<std::size_t>(std::popcount(mask)) != m) {
      continue;
    }
    std::size_t u = 0;
    std::size_t ys_below = 0;
    for (std::size_t position = 0; position < m + n; ++position) {
      if ((mask >> position) & 1u) {
        u += ys_below;  // this x beats every y below it
      } else {
        ++ys_below;
      }
    }
    counts[u] += 1;
    total += 1;
  }
  double running = 0;
  for (double& c : counts) {
    running += c;
    c = running / total;
  }
  return counts;
}

TEST(HodgesLehmannTest, MannWhitneyRecurrenceMatchesEnumeration) {
  for (std::size_t m = 1; m <= 7; ++m) {
    for (std::size_t n = 1; n <= 7; ++n) {
      const std::vector<double> exact = brute_force_cdf(m, n);
      const std::vector<double> dp = mann_whitney_cdf(m, n);
      ASSERT_EQ(dp.size(), exact.size());
      for (std::size_t u = 0; u < exact.size(); ++u) {
        EXPECT_NEAR(dp[u], exact[u], 1e-12) << m << "x" << n << " u=" << u;
      }
    }
  }
}

TEST(HodgesLehmannTest, RanksAgreeWithPublishedCriticalValues) {
  // Two-sided 5% critical values of U from the standard Mann-Whitney tables (reject when
  // U <= critical): 2 for 5 vs 5, 23 for 10 vs 10, 127 for 20 vs 20. The interval's rank k
  // is the critical value + 1.
  EXPECT_EQ(shift_interval_rank(5, 5, 0.95).k, 3u);
  EXPECT_EQ(shift_interval_rank(10, 10, 0.95).k, 24u);
  EXPECT_EQ(shift_interval_rank(20, 20, 0.95).k, 128u);
  // 5 vs 5: P(U <= 2) = 4/252 (u = 0, 1, 2 in 1, 1, 2 ways), so coverage 1 - 8/252.
  const ShiftRank five = shift_interval_rank(5, 5, 0.95);
  EXPECT_TRUE(five.exact);
  EXPECT_NEAR(five.confidence, 1 - 8.0 / 252, 1e-12);
}

TEST(HodgesLehmannTest, SmallExampleByHand) {
  // Differences 4 3 6 5 8 7 -> 3 4 5 6 7 8; the estimate is (5 + 6) / 2. Of the C(5,2) = 10
  // arrangements one has U = 0, one U = 1: at 75% requested, k = 1 achieves 1 - 2/10.
  const std::vector<double> x = {5, 7, 9};
  const std::vector<double> y = {1, 2};
  const ShiftInterval s = hodges_lehmann(x, y, 0.75);
  EXPECT_EQ(s.estimate, 5.5);
  EXPECT_EQ(s.low, 3);
  EXPECT_EQ(s.high, 8);
  EXPECT_NEAR(s.confidence, 0.8, 1e-12);
  EXPECT_TRUE(s.exact);
}

TEST(HodgesLehmannTest, TooFewObservationsGiveAnUnboundedInterval) {
  const std::vector<double> x = {5, 7, 9};
  const std::vector<double> y = {1, 2};
  const ShiftInterval s = hodges_lehmann(x, y, 0.95);  // P(U = 0) = 0.1 > 0.025
  EXPECT_EQ(s.estimate, 5.5);
  EXPECT_TRUE(std::isinf(s.low) && s.low < 0);
  EXPECT_TRUE(std::isinf(s.high) && s.high > 0);
  const ShiftInterval none = hodges_lehmann(x, {}, 0.95);
  EXPECT_TRUE(std::isnan(none.estimate));
  EXPECT_TRUE(std::isinf(none.low));
}

TEST(HodgesLehmannTest, FiveByFiveUsesTheThirdDifferenceFromEachEnd) {
  // D(3) and D(23) of the 25 differences x_i - y_j, by hand:
  // y = {0,1,2,3,4}, x = {100,110,120,130,140}: the smallest are 100-4, 100-3, 100-2.
  const std::vector<double> x = {100, 110, 120, 130, 140};
  const std::vector<double> y = {0, 1, 2, 3, 4};
  const ShiftInterval s = hodges_lehmann(x, y, 0.95);
  EXPECT_EQ(s.low, 98);
  EXPECT_EQ(s.high, 138);  // the largest are 140-0, 140-1, 140-2
  EXPECT_EQ(s.estimate, 118);
}

std::vector<double> exponential_sample(std::mt19937& rng, std::size_t n, double shift) {
  std::exponential_distribution<double> noise(1.0);
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) {
    v.push_back(shift + 10 * noise(rng));
  }
  return v;
}

TEST(HodgesLehmannTest, IntervalContainsEstimateAndMovesWithTheData) {
  std::mt19937 rng(7);
  const std::vector<double> x = exponential_sample(rng, 12, 3);
  const std::vector<double> y = exponential_sample(rng, 9, 0);
  const ShiftInterval s = hodges_lehmann(x, y, 0.95);
  EXPECT_LE(s.low, s.estimate);
  EXPECT_GE(s.high, s.estimate);
  EXPECT_LT(s.low, s.high);
  std::vector<double> moved = x;
  for (double& v : moved) {
    v += 1000;
  }
  const ShiftInterval t = hodges_lehmann(moved, y, 0.95);
  EXPECT_NEAR(t.estimate, s.estimate + 1000, 1e-9);
  EXPECT_NEAR(t.low, s.low + 1000, 1e-9);
  EXPECT_NEAR(t.high, s.high + 1000, 1e-9);
  const ShiftInterval swapped = hodges_lehmann(y, x, 0.95);  // the shift of y over x
  EXPECT_NEAR(swapped.estimate, -s.estimate, 1e-9);
  EXPECT_NEAR(swapped.low, -s.high, 1e-9);
  EXPECT_NEAR(swapped.high, -s.low, 1e-9);
}

TEST(HodgesLehmannTest, CoversAKnownShiftAtLeastAtTheNominalRate) {
  // Skewed noise (exponential), true shift 3: the exact interval covers 3 in at least its
  // achieved confidence of the trials, give or take three standard errors.
  std::mt19937 rng(2024);
  constexpr int kTrials = 2000;
  int covered = 0;
  double achieved = 0;
  for (int t = 0; t < kTrials; ++t) {
    const std::vector<double> x = exponential_sample(rng, 10, 3);
    const std::vector<double> y = exponential_sample(rng, 10, 0);
    const ShiftInterval s = hodges_lehmann(x, y, 0.95);
    covered += (s.low <= 3 && 3 <= s.high) ? 1 : 0;
    achieved = s.confidence;
  }
  const double rate = static_cast<double>(covered) / kTrials;
  EXPECT_GE(achieved, 0.95);
  EXPECT_GE(rate, achieved - 3 * std::sqrt(achieved * (1 - achieved) / kTrials)) << rate;
  EXPECT_LT(rate, 1.0);  // an interval that always covers would be useless
}

TEST(HodgesLehmannTest, NormalApproximationBeyondTheExactLimit) {
  const ShiftRank approx = shift_interval_rank(60, 60, 0.95);
  EXPECT_FALSE(approx.exact);
  EXPECT_EQ(approx.confidence, 0.95);
  // The exact rank from the exact distribution, which the library does not use at 60 x 60.
  const std::vector<double> cdf = mann_whitney_cdf(60, 60);
  std::size_t k = 0;
  while (cdf[k] <= 0.025) {
    ++k;
  }
  EXPECT_NEAR(static_cast<double>(approx.k), static_cast<double>(k), 1.0);
  EXPECT_TRUE(shift_interval_rank(50, 50, 0.95).exact);
}

}  // namespace
}  // namespace ibatlas
