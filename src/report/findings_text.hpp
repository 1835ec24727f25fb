#pragma once

// The findings list that closes the `routes` and `probe` text reports: a count line, then
// per finding its severity, check, location, message and fix, every text escaped.

#include <ostream>
#include <span>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

void write_findings_list(std::span<const Finding> findings, std::ostream& out);

}  // namespace ibatlas
