#pragma once

// Forwarding tables as text (docs/routing.md):
//   - ibroute / dump_lfts (dump_fts): "Unicast lids [0x0-0x16] of switch Lid 15 guid 0x... (desc):"
//     then "0x0001 036 : (Switch portguid 0x...: 'desc')" lines and "22 valid lids dumped ".
//     Older ibroute captures end in "ibroute: iberror: failed: dump tables: ..." instead.
//   - opensm's opensm-lfts.dump: "Unicast lids [0-22] of switch Lid 1 guid 0x... ('desc'):",
//     "0x0001 000 # Switch portguid 0x...: 'desc'" and "22 lids dumped".
//   - opensm's opensm.fdbs: "dump_ucast_routes: Switch 0x..." then
//     "0x0001 : 000  : 00   : yes" (or UNREACHABLE, HOPS UNKNOWN, "No N hop path ...").
// Reading gives the tables plus everything odd about the text as data (a table cut short, a
// tool's error line, a LID listed twice, an unreadable block); attaching puts the tables
// into a copy of a Fabric, matching switches by node GUID, else by LID.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

enum class LftDumpFormat : std::uint8_t { Ibroute, OpensmLfts, OpensmFdbs };

std::string to_string(LftDumpFormat format);  // "ibroute", "opensm-lfts", "opensm-fdbs"

struct LftTable {
  Guid switch_guid = 0;
  std::optional<Lid> switch_lid;  // "Lid N" in the header; absent for "DR path ..." and .fdbs
  std::string description;        // empty for .fdbs
  std::size_t line = 0;           // the header's line
  std::optional<Lid> top;         // the header's last LID ("[0x0-0x132]": 0x132)
  // out_port[lid]; ForwardingTable::kNoRoute where no line gave a port. Sized to the
  // header's range (or, for .fdbs, the last LID listed) + 1.
  std::vector<std::uint8_t> out_port;
  std::size_t entries = 0;  // entry lines read
  bool complete = false;    // the closing "N lids dumped" line was read (.fdbs: always)
};

enum class LftIssueKind : std::uint8_t {
  Truncated,            // a table without its closing line: the rest of its LIDs are unknown
  ToolError,            // an "iberror:" / "SubnGet() failed" line captured with the output
  UnreadBlock,          // a 64-LID block the tool could not read; its entries were dropped
  DuplicateEntry,       // a LID listed more than once in one table; the first line is kept
  CountMismatch,        // "N valid lids dumped" differs from the entry lines read
  DestinationConflict,  // lines name different ports (GUIDs) as one LID's destination
  DuplicateTable,       // two tables for one switch; the first is kept
  UnknownSwitch,        // attach: the fabric has no switch with that GUID or LID
  PortOutOfRange,       // attach: entries name ports the switch does not have
  DestinationMismatch,  // attach: a line's destination GUID is not that LID's port in the fabric
};

std::string to_string(LftIssueKind kind);  // "truncated", "tool-error", ...

struct LftIssue {
  LftIssueKind kind = LftIssueKind::Truncated;
  std::size_t line = 0;  // 1-based; 0 when not tied to one line
  std::string message;   // "name:line: what", ready to print
};

// A destination a line names in its info part ("portguid 0x..."), the first line per LID.
struct LftDestination {
  Lid lid = 0;
  Guid port_guid = 0;
  std::size_t line = 0;
};

struct LftDump {
  std::string name;  // as given to read_lft_dump; used in messages
  LftDumpFormat format = LftDumpFormat::Ibroute;
  std::vector<LftTable> tables;              // in text order
  std::vector<LftIssue> issues;              // in text order
  std::vector<SkippedLine> skipped;          // noise outside tables (prompts, dump_lfts' trailer)
  std::vector<LftDestination> destinations;  // ascending LID
};

// True when the first line that is not blank or noise starts an LFT table of one of the
// three formats (for format detection).
bool looks_like_lft_dump(std::string_view text);

// Parses any of the three formats (detected per table). Throws ParseError ("name:line:
// expected ..., found ...") for a line inside a table that is no entry, a bad header, a LID
// above 0xbfff or a port above 255, and for text holding no table at all.
LftDump read_lft_dump(std::string_view text, std::string_view name);

struct AttachedTables {
  Fabric fabric;
  std::vector<LftIssue> issues;  // the dump's own issues, then what attaching found
  std::size_t attached = 0;      // tables now in the fabric from this dump
};

// A copy of `fabric` in which every switch the dump names has the dump's table (replacing
// any it had); other switches keep theirs. Tables of unknown switches are left out and
// reported. Never throws.
AttachedTables with_forwarding_tables(const Fabric& fabric, const LftDump& dump);

// Writes the fabric's tables as dump_lfts (dump_fts) prints them: switches in NodeId order,
// every entry whose port exists on the switch, the destination named from the fabric, and
// the "N valid lids dumped " line. read_lft_dump reads it back to the same tables.
void write_lft_dump(const Fabric& fabric, std::ostream& out);

}  // namespace ibatlas
