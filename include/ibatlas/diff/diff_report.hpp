#pragma once

// `ibatlas diff` output: JSON (schema in docs/diff.md) and one change as text; the text
// report is report/diff_text.hpp.

#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/diff/diff.hpp"

namespace ibatlas {

// One change as one line without indentation or trailing newline, e.g.
//   0x0000000000100000[1] "host01": 0x0000000000200006[1] "leaf" -> 0x0000000000200006[5] "leaf"
std::string format_change(const Change& change);

// The names of what `options` leaves out of the comparison: "lids", "descriptions",
// "counters" (the text's "(ignoring ...)" and the JSON's "ignored").
std::vector<std::string> ignored_names(const DiffOptions& options);

// One JSON object: schema ("ibatlas.diff/1"), before, after (source, format, time), seconds,
// ignored, same, counts (per kind), changes (each with kind, node_guid, node, port, before, after
// and, by kind, peer_before, peer_after, traded_with, counter, delta, reset, per_hour, item,
// entries), notes (strings).
void write_diff_json(const FabricDiff& diff, std::ostream& out);

}  // namespace ibatlas
