#pragma once

// `ibatlas history`'s figures for the findings JSON (schema in docs/diff.md); the text is
// report/history_text.hpp.

#include <optional>
#include <string>

#include "ibatlas/diff/history.hpp"

namespace ibatlas {

// The snapshot's own time text when it has one (a dump's zone-less local time stays as it
// was written), else the UTC time it was ordered by; nullopt when it has neither.
std::optional<std::string> snapshot_time_text(const HistorySnapshot& snapshot);

// One JSON object, {snapshots, timeline, links, degradations, nodes, subnet_managers?,
// route_churn?}: the "report" of `history --json`'s findings document.
std::string history_report_json(const History& history);

}  // namespace ibatlas
