#pragma once

// The verdict on one direction of a suspect link (docs/probe.md, "Verdict"): its probes
// against its controls, measured alternately in blocks. Each block's median is one
// observation (host noise comes in bursts, so raw samples are not independent); the effect
// is the Hodges-Lehmann shift of suspect over control block medians with an exact
// Mann-Whitney confidence interval, judged against a practical threshold.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ibatlas {

enum class ProbeVerdict : std::uint8_t { Degraded, Healthy, Inconclusive };

std::string to_string(ProbeVerdict verdict);  // "degraded", "healthy", "inconclusive"

struct VerdictOptions {
  double min_relative = 0.10;     // the shift that matters: at least 10% of the control ...
  double min_absolute_ns = 2000;  // ... and at least 2 us
  double confidence = 0.95;       // of the shift's interval
  std::size_t min_blocks = 5;     // per arm, per size; fewer: inconclusive
  double clusterkit_ratio = 2.1;  // ClusterKit's rule, shown beside the verdict
};

// Block medians in nanoseconds for one message size: one per block of the suspect's probes,
// one per block of its controls.
struct SizeArms {
  std::uint32_t bytes = 0;
  std::vector<double> suspect;
  std::vector<double> control;
};

struct SizeComparison {
  std::uint32_t bytes = 0;
  std::size_t suspect_blocks = 0;
  std::size_t control_blocks = 0;
  double suspect_median_ns = 0;  // median of the block medians
  double control_median_ns = 0;
  double shift_ns = 0;      // Hodges-Lehmann: median of all suspect - control differences
  double shift_low_ns = 0;  // the exact interval at `confidence`
  double shift_high_ns = 0;
  double threshold_ns = 0;      // max(min_relative * control median, min_absolute_ns)
  bool clusterkit_bad = false;  // suspect median > clusterkit_ratio * control median
  ProbeVerdict verdict = ProbeVerdict::Inconclusive;
};

struct DirectionVerdict {
  ProbeVerdict verdict = ProbeVerdict::Inconclusive;
  std::vector<SizeComparison> sizes;  // in the order given
  // Slope of block medians over message size, suspect over control (>= 1.5: the bottleneck
  // is slower than the fabric says); absent with fewer than two sizes.
  std::optional<double> slope_ratio;
  std::string reason;  // one line: why this verdict
};

// Degraded when some size's shift interval lies wholly above its threshold; healthy when
// every size's interval lies wholly below its threshold; otherwise inconclusive (too few
// blocks, or an interval that straddles the threshold). Never throws.
DirectionVerdict judge_direction(std::span<const SizeArms> sizes, const VerdictOptions& options);

// A run against a saved baseline (docs/probe.md, "Run files and baselines"): the same
// comparison of one size with "suspect" = now and "control" = the baseline, so Degraded means
// regressed. Fills `out` (all but out.bytes, which stays as the caller set it) and returns
// out.verdict. Never throws.
ProbeVerdict judge_regression(std::span<const double> now_blocks,
                              std::span<const double> baseline_blocks,
                              const VerdictOptions& options, SizeComparison& out);

}  // namespace ibatlas
