#pragma once

// ibnetdiscover's default topology output, in every variant seen in the field: `-g`
// grouping, ibdiagnet's ibnetdiscover-format export, old (2009) output without speeds or
// port GUIDs, CRLF, stripped tabs, a BOM, shell prompts and log lines around the output;
// and ibsim's netfile dialect (names instead of GUIDs, `Hca`, a port line's `lid N 4xEDR`
// giving that port's *enabled* width and speed). docs/formats.md describes each.

#include <ostream>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Parses `text`; `name` is used in error messages ("name:line: expected ..., found ...").
// Throws ParseError on a malformed record. Lines outside records that look like no record
// at all are skipped and listed in ReadResult::skipped.
ReadResult read_ibnetdiscover(std::string_view text, std::string_view name);

// Writes ibnetdiscover's default output: text that ibsim loads as a netfile and that
// read_ibnetdiscover reads back to the same nodes, ports and cables.
void write_ibnetdiscover(const Fabric& fabric, std::ostream& out);

}  // namespace ibatlas
