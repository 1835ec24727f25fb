#pragma once

// The counter thresholds of the commands that run the counter checks: `--threshold-file FILE`
// (infiniband-diags' error_thresholds format, formats/error_thresholds.hpp), else that file at
// its infiniband-diags place when present, else the built-in defaults (docs/checks.md).

#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "ibatlas/findings/audit_options.hpp"

namespace ibatlas::cli {

// Where the default file is looked for: $IBATLAS_ERROR_THRESHOLDS when set (empty: nowhere,
// for tests that must not depend on this machine's /etc), else
// /etc/infiniband-diags/error_thresholds.
std::string default_threshold_file();

// Registers --threshold-file FILE on `cmd`.
void add_threshold_file_option(CLI::App& cmd, std::string& path);

// Reads `path` when not empty (a missing file is an Error), else the default file when it
// exists. With `verbose`, says on `err` which file was read and what it set. Throws Error /
// ParseError.
CounterThresholds load_counter_thresholds(const std::string& path, bool verbose, std::ostream& err);

}  // namespace ibatlas::cli
