#pragma once

// The probe run file (`ibatlas probe -o RUN.json`, docs/probe.md "Run files and
// baselines"), schema "ibatlas.probe-run/1": the fabric's identity, the options, the whole
// plan, every path's block medians and distribution, and the verdicts. `--baseline RUN.json`
// reads it back to run the same pairs again and report regressions.

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/probe/run.hpp"

namespace ibatlas {

inline constexpr std::string_view kProbeRunSchema = "ibatlas.probe-run/1";

// A fingerprint of what the fabric is: its node GUIDs and its links (not states, counters or
// tables), so a baseline taken before a change is known to be the same fabric.
std::uint64_t fabric_fingerprint(const Fabric& fabric);

void write_run_file(const Fabric& fabric, const ProbePlan& plan, const RunOptions& options,
                    const RunResult& run, std::ostream& out);

// A run read back, its ports mapped onto `fabric` by GUID and port number.
struct BaselineRun {
  std::string file;
  std::uint64_t fingerprint = 0;  // of the fabric it ran on
  std::string time;               // when it ran
  RunOptions options;             // sizes, samples, blocks, warm-up, timeout
  ProbePlan plan;
  std::vector<PathMeasurement> paths;  // block medians and counts (no raw samples)
};

// Throws ParseError for text that is not JSON and Error ("file: $.paths[3].bytes: expected
// ..., found ...") for any other shape, another schema, an index out of range, or a port the
// fabric does not have ("the baseline's host node07 port 1 is not in SOURCE").
BaselineRun read_run_file(std::string_view text, const std::string& file, const Fabric& fabric);

}  // namespace ibatlas
