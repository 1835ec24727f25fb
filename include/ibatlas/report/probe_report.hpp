#pragma once

// `ibatlas probe` output: a verdict per suspect direction, a row per measured path (median,
// p99, p99.9, max, loss, samples), then the findings, as tables fitted to style.width
// (report/table.hpp); or one findings JSON document whose "report" holds the same figures
// (docs/probe.md, "Output").

#include <ostream>
#include <span>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/probe/run.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// What a probe run reports: the snapshot it planned on, the plan, the options it ran with,
// what it measured, and its findings (the verdicts' and the hosts').
struct ProbeReport {
  const Fabric& fabric;
  const ProbePlan& plan;
  const RunOptions& options;
  const RunResult& run;
  std::span<const Finding> findings;
};

void write_probe_text(const ProbeReport& report, const TextStyle& style, std::ostream& out);

void write_probe_json(const ProbeReport& report, std::ostream& out);

}  // namespace ibatlas
