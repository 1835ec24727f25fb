#pragma once

// counter.delta: an error counter (the counters of the audit's registry, error_counters())
// whose value differs between two snapshots that both read it, with the growth per hour
// when the time between the snapshots is known. Traffic counters (data, packets, XmitWait)
// are left out: they change on every healthy fabric.

#include <optional>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// One change per counter per port present in both snapshots. A counter lower than before
// was reset in between: `reset` is set and the growth (`delta`) is its new value, as the
// audit counts it. `seconds`: the time from `before` to `after`; positive, or nullopt (no
// rates then).
std::vector<Change> diff_counters(const Fabric& before, const Fabric& after, const NodeMatch& match,
                                  std::optional<double> seconds);

}  // namespace ibatlas
