#pragma once

// Adaptive-routing state for tests and benchmarks: what a correct SM would program on top of
// a fabric's forwarding tables, and small edits of it. Each test starts from the consistent
// state (which gives no ar.* finding) and breaks one thing.

#include <cstdint>
#include <string>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

// `fabric` with a SwitchAr for every switch that has a forwarding table: support Supported,
// the SX capability bit, ArInfo enabled with group_cap 1024, group_table_cap 1, one
// sub-group active and supported, by_sl_en 0; one AR LFT (pLFT 0) sized like the switch's
// LFT. Every LID the LFT routes (out port not 255 or 0) gets an entry: default_port = the
// LFT port; for a LID of a CA cabled to this switch (or one no switch path reaches) the
// state is Static with group 0; for every other LID the state is `state` and the group is
// the one whose ports are every port of this switch on a min-hop path to the LID's owner
// (switch hops by BFS over working switch-to-switch cables). Groups are deduplicated by
// port set and numbered from 1 in port-set order (lexicographic), so that switches cabled
// alike give a destination the same group number; group_top = the highest number.
// REQUIRES: state is adaptive (not Static).
Fabric with_consistent_ar(const Fabric& fabric, ArLidState state = ArLidState::Free);

// A copy of the switch's AR state. REQUIRES: the fabric holds one for `sw`.
SwitchAr switch_ar(const Fabric& fabric, NodeId sw);

// `fabric` with `ar` replacing the AR state of ar.switch_node.
Fabric with_switch_ar(const Fabric& fabric, SwitchAr ar);

// `ar`'s entry for `lid` in pLFT 0. REQUIRES: it has one.
ArLftEntry& ar_entry(SwitchAr& ar, Lid lid);

// `ar`'s sub-group 0 of group `group` (table 0, pLFT 0). REQUIRES: it has one.
ArGroup& ar_group(SwitchAr& ar, std::uint16_t group);

// The switch whose node description is `description`. REQUIRES: there is one.
NodeId switch_named(const Fabric& fabric, const std::string& description);

}  // namespace ibatlas::test
