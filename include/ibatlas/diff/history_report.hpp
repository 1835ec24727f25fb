#pragma once

// `ibatlas history` output: text, or the command's figures for the findings JSON (schema in
// docs/diff.md).

#include <ostream>
#include <string>

#include "ibatlas/diff/history.hpp"

namespace ibatlas {

// The snapshots in order, the steps that changed something (grouped like `ibatlas diff`),
// then flapping links, master SM moves, route churn, degradations, nodes that came and went,
// and last history_findings() as the list `routes` and `probe` close with.
void write_history_text(const History& history, std::ostream& out);

// One JSON object, {snapshots, timeline, links, degradations, nodes, subnet_managers?,
// route_churn?}: the "report" of `history --json`'s findings document.
std::string history_report_json(const History& history);

}  // namespace ibatlas
