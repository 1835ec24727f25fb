#pragma once

// Baseline -> change -> regression (docs/probe.md, "Run files and baselines"): a run of the
// baseline's own plan compared with the baseline, path by path and suspect by suspect.

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/probe/run.hpp"
#include "ibatlas/probe/run_file.hpp"
#include "ibatlas/probe/verdict.hpp"

namespace ibatlas {

// probe.regression for every (probe, size) whose block medians now lie above the baseline's
// by more than the practical threshold (the shift's interval wholly above it), and for every
// suspect direction whose probes did. REQUIRES: `now` ran baseline.plan with
// baseline.options.sizes. Never throws.
std::vector<Finding> find_regressions(const Fabric& fabric, const BaselineRun& baseline,
                                      const RunResult& now, const VerdictOptions& options);

}  // namespace ibatlas
