#pragma once

// ibdiagnet's adaptive-routing dump, ibdiagnet2.far (docs/formats.md, "ibdiagnet AR dump
// (.far)"): "File version: N", then per switch a "Switch 0x<GUID>" line, whatever ibdiagnet
// prints before "Groups Definition:", the group table (Group, Sub Group, WHBF, Ports) and one
// "LFT Definition:" block per private LFT (PLFT_NUM, top, rows of LID, static port, LID state
// and group). Reading gives each switch's AR LFTs and groups; attaching puts them into a copy
// of a Fabric as SwitchAr, matched by node GUID, and reports switches on one side only.

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

struct FarSwitch {
  Guid guid = 0;
  std::size_t line = 0;  // the "Switch" line, 1-based
  // Sorted by pLFT. entries has top + 1 elements; a LID without a row is absent. Every entry
  // has a default_port (the "Static Port" column, as given) and table 0.
  std::vector<ArLft> lfts;
  // Sorted by (group, sub_group); plft and table are 0 (the dump has no column for them),
  // whbf is the WHBF column, ports ascending.
  std::vector<ArGroup> groups;
};

struct FarDump {
  std::uint32_t version = 0;        // "File version: N"
  std::vector<FarSwitch> switches;  // in text order, each GUID once
};

// Parses a .far dump. Throws ParseError ("name:line: expected ..., found ...") for a missing
// "File version", a line out of place, a malformed row, a switch or a pLFT twice, a LID above
// its block's top, a LID state that is not Static, Free, Bounded or HBF, a group port above
// 254, a group sub-group or a LID listed twice, and a text that ends inside a switch.
FarDump read_far(std::string_view text, std::string_view name);

// Writes every SwitchAr of `fabric` that has an AR LFT, in switch order, as the .far format.
// read_far gives back each switch's lfts and its groups of pLFT 0 and table 0. The format
// cannot hold more: groups of other pLFTs or tables and an entry's table are not written, an
// entry without a DefaultPort is written with static port 255, a group without WHBF with 0.
void write_far(const Fabric& fabric, std::ostream& out);

struct FarAttachResult {
  Fabric fabric;
  std::vector<Finding> findings;  // ar.unknown_switch, then ar.not_in_dump in switch order
};

// A copy of `fabric` in which every switch of the dump the fabric holds has the dump's AR
// state (support Supported, no ARInfo: the dump has none, lfts and groups as read), replacing
// any it had; other switches keep theirs. A dumped GUID that is no switch of the fabric is
// `ar.unknown_switch` (at fabric level, naming `name` and the Switch line); a switch of the
// fabric the dump lacks is `ar.not_in_dump`. Never throws.
FarAttachResult attach_far(const Fabric& fabric, const FarDump& dump, std::string_view name);

}  // namespace ibatlas
