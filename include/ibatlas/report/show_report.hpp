#pragma once

// `ibatlas show` as text: what a snapshot holds, in counts, and what its source lacked. The
// source's name is shown escaped, as every text report shows bytes it did not choose.

#include <ostream>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

void write_show_text(const FabricSummary& summary, const Provenance& provenance, std::ostream& out);

}  // namespace ibatlas
