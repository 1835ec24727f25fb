#pragma once

// A log-linear latency histogram in nanoseconds, HdrHistogram's idea in a fixed shape
// (docs/probe.md, "Statistics"): a value's bucket is its most significant bit and the 7 bits
// after it, so every octave has 128 sub-buckets and a bucket is at most 1/128 (0.78%) of its
// lowest value wide. Values below 256 have a bucket each and are exact. Recording is O(1) and
// allocates nothing; histograms merge by adding counts, so the controller can sum its agents'.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ibatlas {

// One non-empty bucket, as histograms travel on the wire and are kept in run files.
struct HistogramBucket {
  std::uint32_t index = 0;
  std::uint64_t count = 0;
  friend bool operator==(const HistogramBucket&, const HistogramBucket&) = default;
};

class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 7;
  static constexpr std::size_t kSubBuckets = std::size_t{1} << kSubBucketBits;  // 128
  // Octaves 0..7 share the first two rows (exact values 0..255); bits 8..63 get one row each.
  static constexpr std::size_t kBucketCount = (64 - kSubBucketBits + 1) * kSubBuckets;  // 7424

  LatencyHistogram();  // allocates all kBucketCount counters once (58 KiB)

  void record(std::uint64_t ns);
  // Adds every count of `other`. Throws ibatlas::Error when a count would overflow.
  void merge(const LatencyHistogram& other);

  std::uint64_t count() const { return total_; }

  // On an empty histogram min, max, mean and every quantile are 0: check count() first.
  std::uint64_t min() const { return total_ == 0 ? 0 : min_; }

  std::uint64_t max() const { return max_; }

  double mean() const;
  // The nearest-rank quantile: the smallest recorded value v with at least ceil(q*n) values
  // <= v (q in [0, 1]; q == 0 gives the minimum), reported as the highest value of v's bucket,
  // capped at max(). So it is never below the exact quantile and at most 1/128 of it above.
  std::uint64_t value_at_quantile(double q) const;

  // The non-empty buckets in increasing index order.
  std::vector<HistogramBucket> to_sparse() const;
  // The inverse of to_sparse. Indices must be in range and strictly increasing, and the
  // counts' sum must fit in 64 bits; otherwise throws ibatlas::Error. The result knows its
  // values only to the bucket: min is the lowest bucket's lowest value, max the highest
  // bucket's highest value, and the mean uses each bucket's middle.
  static LatencyHistogram from_sparse(std::span<const HistogramBucket> buckets);

  static std::size_t bucket_index(std::uint64_t ns);
  static std::uint64_t lowest_equivalent(std::size_t index);
  static std::uint64_t highest_equivalent(std::size_t index);

 private:
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  std::uint64_t min_ = 0;
  std::uint64_t max_ = 0;
  double sum_ = 0;  // for the mean; a double, so no overflow (exact up to 2^53 ns in all)
};

}  // namespace ibatlas
