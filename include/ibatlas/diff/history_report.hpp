#pragma once

// `ibatlas history` output: text, or one JSON object (schema in docs/diff.md).

#include <cstdint>
#include <ostream>
#include <string>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/utc_time.hpp"

namespace ibatlas {

// The snapshots in order, the steps that changed something (grouped like `ibatlas diff`),
// then flapping links, degradations and nodes that came and went.
void write_history_text(const History& history, std::ostream& out);

// {snapshots, timeline, links, degradations, nodes}.
void write_history_json(const History& history, std::ostream& out);

}  // namespace ibatlas
