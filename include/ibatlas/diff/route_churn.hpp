#pragma once

// Route churn between two snapshots taken with `--routes` (docs/diff.md, "History"): the
// LIDs whose owner changed, and per switch the LFT entries that changed. Computed only when
// both snapshots hold forwarding tables; `history` reports it per consecutive pair.

#include <cstddef>
#include <optional>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// A LID both snapshots assign, to different ports (node GUID and port number; LMC ranges
// count, a switch's LID is its port 0's).
struct LidMove {
  Lid lid = 0;
  PortRef was;
  PortRef now;
  friend bool operator==(const LidMove&, const LidMove&) = default;
};

// One switch (matched by node GUID, tables in both) whose LFT differs in `entries` LIDs; an
// entry one table lacks counts as "no route" (255).
struct LftChurn {
  PortRef at;  // the switch, as in the later snapshot
  std::size_t entries = 0;
  friend bool operator==(const LftChurn&, const LftChurn&) = default;
};

struct RouteChurn {
  std::size_t from = 0;  // snapshot indices (history); 0 and 1 for a lone pair
  std::size_t to = 1;
  std::vector<LidMove> lids;        // by LID
  std::vector<LftChurn> switches;   // switches with at least one entry changed, by GUID
  std::size_t lft_entries() const;  // the sum over switches
};

// nullopt unless both snapshots hold forwarding tables.
std::optional<RouteChurn> route_churn(const Fabric& before, const Fabric& after);

}  // namespace ibatlas
