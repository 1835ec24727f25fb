#pragma once

// Adaptive-routing changes between two snapshots (docs/diff.md): per switch matched by
// node_match, and only when both snapshots hold AR state for it. A switch whose AR state only
// one snapshot holds is not a change (absent is not "disabled"): those are counted in a note.

#include <string>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct ArDiff {
  std::vector<Change> changes;     // ar.* kinds; `at` is the switch in `after`
  std::vector<std::string> notes;  // at most one line per direction: switches not compared
};

// Compares, per matched switch with AR state on both sides:
// - ar.support: supported / unsupported / no answer;
// and, when both are supported:
// - ar.disabled / ar.enabled: ArInfo's enabled, on -> off / off -> on (both read ArInfo);
// - ar.setting: the effective SL mask ("sl_mask"), sub_groups_active, by_transport_disable,
//   fr_enabled, pfrn_enabled (both read ArInfo);
// - ar.lft: per pLFT both hold, the number of LIDs whose entry both hold and whose state,
//   group or default port differs (in `delta`);
// - ar.group: a sub-group added, removed, or with other ports or WHBF, when both read every
//   table (tables_complete).
ArDiff diff_adaptive_routing(const Fabric& before, const Fabric& after, const NodeMatch& match);

}  // namespace ibatlas
