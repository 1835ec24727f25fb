#pragma once

// The PerfMgt error counters ibatlas checks: each with its check id (counter.<name>), the
// name the IBA and ibqueryerrors use, the PortCounters field and the threshold that applies.
// The counter checks (analysis/counters.hpp) and the counter diff (diff/) share this table.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"

namespace ibatlas {

struct CounterInfo {
  std::string_view check;  // "counter.symbol_errors"
  std::string_view name;   // as the IBA and ibqueryerrors call it: "SymbolErrorCounter"
  std::optional<std::uint64_t> PortCounters::*field;
  std::uint64_t CounterThresholds::*threshold;
};

// The checked counters, in registry order.
std::span<const CounterInfo> error_counters();

}  // namespace ibatlas
