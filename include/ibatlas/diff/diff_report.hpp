#pragma once

// `ibatlas diff` output: text grouped by kind, or JSON (schema in docs/diff.md).

#include <ostream>
#include <string>

#include "ibatlas/diff/diff.hpp"

namespace ibatlas {

// One change as one line without indentation or trailing newline, e.g.
//   0x0000000000100000[1] "host01": 0x0000000000200006[1] "leaf" -> 0x0000000000200006[5] "leaf"
std::string format_change(const Change& change);

// Nothing but the notes ("note: ..." lines, what was not compared) when there are no changes
// (like diff(1)); otherwise a header naming both snapshots and the count per kind, then one
// group per kind in report order, then the notes.
void write_diff_text(const FabricDiff& diff, std::ostream& out);

// One JSON object: before, after (source, format, time), seconds, ignored, same, counts (per
// kind), changes (each with kind, node_guid, node, port, before, after and, by kind,
// peer_before, peer_after, traded_with, counter, delta, reset, per_hour, item, entries),
// notes (strings).
void write_diff_json(const FabricDiff& diff, std::ostream& out);

}  // namespace ibatlas
