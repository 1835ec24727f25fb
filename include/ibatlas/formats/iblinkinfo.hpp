#pragma once

// iblinkinfo's default output (not `-l`): a `Switch: 0x<guid> <desc>:` / `CA: <desc>:` /
// `Router: <desc>:` header per node, then one row per port with its width, speed, state and
// physical state and the peer's LID, port and description. docs/formats.md describes it.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Peers are found by LID (by description when LIDs are unassigned or shared), so both ends
// of a cable must be in the file. Throws ParseError on a malformed header or row, a row
// outside any node, or a peer that names no node of the file. Other lines are skipped.
ReadResult read_iblinkinfo(std::string_view text, std::string_view name);

// True for a node header, `Switch: 0x<guid> <desc>:`, `CA: <desc>:` or `Router: <desc>:`:
// a line (trimmed) that only iblinkinfo writes. detect_format asks it.
bool looks_like_iblinkinfo_line(std::string_view line);

}  // namespace ibatlas
