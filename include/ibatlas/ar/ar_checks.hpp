#pragma once

// The adaptive-routing checks (ar.*, docs/checks.md): pure functions over the AR state a
// snapshot holds (Fabric::adaptive_routing()), read live (`discover --ar`) or from an
// ibdiagnet .far dump. ar.not_in_dump and ar.unknown_switch come from attaching the dump
// (formats/far.hpp), not from here.

#include <cstddef>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

// Every ar.* check over the switches' AR state:
//  - per switch: ar.unsupported (Unsupported or NoAnswer), ar.decode_uncertain (then no
//    table check on that switch), ar.tables_incomplete;
//  - fleet (peers = switches of one tier and one NodeInfo DeviceID, each with ArInfo):
//    a switch whose value differs from the one most of its peers share gets the finding,
//    naming that value; with no majority nothing is reported;
//  - tables (switches with ArInfo.enabled, or without ArInfo as from a .far dump): per switch
//    and check one finding counting the LIDs, naming the first few;
//  - paths: every AR choice from every switch to every LID, ar.path_dead_end at the switch
//    whose choice cannot go on, ar.path_loop at the switch that closes a loop;
//  - options.ar_expect: ar.not_as_expected per switch and setting.
// Returns nothing when the fabric holds no AR state. Unsorted. Never throws.
// O(switches x LIDs x group size) for the tables and paths.
std::vector<Finding> check_adaptive_routing(const Fabric& fabric, const Tiers& tiers,
                                            const AuditOptions& options);

// How many switches route adaptively: AR state read, AR on, and at least one adaptive
// entry. On those the static LFT (what ibroute and `routes` show) is only the AR default
// path.
std::size_t count_adaptive_switches(const Fabric& fabric);

}  // namespace ibatlas
