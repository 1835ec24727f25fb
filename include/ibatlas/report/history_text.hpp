#pragma once

// `ibatlas history` as text, through the table writer's wrapping and tones
// (report/table.hpp); its JSON is diff/history_report.hpp.

#include <ostream>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// The snapshots in order, the steps that changed something (each change toned as `diff`
// tones it), then flapping links, master SM moves, route churn, degradations, nodes that came
// and went, and last history_findings() as the findings table `routes` and `probe` close
// with. A line longer than style.width wraps under itself.
void write_history_text(const History& history, const TextStyle& style, std::ostream& out);

}  // namespace ibatlas
