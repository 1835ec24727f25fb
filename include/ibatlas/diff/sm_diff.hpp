#pragma once

// Subnet-manager changes between snapshots (docs/diff.md), compared only when both read
// SMInfo (Fabric::subnet_managers_read()): a snapshot without SM data says nothing.
//   sm.master   the master moved: before/after are the master's SMInfo GUID, or absent for
//               "no master".
//   sm.changed  one SM (matched by its SMInfo GUID) appeared, went, or changed state or
//               priority: before/after "standby priority 5".

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

std::vector<Change> diff_subnet_managers(const Fabric& before, const Fabric& after);

// One move of the master over a series: from snapshot `from` to snapshot `to` (the previous
// snapshot that read SMInfo, and this one). Absent GUID: no master.
struct MasterChange {
  std::size_t from = 0;
  std::size_t to = 0;
  std::optional<Guid> was;
  std::optional<Guid> now;
  friend bool operator==(const MasterChange&, const MasterChange&) = default;
};

// The master's moves over `series` (in time order; null entries and snapshots that did not
// read SMInfo are skipped). More than one is history's sm.flapping.
std::vector<MasterChange> master_changes(std::span<const Fabric* const> series);

inline bool sm_flapping(std::span<const MasterChange> changes) {
  return changes.size() > 1;
}

}  // namespace ibatlas
