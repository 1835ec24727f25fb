#pragma once

// Reading infiniband-diags' error-threshold files (`--threshold-file`; by default
// /etc/infiniband-diags/error_thresholds when present): lines `Name=value` naming a PerfMgt
// counter as ibqueryerrors does (`SymbolErrorCounter=10`), `#` comments, blank lines. What is
// accepted, and where it differs from ibqueryerrors, is in docs/formats.md.

#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/findings/audit_options.hpp"

namespace ibatlas {

struct ThresholdFile {
  CounterThresholds thresholds;        // `base` with the file's values over it
  std::vector<std::string> set;        // the counters the file set, in file order
  std::vector<std::string> unchecked;  // names infiniband-diags reads that no check uses
};

// Counters the file does not name keep their value from `base`; a counter named twice keeps
// the last value, as in ibqueryerrors. Throws ParseError on a line that is not `Name=value`,
// an unknown counter name, or a value that is not a C number (decimal, 0x hex, 0-led octal).
ThresholdFile read_error_thresholds(std::string_view text, std::string_view name,
                                    const CounterThresholds& base = {});

}  // namespace ibatlas
