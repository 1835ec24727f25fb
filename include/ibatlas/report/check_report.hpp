#pragma once

// Writing `ibatlas check` results: a table (severity, check, location, message and fix, in
// the order given) with a summary line, or the findings JSON (formats/findings_json.hpp).

#include <ostream>
#include <span>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// The table fits `style.width` (its location and message columns wrap, each under itself;
// "fix: ..." under the location); severities in colour when `style.colour`.
void write_check_text(const Fabric& fabric, std::span<const Finding> findings,
                      const TextStyle& style, std::ostream& out);

void write_check_json(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out);

}  // namespace ibatlas
