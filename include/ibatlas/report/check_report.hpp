#pragma once

// Writing `ibatlas check` results: a table (severity, check, location, message and fix, in
// the order given) with a summary line, or the findings JSON (formats/findings_json.hpp).

#include <ostream>
#include <span>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// `colour`: severities in ANSI colours (the caller decides: a terminal, no NO_COLOR).
void write_check_text(const Fabric& fabric, std::span<const Finding> findings, bool colour,
                      std::ostream& out);

void write_check_json(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out);

}  // namespace ibatlas
