#pragma once

// iblinkinfo's output: the default layout (a `Switch: 0x<guid> <desc>:` / `CA: <desc>:` /
// `Router: <desc>:` header per node, then one row per port with its width, speed, state and
// physical state and the peer's LID, port and description) and `-l` (one line per port, the
// port's GUID and the node's description on every line, the peer's port GUID too), also
// filtered (`--switches-only`, `--cas-only`, `--down`, `-D`/`-S`). docs/formats.md
// describes both.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// The made-up node GUIDs of peers known only by LID, port and description (a default-layout
// file that does not list them, e.g. the CAs of `--switches-only` output): this base | LID,
// or for LID 0 this base | 1 << 32 | n (n = 1, 2, ... in file order). 0xff as first byte has
// the EUI-64 group bit set, which no real node GUID has.
inline constexpr Guid kMadeUpGuidBase = 0xffffff0000000000;

// Default layout: peers are found by LID (by description when LIDs are unassigned or
// shared). -l: by port GUID. A peer the file does not list becomes a node of its own (see
// kMadeUpGuidBase), connected both ways: no cable is dropped. Throws ParseError on a
// malformed header or row, a row outside any node, or layouts mixed in one file. Other lines
// are skipped.
ReadResult read_iblinkinfo(std::string_view text, std::string_view name);

// True for a node header, `Switch: 0x<guid> <desc>:`, `CA: <desc>:` or `Router: <desc>:`, or
// an `-l` line, `0x<guid> "<desc>" ... ==( ...`: a line (trimmed) that only iblinkinfo
// writes. detect_format asks it.
bool looks_like_iblinkinfo_line(std::string_view line);

}  // namespace ibatlas
