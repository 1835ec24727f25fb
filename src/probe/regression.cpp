#include "ibatlas/probe/regression.hpp"

#include <cstdio>

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

std::string shift_text(const SizeComparison& c) {
  char text[160];
  std::snprintf(text, sizeof text, "%+.1f us [%+.1f, %+.1f] over the baseline's %.1f us at %u B",
                c.shift_ns / 1000, c.shift_low_ns / 1000, c.shift_high_ns / 1000,
                c.control_median_ns / 1000, c.bytes);
  return text;
}

std::string host_pair(const FindingFactory& names, const Fabric& fabric, const ProbePair& p) {
  return names.name(fabric.node_of(p.from)) + " -> " + names.name(fabric.node_of(p.to)) + " (LID " +
         std::to_string(p.dlid) + ")";
}

void path_regressions(const Fabric& fabric, const BaselineRun& baseline, const RunResult& now,
                      const VerdictOptions& options, const FindingFactory& names,
                      std::vector<Finding>& out) {
  for (std::size_t i = 0; i < now.paths.size() && i < baseline.paths.size(); ++i) {
    SizeComparison c;
    if (judge_regression(now.paths[i].block_medians, baseline.paths[i].block_medians, options, c) !=
        ProbeVerdict::Degraded) {
      continue;
    }
    const ProbePair& p = baseline.plan.probes[now.paths[i].probe];
    Finding f = names.at_node("probe.regression", fabric.node_of(p.from));
    f.measured = shift_text(c);
    f.expected = "within the threshold";
    f.message = host_pair(names, fabric, p) + ": " + f.measured;
    f.hint = "what changed since the baseline on this path? ibatlas diff the two snapshots";
    out.push_back(std::move(f));
  }
}

void link_regressions(const BaselineRun& baseline, const RunResult& now,
                      const VerdictOptions& options, const FindingFactory& names,
                      std::vector<Finding>& out) {
  std::size_t sizes = baseline.options.sizes.size();
  for (const SuspectDirection& d : baseline.plan.coverage) {
    for (std::size_t s = 0; s < sizes; ++s) {
      std::vector<double> then;
      std::vector<double> later;
      for (std::size_t probe : d.probes) {
        const std::vector<double>& a = baseline.paths[path_index(probe, s, sizes)].block_medians;
        const std::vector<double>& b = now.paths[path_index(probe, s, sizes)].block_medians;
        then.insert(then.end(), a.begin(), a.end());
        later.insert(later.end(), b.begin(), b.end());
      }
      SizeComparison c;
      if (judge_regression(later, then, options, c) != ProbeVerdict::Degraded) {
        continue;
      }
      const SuspectLink& link = baseline.plan.suspects[d.suspect];
      PortId from = link.sender(d.direction);
      PortId to = link.receiver(d.direction);
      Finding f = names.at_link("probe.regression", from, to);
      f.measured = shift_text(c);
      f.expected = "within the threshold";
      f.message = "traffic across " + to_string(f.location) + ": " + f.measured;
      f.hint = "what changed on this link since the baseline? check its width, speed and errors";
      out.push_back(std::move(f));
      break;  // one finding per direction: the first size that regressed
    }
  }
}

}  // namespace

std::vector<Finding> find_regressions(const Fabric& fabric, const BaselineRun& baseline,
                                      const RunResult& now, const VerdictOptions& options) {
  FindingFactory names(fabric, nullptr);
  std::vector<Finding> out;
  path_regressions(fabric, baseline, now, options, names, out);
  link_regressions(baseline, now, options, names, out);
  return out;
}

}  // namespace ibatlas
