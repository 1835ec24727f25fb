#pragma once

// The adaptive-routing state the test responder (tests/sim/ar_responder) serves for a switch
// in a consistent fabric: what tests/sim/ar_test.cpp starts from and what the discover --ar
// benchmark serves. Built on with_consistent_ar (support/ar_state.hpp).

#include <string>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

// Switch `sw`'s AR state in `consistent` (a with_consistent_ar fabric, which keeps the plain
// LFTs) as a responder serves it: every LID of the switch's plain LFT has an AR LFT entry
// (one with_consistent_ar leaves out, such as the switch's own LID or an unrouted one, is
// Static toward the LFT's port, as an AR SM leaves it), and by_sl_cap is set, so that an SL
// mask on one switch is a difference among peers, not an impossibility.
// REQUIRES: `consistent` holds AR state for `sw`.
SwitchAr served_ar_state(const Fabric& consistent, NodeId sw);

// Writes DIR/<node description>.json (support/ar_state_json.hpp) with served_ar_state of
// every switch of with_consistent_ar(fabric) and returns the paths. `fabric` must hold
// the plain LFTs (a snapshot of `discover --routes`). Throws std::runtime_error on I/O.
std::vector<std::string> write_consistent_states(const Fabric& fabric, const std::string& dir);

}  // namespace ibatlas::test
