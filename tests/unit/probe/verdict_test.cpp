#include "ibatlas/probe/verdict.hpp"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

// `count` block medians centre + k * spread for k = -2..2 in turn: median `centre`.
std::vector<double> blocks(double centre, double spread, std::size_t count = 20) {
  std::vector<double> v;
  for (std::size_t i = 0; i < count; ++i) {
    v.push_back(centre + (static_cast<double>(i % 5) - 2) * spread);
  }
  return v;
}

constexpr std::uint32_t k64KiB = 65536;

DirectionVerdict judge_one(std::vector<double> suspect, std::vector<double> control,
                           std::uint32_t bytes = k64KiB) {
  const std::vector<SizeArms> sizes = {
      {.bytes = bytes, .suspect = std::move(suspect), .control = std::move(control)}};
  return judge_direction(sizes, VerdictOptions{});
}

TEST(VerdictTest, ClearShiftIsDegraded) {
  // Suspect 4.93 ms +- 200 us against control 130 us +- 200 ns: each suspect value is 4 of
  // the 20 blocks, so its 80 differences fill ranks 1-80, 81-160, ...; the interval's ranks
  // 128 and 273 of 400 fall in the second and fourth groups, 4.7 and 4.9 ms.
  const DirectionVerdict v = judge_one(blocks(4.93e6, 1e5), blocks(130e3, 100));
  EXPECT_EQ(v.verdict, ProbeVerdict::Degraded);
  ASSERT_EQ(v.sizes.size(), 1u);
  const SizeComparison& c = v.sizes[0];
  EXPECT_EQ(c.bytes, k64KiB);
  EXPECT_EQ(c.suspect_blocks, 20u);
  EXPECT_EQ(c.control_median_ns, 130e3);
  EXPECT_EQ(c.suspect_median_ns, 4.93e6);
  EXPECT_NEAR(c.shift_ns, 4.8e6, 1);
  EXPECT_EQ(c.threshold_ns, 13e3);  // 10% of the control, above the 2 us floor
  EXPECT_TRUE(c.clusterkit_bad);
  EXPECT_EQ(v.reason, "64 KiB: +4.8 ms [+4.7, +4.9] over control 130 us, threshold 13 us");
  EXPECT_FALSE(v.slope_ratio.has_value());  // one size
}

TEST(VerdictTest, IdenticalArmsAreHealthy) {
  const DirectionVerdict v = judge_one(blocks(130e3, 300), blocks(130e3, 300));
  EXPECT_EQ(v.verdict, ProbeVerdict::Healthy);
  EXPECT_EQ(v.sizes[0].shift_ns, 0);
  EXPECT_FALSE(v.sizes[0].clusterkit_bad);
  EXPECT_EQ(v.reason,
            "every size below its threshold; closest 64 KiB: +0 ns [-300, +300] over control "
            "130 us, threshold 13 us");
}

TEST(VerdictTest, IntervalAcrossTheThresholdIsInconclusive) {
  // A shift of 13 us, just the threshold, measured to +- 10 us.
  const DirectionVerdict v = judge_one(blocks(143e3, 5e3), blocks(130e3, 100));
  EXPECT_EQ(v.verdict, ProbeVerdict::Inconclusive);
  EXPECT_LT(v.sizes[0].shift_low_ns, v.sizes[0].threshold_ns);
  EXPECT_GT(v.sizes[0].shift_high_ns, v.sizes[0].threshold_ns);
  EXPECT_EQ(v.reason, "64 KiB: +13 us [+8, +18] over control 130 us, threshold 13 us");
}

TEST(VerdictTest, TooFewBlocksIsInconclusiveWhateverTheShift) {
  const DirectionVerdict v = judge_one(blocks(4.93e6, 1e5, 3), blocks(130e3, 100));
  EXPECT_EQ(v.verdict, ProbeVerdict::Inconclusive);
  EXPECT_EQ(v.reason, "64 KiB: 3 of 5 blocks for the suspect");
  EXPECT_TRUE(v.sizes[0].clusterkit_bad);  // shown beside; it does not decide
  EXPECT_EQ(judge_one(blocks(130e3, 1), blocks(130e3, 1, 4), 64).reason,
            "64 B: 4 of 5 blocks for the control");
  EXPECT_EQ(judge_one({}, {}, 4096).reason,
            "4 KiB: 0 of 5 blocks for the suspect, 0 for the control");
}

TEST(VerdictTest, ClusterKitRuleNeverDecides) {
  // +30 us over 130 us: clearly above the threshold, far below 2.1x.
  const DirectionVerdict v = judge_one(blocks(160e3, 100), blocks(130e3, 100));
  EXPECT_EQ(v.verdict, ProbeVerdict::Degraded);
  EXPECT_FALSE(v.sizes[0].clusterkit_bad);
}

TEST(VerdictTest, AbsoluteFloorAppliesToFastPaths) {
  // Control 2 us: 10% would be 200 ns, the floor makes it 2 us, so +1 us is healthy.
  const DirectionVerdict v = judge_one(blocks(3000, 10), blocks(2000, 10));
  EXPECT_EQ(v.sizes[0].threshold_ns, 2000);
  EXPECT_EQ(v.verdict, ProbeVerdict::Healthy);
}

TEST(VerdictTest, OneDegradedSizeDecidesAndHealthyNeedsEverySize) {
  std::vector<SizeArms> sizes = {
      {.bytes = 64, .suspect = blocks(2000, 10), .control = blocks(2000, 10)},
      {.bytes = 4096, .suspect = blocks(4.93e6, 1e5, 3), .control = blocks(130e3, 100)},
      {.bytes = k64KiB, .suspect = blocks(160e3, 100), .control = blocks(130e3, 100)}};
  DirectionVerdict v = judge_direction(sizes, VerdictOptions{});
  EXPECT_EQ(v.verdict, ProbeVerdict::Degraded);
  EXPECT_EQ(v.sizes[0].verdict, ProbeVerdict::Healthy);
  EXPECT_EQ(v.sizes[1].verdict, ProbeVerdict::Inconclusive);
  EXPECT_EQ(v.sizes[2].verdict, ProbeVerdict::Degraded);
  EXPECT_EQ(v.reason.rfind("64 KiB: +30 us", 0), 0u) << v.reason;
  sizes.pop_back();
  v = judge_direction(sizes, VerdictOptions{});
  EXPECT_EQ(v.verdict, ProbeVerdict::Inconclusive);
  EXPECT_EQ(v.reason, "4 KiB: 3 of 5 blocks for the suspect");
}

TEST(VerdictTest, NoSizesIsInconclusive) {
  const DirectionVerdict v = judge_direction({}, VerdictOptions{});
  EXPECT_EQ(v.verdict, ProbeVerdict::Inconclusive);
  EXPECT_EQ(v.reason, "no message sizes measured");
}

TEST(VerdictTest, SlopeRatioFromTheFittedSlopes) {
  // Control 2 us + 0.1 ns/B, suspect 2 us + 0.4 ns/B: a link at a quarter of its rate.
  std::vector<SizeArms> sizes;
  for (std::uint32_t bytes : {64u, 4096u, 65536u}) {
    const double b = bytes;
    sizes.push_back({.bytes = bytes,
                     .suspect = blocks(2000 + 0.4 * b, 5),
                     .control = blocks(2000 + 0.1 * b, 5)});
  }
  const DirectionVerdict v = judge_direction(sizes, VerdictOptions{});
  ASSERT_TRUE(v.slope_ratio.has_value());
  EXPECT_NEAR(*v.slope_ratio, 4.0, 1e-9);
  EXPECT_EQ(v.verdict, ProbeVerdict::Degraded);  // 64 KiB: +19.7 us over 8.6 us
}

TEST(VerdictTest, NoSlopeRatioWithAFlatControl) {
  std::vector<SizeArms> sizes = {
      {.bytes = 64, .suspect = blocks(2000, 5), .control = blocks(2000, 5)},
      {.bytes = 4096, .suspect = blocks(3000, 5), .control = blocks(2000, 5)}};
  EXPECT_FALSE(judge_direction(sizes, VerdictOptions{}).slope_ratio.has_value());
}

TEST(VerdictTest, RegressionAgainstABaseline) {
  SizeComparison out;
  out.bytes = 4096;
  EXPECT_EQ(judge_regression(blocks(180e3, 100), blocks(130e3, 100), VerdictOptions{}, out),
            ProbeVerdict::Degraded);
  EXPECT_EQ(out.bytes, 4096u);
  EXPECT_NEAR(out.shift_ns, 50e3, 1);
  EXPECT_EQ(out.verdict, ProbeVerdict::Degraded);
  EXPECT_EQ(judge_regression(blocks(130e3, 100), blocks(130e3, 100), VerdictOptions{}, out),
            ProbeVerdict::Healthy);
  EXPECT_EQ(judge_regression(blocks(180e3, 100, 2), blocks(130e3, 100), VerdictOptions{}, out),
            ProbeVerdict::Inconclusive);
}

TEST(VerdictTest, ToString) {
  EXPECT_EQ(to_string(ProbeVerdict::Degraded), "degraded");
  EXPECT_EQ(to_string(ProbeVerdict::Healthy), "healthy");
  EXPECT_EQ(to_string(ProbeVerdict::Inconclusive), "inconclusive");
}

}  // namespace
}  // namespace ibatlas
