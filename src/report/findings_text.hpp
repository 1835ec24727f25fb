#pragma once

// Findings as text, every text escaped (text::printable): the table of `check` and the list
// that closes the `routes` report (report/table.hpp), and the older three-line list `probe`
// still closes with.

#include <ostream>
#include <span>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// SEVERITY, CHECK, LOCATION and MESSAGE (the last two wrap under themselves to fit
// style.width), with "fix: ..." under each location; severities coloured with style.colour.
void write_findings_table(std::span<const Finding> findings, const TextStyle& style,
                          std::ostream& out);

// A blank line, "N findings (E errors, W warnings, I info)", then write_findings_table.
void write_findings_list(std::span<const Finding> findings, const TextStyle& style,
                         std::ostream& out);

// The same count line, then per finding its severity, check and location on one line and
// its message and fix on two more (probe's report, not yet on the table).
void write_findings_list(std::span<const Finding> findings, std::ostream& out);

}  // namespace ibatlas
