#include "ibatlas/probe/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

// 1..n in a shuffled order, so nothing depends on the input being sorted.
std::vector<std::uint32_t> shuffled_one_to(std::uint32_t n) {
  std::vector<std::uint32_t> values(n);
  std::iota(values.begin(), values.end(), 1u);
  std::shuffle(values.begin(), values.end(), std::mt19937(n));
  return values;
}

TEST(StatisticsTest, NearestRankIsCeilingOfQTimesN) {
  EXPECT_EQ(nearest_rank(0.99, 1000), 990u);  // 0.99 * 1000 is 989.99... in doubles
  EXPECT_EQ(nearest_rank(0.999, 10000), 9990u);
  EXPECT_EQ(nearest_rank(0.9, 100), 90u);
  EXPECT_EQ(nearest_rank(0.5, 5), 3u);
  EXPECT_EQ(nearest_rank(0.5, 4), 2u);
  EXPECT_EQ(nearest_rank(0.501, 4), 3u);
  EXPECT_EQ(nearest_rank(0, 10), 1u);
  EXPECT_EQ(nearest_rank(1, 10), 10u);
  EXPECT_EQ(nearest_rank(0.5, 0), 0u);
}

TEST(StatisticsTest, P99NeedsAThousandSamples) {
  const Distribution below = summarize(shuffled_one_to(999));
  EXPECT_FALSE(below.p99.has_value());
  const Distribution at = summarize(shuffled_one_to(1000));
  ASSERT_TRUE(at.p99.has_value());
  EXPECT_EQ(*at.p99, 990u);
  EXPECT_FALSE(at.p999.has_value());
}

TEST(StatisticsTest, P999NeedsTenThousandSamples) {
  EXPECT_FALSE(summarize(shuffled_one_to(9999)).p999.has_value());
  const Distribution at = summarize(shuffled_one_to(10000));
  ASSERT_TRUE(at.p999.has_value());
  EXPECT_EQ(*at.p999, 9990u);
}

TEST(StatisticsTest, P50AndP90FollowTheSameRule) {
  EXPECT_FALSE(summarize(shuffled_one_to(19)).p50.has_value());
  EXPECT_EQ(summarize(shuffled_one_to(20)).p50, 10u);
  EXPECT_FALSE(summarize(shuffled_one_to(99)).p90.has_value());
  EXPECT_EQ(summarize(shuffled_one_to(100)).p90, 90u);
}

TEST(StatisticsTest, SummaryIsExact) {
  const Distribution d = summarize(shuffled_one_to(1000));
  EXPECT_EQ(d.n, 1000u);
  EXPECT_EQ(d.min, 1u);
  EXPECT_EQ(d.max, 1000u);
  EXPECT_EQ(d.p50, 500u);
  EXPECT_EQ(d.p90, 900u);
  EXPECT_DOUBLE_EQ(d.mean, 500.5);
}

TEST(StatisticsTest, EmptySummaryHasNothing) {
  const Distribution d = summarize({});
  EXPECT_EQ(d.n, 0u);
  EXPECT_FALSE(d.p50.has_value());
  EXPECT_EQ(d.mean, 0);
}

TEST(StatisticsTest, Median) {
  EXPECT_EQ(median(std::vector<double>{3, 1, 2}), 2);
  EXPECT_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_EQ(median(std::vector<double>{7}), 7);
  EXPECT_TRUE(std::isnan(median({})));
}

TEST(StatisticsTest, BlockMediansDropTheShortLastBlock) {
  const std::vector<std::uint32_t> samples = {3, 1, 2, 10, 30, 20, 9, 7, 8, 100};
  EXPECT_EQ(block_medians(samples, 3), (std::vector<double>{2, 20, 8}));
  EXPECT_EQ(block_medians(samples, 2), (std::vector<double>{2, 6, 25, 8, 54}));
  EXPECT_EQ(block_medians(samples, 11), std::vector<double>{});
  EXPECT_EQ(block_medians(samples, 0), std::vector<double>{});
}

TEST(StatisticsTest, SizeSlopeOfAnExactLine) {
  const std::vector<SizePoint> points = {
      {.bytes = 64, .ns = 2016}, {.bytes = 4096, .ns = 3024}, {.bytes = 65536, .ns = 18384}};
  ASSERT_TRUE(size_slope(points).has_value());
  EXPECT_NEAR(*size_slope(points), 0.25, 1e-12);  // 2000 ns + 0.25 ns per byte
}

TEST(StatisticsTest, SizeSlopeLeastSquaresByHand) {
  // mean x 1, mean y 2; Sxy = (-1)(-1) + 0 + (1)(0) = 1, Sxx = 2.
  const std::vector<SizePoint> points = {
      {.bytes = 0, .ns = 1}, {.bytes = 1, .ns = 3}, {.bytes = 2, .ns = 2}};
  EXPECT_DOUBLE_EQ(*size_slope(points), 0.5);
}

TEST(StatisticsTest, SizeSlopeNeedsTwoSizes) {
  EXPECT_FALSE(size_slope(std::vector<SizePoint>{{.bytes = 64, .ns = 1}}).has_value());
  EXPECT_FALSE(size_slope(std::vector<SizePoint>{{.bytes = 64, .ns = 1}, {.bytes = 64, .ns = 3}})
                   .has_value());
}

}  // namespace
}  // namespace ibatlas
