#include "ibatlas/probe/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "ibatlas/probe/statistics.hpp"

namespace ibatlas {
namespace {

std::size_t blocks_needed(const VerdictOptions& options) {
  return std::max<std::size_t>(options.min_blocks, 1);  // 0 would let an empty arm decide
}

ProbeVerdict size_verdict(const SizeComparison& c, const VerdictOptions& options) {
  const std::size_t needed = blocks_needed(options);
  const bool enough = c.suspect_blocks >= needed && c.control_blocks >= needed;
  if (enough && c.shift_low_ns > c.threshold_ns) {
    return ProbeVerdict::Degraded;
  }
  if (enough && c.shift_high_ns < c.threshold_ns) {
    return ProbeVerdict::Healthy;
  }
  return ProbeVerdict::Inconclusive;  // too few blocks, or the interval straddles the threshold
}

// One size's arms against each other; bytes is left to the caller.
SizeComparison compare_arms(std::span<const double> suspect, std::span<const double> control,
                            const VerdictOptions& options) {
  SizeComparison c;
  c.suspect_blocks = suspect.size();
  c.control_blocks = control.size();
  c.suspect_median_ns = suspect.empty() ? 0 : median(suspect);
  c.control_median_ns = control.empty() ? 0 : median(control);
  // The threshold is practical, not statistical: with enough blocks any shift is
  // significant, so a shift counts only when it is big enough to matter.
  c.threshold_ns = std::max(options.min_relative * c.control_median_ns, options.min_absolute_ns);
  c.shift_low_ns = -std::numeric_limits<double>::infinity();
  c.shift_high_ns = std::numeric_limits<double>::infinity();
  if (!suspect.empty() && !control.empty()) {
    const ShiftInterval shift = hodges_lehmann(suspect, control, options.confidence);
    c.shift_ns = shift.estimate;
    c.shift_low_ns = shift.low;
    c.shift_high_ns = shift.high;
    c.clusterkit_bad = c.suspect_median_ns > options.clusterkit_ratio * c.control_median_ns;
  }
  c.verdict = size_verdict(c, options);
  return c;
}

std::string size_text(std::uint32_t bytes) {
  constexpr std::uint32_t kKiB = 1024;
  if (bytes != 0 && bytes % (kKiB * kKiB) == 0) {
    return std::to_string(bytes / (kKiB * kKiB)) + " MiB";
  }
  if (bytes != 0 && bytes % kKiB == 0) {
    return std::to_string(bytes / kKiB) + " KiB";
  }
  return std::to_string(bytes) + " B";
}

// A unit in which `ns` reads as at most three digits before the point.
struct Unit {
  double scale = 1;
  const char* name = "ns";
};

Unit unit_for(double ns) {
  const double a = std::isfinite(ns) ? std::abs(ns) : 0;
  if (a < 999.5) {
    return {1, "ns"};
  }
  if (a < 999.5e3) {
    return {1e3, "us"};
  }
  if (a < 999.5e6) {
    return {1e6, "ms"};
  }
  return {1e9, "s"};
}

// Two significant digits or more: "4.8", "13", "130".
int decimals_for(double scaled) {
  return std::abs(scaled) < 9.95 ? 1 : 0;
}

std::string number(double scaled, int decimals, bool sign) {
  if (std::isinf(scaled)) {
    return scaled < 0 ? "-inf" : "+inf";
  }
  std::ostringstream out;
  out.setf(std::ios::fixed);
  if (sign) {
    out.setf(std::ios::showpos);
  }
  out.precision(decimals);
  out << scaled;
  return out.str();
}

std::string duration_text(double ns) {
  const Unit unit = unit_for(ns);
  const double scaled = ns / unit.scale;
  return number(scaled, decimals_for(scaled), false) + " " + unit.name;
}

// "+4.8 ms [+4.6, +5.0]": the estimate and its interval in one unit, chosen by the largest
// finite of the three so that a small estimate in a wide interval stays readable.
std::string shift_text(const SizeComparison& c) {
  double largest = std::abs(c.shift_ns);
  for (double bound : {c.shift_low_ns, c.shift_high_ns}) {
    if (std::isfinite(bound)) {
      largest = std::max(largest, std::abs(bound));
    }
  }
  const Unit unit = unit_for(largest);
  const int decimals = decimals_for(largest / unit.scale);
  return number(c.shift_ns / unit.scale, decimals, true) + " " + unit.name + " [" +
         number(c.shift_low_ns / unit.scale, decimals, true) + ", " +
         number(c.shift_high_ns / unit.scale, decimals, true) + "]";
}

// "64 KiB: +4.8 ms [+4.6, +5.0] over control 130 us, threshold 13 us", or for too few
// blocks "64 KiB: 3 of 5 blocks for the suspect".
std::string size_reason(const SizeComparison& c, const VerdictOptions& options) {
  const std::string head = size_text(c.bytes) + ": ";
  const std::size_t needed = blocks_needed(options);
  const std::string of_needed = " of " + std::to_string(needed) + " blocks for the ";
  if (c.suspect_blocks < needed && c.control_blocks < needed) {
    return head + std::to_string(c.suspect_blocks) + of_needed + "suspect, " +
           std::to_string(c.control_blocks) + " for the control";
  }
  if (c.suspect_blocks < needed) {
    return head + std::to_string(c.suspect_blocks) + of_needed + "suspect";
  }
  if (c.control_blocks < needed) {
    return head + std::to_string(c.control_blocks) + of_needed + "control";
  }
  return head + shift_text(c) + " over control " + duration_text(c.control_median_ns) +
         ", threshold " + duration_text(c.threshold_ns);
}

// The size whose interval comes closest to its threshold from below.
const SizeComparison& closest_to_threshold(std::span<const SizeComparison> sizes) {
  return *std::max_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
    return a.shift_high_ns - a.threshold_ns < b.shift_high_ns - b.threshold_ns;
  });
}

std::optional<double> slope_ratio(std::span<const SizeComparison> sizes) {
  std::vector<SizePoint> suspect;
  std::vector<SizePoint> control;
  for (const SizeComparison& c : sizes) {
    if (c.suspect_blocks > 0 && c.control_blocks > 0) {
      suspect.push_back({.bytes = static_cast<double>(c.bytes), .ns = c.suspect_median_ns});
      control.push_back({.bytes = static_cast<double>(c.bytes), .ns = c.control_median_ns});
    }
  }
  const std::optional<double> suspect_slope = size_slope(suspect);
  const std::optional<double> control_slope = size_slope(control);
  if (!suspect_slope || !control_slope || *control_slope <= 0) {
    return std::nullopt;
  }
  return *suspect_slope / *control_slope;
}

// Fills verdict and reason from the per-size comparisons.
void decide(DirectionVerdict& result, const VerdictOptions& options) {
  const auto has = [&](ProbeVerdict v) {
    return [v](const SizeComparison& c) { return c.verdict == v; };
  };
  const std::vector<SizeComparison>& sizes = result.sizes;
  if (sizes.empty()) {
    result.verdict = ProbeVerdict::Inconclusive;
    result.reason = "no message sizes measured";
    return;
  }
  // One size whose interval lies above its threshold is evidence enough, whatever the
  // others say: a width fault shows at 64 KiB and hides at 64 B.
  auto degraded = std::find_if(sizes.begin(), sizes.end(), has(ProbeVerdict::Degraded));
  if (degraded != sizes.end()) {
    result.verdict = ProbeVerdict::Degraded;
    result.reason = size_reason(*degraded, options);
    return;
  }
  auto open = std::find_if(sizes.begin(), sizes.end(), has(ProbeVerdict::Inconclusive));
  if (open != sizes.end()) {
    result.verdict = ProbeVerdict::Inconclusive;
    result.reason = size_reason(*open, options);
    return;
  }
  result.verdict = ProbeVerdict::Healthy;
  result.reason = "every size below its threshold; closest " +
                  size_reason(closest_to_threshold(sizes), options);
}

}  // namespace

std::string to_string(ProbeVerdict verdict) {
  switch (verdict) {
    case ProbeVerdict::Degraded:
      return "degraded";
    case ProbeVerdict::Healthy:
      return "healthy";
    case ProbeVerdict::Inconclusive:
      return "inconclusive";
  }
  return "inconclusive";  // not reached: every enumerator is handled above
}

DirectionVerdict judge_direction(std::span<const SizeArms> sizes, const VerdictOptions& options) {
  DirectionVerdict result;
  for (const SizeArms& arms : sizes) {
    SizeComparison c = compare_arms(arms.suspect, arms.control, options);
    c.bytes = arms.bytes;
    result.sizes.push_back(c);
  }
  result.slope_ratio = slope_ratio(result.sizes);
  decide(result, options);
  return result;
}

ProbeVerdict judge_regression(std::span<const double> now_blocks,
                              std::span<const double> baseline_blocks,
                              const VerdictOptions& options, SizeComparison& out) {
  const std::uint32_t bytes = out.bytes;
  out = compare_arms(now_blocks, baseline_blocks, options);
  out.bytes = bytes;
  return out.verdict;
}

}  // namespace ibatlas
