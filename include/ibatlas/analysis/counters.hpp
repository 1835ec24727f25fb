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

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/error_counters.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

std::vector<Finding> check_counters(const Fabric& fabric, const AuditOptions& options);

}  // namespace ibatlas
