#pragma once

// `ibatlas diff` as text (the JSON and format_change are diff/diff_report.hpp): like diff(1),
// through the table writer's wrapping and tones (report/table.hpp).

#include <ostream>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// Nothing but the notes ("note: ..." lines, what was not compared) when there are no changes
// (like diff(1)); otherwise a header naming both snapshots and the count per kind, then one
// group per kind in report order, then the notes. A change longer than style.width wraps
// under itself; with style.colour, what appeared is green, what went red, what changed
// magenta ("---" red and "+++" green, as git colours them).
void write_diff_text(const FabricDiff& diff, const TextStyle& style, std::ostream& out);

// The tone of a change of this kind.
Tone change_tone(ChangeKind kind);

}  // namespace ibatlas
