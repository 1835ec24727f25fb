#include "ibatlas/probe/histogram.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/statistics.hpp"

namespace ibatlas {
namespace {

// Row r >= 1 of the table holds the values whose most significant bit is r + 6, in buckets
// 2^(r-1) wide; row 0 (and row 1, whose width is 1) holds the small values exactly.
std::size_t row_of(std::size_t index) {
  return index / LatencyHistogram::kSubBuckets;
}

int width_shift(std::size_t row) {
  return row == 0 ? 0 : static_cast<int>(row) - 1;
}

bool add_overflows(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b;
}

}  // namespace

LatencyHistogram::LatencyHistogram()
    : counts_(kBucketCount, 0), min_(std::numeric_limits<std::uint64_t>::max()) {}

std::size_t LatencyHistogram::bucket_index(std::uint64_t ns) {
  if (ns < 2 * kSubBuckets) {
    return static_cast<std::size_t>(ns);
  }
  // msb >= 8: keep the 8 top bits (the leading 1 and the 7 after it).
  const int msb = static_cast<int>(std::bit_width(ns)) - 1;
  const int shift = msb - kSubBucketBits;
  const std::size_t sub = static_cast<std::size_t>(ns >> shift) & (kSubBuckets - 1);
  return static_cast<std::size_t>(shift + 1) * kSubBuckets + sub;
}

std::uint64_t LatencyHistogram::lowest_equivalent(std::size_t index) {
  const std::size_t row = row_of(index);
  if (row == 0) {
    return index;
  }
  const std::uint64_t top = kSubBuckets + index % kSubBuckets;  // 1xxxxxxx
  return top << width_shift(row);
}

std::uint64_t LatencyHistogram::highest_equivalent(std::size_t index) {
  // Written so that the last bucket's highest value, 2^64 - 1, does not overflow.
  return lowest_equivalent(index) + ((std::uint64_t{1} << width_shift(row_of(index))) - 1);
}

void LatencyHistogram::record(std::uint64_t ns) {
  ++counts_[bucket_index(ns)];
  ++total_;
  min_ = std::min(min_, ns);
  max_ = std::max(max_, ns);
  sum_ += static_cast<double>(ns);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (add_overflows(total_, other.total_)) {
    throw Error("latency histogram: merging would overflow the sample count");
  }
  // total_ bounds every bucket, so no bucket can overflow once the total does not.
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    counts_[i] += other.counts_[i];
  }
  total_ += other.total_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
  sum_ += other.sum_;
}

double LatencyHistogram::mean() const {
  return total_ == 0 ? 0 : sum_ / static_cast<double>(total_);
}

std::uint64_t LatencyHistogram::value_at_quantile(double q) const {
  if (total_ == 0) {
    return 0;
  }
  const std::uint64_t rank = nearest_rank(q, static_cast<std::size_t>(total_));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    seen += counts_[i];
    if (seen >= rank) {
      return std::min(highest_equivalent(i), max_);
    }
  }
  return max_;  // not reached: the counts add up to total_
}

std::vector<HistogramBucket> LatencyHistogram::to_sparse() const {
  std::vector<HistogramBucket> buckets;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    if (counts_[i] != 0) {
      buckets.push_back({.index = static_cast<std::uint32_t>(i), .count = counts_[i]});
    }
  }
  return buckets;
}

LatencyHistogram LatencyHistogram::from_sparse(std::span<const HistogramBucket> buckets) {
  LatencyHistogram h;
  std::size_t next = 0;  // the lowest index the next bucket may have
  for (const HistogramBucket& b : buckets) {
    if (b.index >= kBucketCount) {
      throw Error("latency histogram: bucket index " + std::to_string(b.index) +
                  " out of range (0.." + std::to_string(kBucketCount - 1) + ")");
    }
    if (b.index < next) {
      throw Error("latency histogram: bucket index " + std::to_string(b.index) + " after bucket " +
                  std::to_string(next - 1) + " (indices must increase)");
    }
    if (add_overflows(h.total_, b.count)) {
      throw Error("latency histogram: counts overflow at bucket " + std::to_string(b.index));
    }
    next = std::size_t{b.index} + 1;
    if (b.count == 0) {
      continue;
    }
    h.counts_[b.index] = b.count;
    h.total_ += b.count;
    const std::uint64_t low = lowest_equivalent(b.index);
    const std::uint64_t high = highest_equivalent(b.index);
    h.min_ = std::min(h.min_, low);
    h.max_ = std::max(h.max_, high);
    h.sum_ +=
        (static_cast<double>(low) + static_cast<double>(high)) / 2 * static_cast<double>(b.count);
  }
  return h;
}

}  // namespace ibatlas
