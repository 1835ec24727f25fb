#include "ibatlas/probe/histogram.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

using H = LatencyHistogram;

// Latencies spread over many octaves: 2^(uniform 0..40) scaled by a uniform mantissa.
std::vector<std::uint64_t> spread_values(std::size_t count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> bits(0, 40);
  std::vector<std::uint64_t> values;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t top = std::uint64_t{1} << bits(rng);
    values.push_back(top + rng() % top);
  }
  return values;
}

// The exact nearest-rank quantile, written out independently of the library.
std::uint64_t exact_quantile(std::vector<std::uint64_t> values, double q) {
  std::sort(values.begin(), values.end());
  std::size_t rank = 1;
  while (static_cast<double>(rank) < q * static_cast<double>(values.size()) - 1e-9) {
    ++rank;
  }
  return values[rank - 1];
}

std::string import_error(const std::vector<HistogramBucket>& buckets) {
  try {
    H::from_sparse(buckets);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(LatencyHistogramTest, ValuesBelow256HaveABucketEach) {
  for (std::uint64_t v = 0; v < 256; ++v) {
    EXPECT_EQ(H::bucket_index(v), v);
    EXPECT_EQ(H::lowest_equivalent(v), v);
    EXPECT_EQ(H::highest_equivalent(v), v);
  }
  EXPECT_EQ(H::bucket_index(256), 256u);
  EXPECT_EQ(H::bucket_index(257), 256u);  // the first bucket 2 wide
  EXPECT_EQ(H::highest_equivalent(256), 257u);
}

TEST(LatencyHistogramTest, BucketsTileTheWholeRangeInOrder) {
  EXPECT_EQ(H::lowest_equivalent(0), 0u);
  for (std::size_t i = 0; i + 1 < H::kBucketCount; ++i) {
    ASSERT_EQ(H::highest_equivalent(i) + 1, H::lowest_equivalent(i + 1)) << i;
    ASSERT_EQ(H::bucket_index(H::lowest_equivalent(i)), i);
    ASSERT_EQ(H::bucket_index(H::highest_equivalent(i)), i);
  }
  EXPECT_EQ(H::highest_equivalent(H::kBucketCount - 1), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(H::bucket_index(std::numeric_limits<std::uint64_t>::max()), H::kBucketCount - 1);
}

TEST(LatencyHistogramTest, RelativeErrorAtMostOneIn128) {
  std::vector<std::uint64_t> values = spread_values(100000, 1);
  values.push_back(std::numeric_limits<std::uint64_t>::max());
  for (std::uint64_t v : values) {
    const std::size_t i = H::bucket_index(v);
    ASSERT_LT(i, H::kBucketCount);
    const std::uint64_t low = H::lowest_equivalent(i);
    const std::uint64_t high = H::highest_equivalent(i);
    ASSERT_LE(low, v);
    ASSERT_GE(high, v);
    // Any value of the bucket stands for any other within width / lowest <= 1/128; below
    // 256 every bucket is one value.
    if (low < 256) {
      ASSERT_EQ(low, high);
    } else {
      ASSERT_LE(static_cast<double>(high - low + 1) / static_cast<double>(low), 1.0 / 128) << v;
    }
  }
}

TEST(LatencyHistogramTest, CountMinMaxMeanAreExact) {
  H h;
  for (std::uint64_t v : {1000, 250, 123456789, 7}) {
    h.record(v);
  }
  EXPECT_EQ(h.count(), 4u);
  EXPECT_EQ(h.min(), 7u);
  EXPECT_EQ(h.max(), 123456789u);
  EXPECT_DOUBLE_EQ(h.mean(), (1000.0 + 250 + 123456789 + 7) / 4);
}

TEST(LatencyHistogramTest, EmptyReportsZero) {
  H h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.min(), 0u);
  EXPECT_EQ(h.max(), 0u);
  EXPECT_EQ(h.mean(), 0);
  EXPECT_EQ(h.value_at_quantile(0.5), 0u);
  EXPECT_TRUE(h.to_sparse().empty());
}

TEST(LatencyHistogramTest, SmallValueQuantilesAreExact) {
  H h;
  for (std::uint64_t v = 1; v <= 100; ++v) {
    h.record(v);
  }
  EXPECT_EQ(h.value_at_quantile(0), 1u);
  EXPECT_EQ(h.value_at_quantile(0.5), 50u);   // rank 50
  EXPECT_EQ(h.value_at_quantile(0.9), 90u);   // rank 90, not 91
  EXPECT_EQ(h.value_at_quantile(0.99), 99u);  // rank 99
  EXPECT_EQ(h.value_at_quantile(0.991), 100u);
  EXPECT_EQ(h.value_at_quantile(1), 100u);
}

TEST(LatencyHistogramTest, QuantilesNeverBelowExactAndWithinTheError) {
  const std::vector<std::uint64_t> values = spread_values(10000, 2);
  H h;
  for (std::uint64_t v : values) {
    h.record(v);
  }
  for (double q : {0.0, 0.1, 0.5, 0.9, 0.99, 0.999, 1.0}) {
    const std::uint64_t exact = exact_quantile(values, q);
    const std::uint64_t got = h.value_at_quantile(q);
    EXPECT_GE(got, exact) << q;
    EXPECT_LE(static_cast<double>(got - exact), static_cast<double>(exact) / 128) << q;
  }
  EXPECT_EQ(h.value_at_quantile(1), *std::max_element(values.begin(), values.end()));
}

TEST(LatencyHistogramTest, MergeEqualsRecordingEverything) {
  const std::vector<std::uint64_t> a = spread_values(3000, 3);
  const std::vector<std::uint64_t> b = spread_values(2000, 4);
  H ha;
  H hb;
  H all;
  for (std::uint64_t v : a) {
    ha.record(v);
    all.record(v);
  }
  for (std::uint64_t v : b) {
    hb.record(v);
    all.record(v);
  }
  ha.merge(hb);
  EXPECT_EQ(ha.to_sparse(), all.to_sparse());
  EXPECT_EQ(ha.count(), all.count());
  EXPECT_EQ(ha.min(), all.min());
  EXPECT_EQ(ha.max(), all.max());
  EXPECT_DOUBLE_EQ(ha.mean(), all.mean());
  EXPECT_EQ(ha.value_at_quantile(0.99), all.value_at_quantile(0.99));
}

TEST(LatencyHistogramTest, MergeIntoEmptyKeepsMinimum) {
  H empty;
  H h;
  h.record(500);
  empty.merge(h);
  EXPECT_EQ(empty.min(), 500u);
  EXPECT_EQ(empty.max(), 500u);
}

TEST(LatencyHistogramTest, SparseRoundTrip) {
  H h;
  for (std::uint64_t v : spread_values(5000, 5)) {
    h.record(v + 1000);
  }
  h.record(3);
  h.record(3);
  const std::vector<HistogramBucket> sparse = h.to_sparse();
  ASSERT_FALSE(sparse.empty());
  EXPECT_EQ(sparse.front(), (HistogramBucket{.index = 3, .count = 2}));
  const H back = H::from_sparse(sparse);
  EXPECT_EQ(back.to_sparse(), sparse);
  EXPECT_EQ(back.count(), h.count());
  EXPECT_EQ(back.min(), 3u);
  EXPECT_EQ(back.value_at_quantile(0.5), h.value_at_quantile(0.5));
  EXPECT_EQ(back.max(), H::highest_equivalent(sparse.back().index));
  EXPECT_NEAR(back.mean(), h.mean(), h.mean() / 128);
}

TEST(LatencyHistogramTest, ImportRejectsAnIndexOutOfRange) {
  const std::string what = import_error({{.index = 7424, .count = 1}});
  EXPECT_EQ(what, "latency histogram: bucket index 7424 out of range (0..7423)");
  EXPECT_EQ(import_error({{.index = 7423, .count = 1}}), "");
}

TEST(LatencyHistogramTest, ImportRejectsIndicesOutOfOrder) {
  EXPECT_NE(import_error({{.index = 9, .count = 1}, {.index = 9, .count = 1}}).find("increase"),
            std::string::npos);
  EXPECT_NE(import_error({{.index = 9, .count = 1}, {.index = 4, .count = 1}}).find("increase"),
            std::string::npos);
}

TEST(LatencyHistogramTest, ImportRejectsCountsThatOverflow) {
  const std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(import_error({{.index = 1, .count = most}, {.index = 2, .count = 1}}),
            "latency histogram: counts overflow at bucket 2");
  EXPECT_EQ(import_error({{.index = 1, .count = most}}), "");
}

TEST(LatencyHistogramTest, MergeRejectsCountsThatOverflow) {
  H full = H::from_sparse(std::vector<HistogramBucket>{
      {.index = 1, .count = std::numeric_limits<std::uint64_t>::max()}});
  H one;
  one.record(1);
  EXPECT_THROW(full.merge(one), Error);
}

}  // namespace
}  // namespace ibatlas
