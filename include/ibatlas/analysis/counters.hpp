#pragma once

// Error counters (PerfMgt PortCounters), when the snapshot has them. One check id per
// counter, counter.<name>, firing when:
//   - without an earlier snapshot: the counter's value is above its threshold;
//   - with options.baseline and both snapshots' provenance times: its growth per hour since
//     the baseline (same node GUID and port number) is above the threshold. A counter that
//     went down was reset in between; its current value is then the growth.
// counter.no_interval (info, once) says when rates were asked for but a time is missing or
// not later than the baseline's; absolute thresholds are used instead.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/analysis/audit_options.hpp"
#include "ibatlas/analysis/finding.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct CounterInfo {
  std::string_view check;  // "counter.symbol_errors"
  std::string_view name;   // as the IBA and ibqueryerrors call it: "SymbolErrorCounter"
  std::optional<std::uint64_t> PortCounters::*field;
  std::uint64_t CounterThresholds::*threshold;
};

// The checked counters, in registry order.
std::span<const CounterInfo> error_counters();

std::vector<Finding> check_counters(const Fabric& fabric, const AuditOptions& options);

// Seconds since 1970 for an ISO 8601 UTC time "2026-11-29T23:48:00Z" (fractional seconds
// and "+00:00" accepted); nullopt for anything else.
std::optional<std::int64_t> parse_utc_time(std::string_view text);

}  // namespace ibatlas
