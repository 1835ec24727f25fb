#pragma once

// NVIDIA ibdiagnet's `ibdiagnet2.db_csv`, its "internal database": tables between
// `START_<TABLE>` and `END_<TABLE>` lines, each a CSV header line and rows. Read: NODES,
// PORTS, LINKS and PM_INFO (port counters); every other table is skipped. Columns are found
// by header name, so columns a version adds, drops or reorders do not matter; a required
// column that is missing is a ParseError. docs/formats.md, "ibdiagnet2.db_csv", lists the
// columns and encodings.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Provenance::format is "ibdiagnet-csv". Throws ParseError ("file:line: expected ...").
ReadResult read_ibdiagnet_csv(std::string_view text, std::string_view name);

// True for a (trimmed) line that opens a db_csv table: "START_" and upper-case letters,
// digits and '_'. detect_format asks it.
bool looks_like_ibdiagnet_csv_line(std::string_view line);

}  // namespace ibatlas
