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

// Recognizers of one line (trimmed) in the ibnetdiscover syntax, for detect_format. An ibsim
// line is a node header that only a netfile writes: `Hca`, or a name that is not S-/H-/R-
// followed by letters and digits. An ibnetdiscover line is any other node header
// (`Switch 36 "S-<guid>"`) or a `vendid=`/`devid=`/`sysimgguid=`/`switchguid=`/`caguid=`/
// `rtguid=` line, which a netfile may also hold: the file is ibsim's when any header is.
bool looks_like_ibsim_line(std::string_view line);
bool looks_like_ibnetdiscover_line(std::string_view line);

// Writes ibnetdiscover's default output: text that ibsim loads as a netfile and that
// read_ibnetdiscover reads back to the same nodes, ports and cables.
void write_ibnetdiscover(const Fabric& fabric, std::ostream& out);

}  // namespace ibatlas
