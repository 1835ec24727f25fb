#pragma once

// `ibatlas show`: what a snapshot holds, in counts, and what its source lacked. As text the
// source's name is shown escaped, as every text report shows bytes it did not choose; the JSON
// keeps it (invalid UTF-8 replaced).

#include <ostream>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

void write_show_text(const FabricSummary& summary, const Provenance& provenance, std::ostream& out);

// One JSON object (docs/cli.md, "show --json"). `subnet_managers` is present only when the
// snapshot read SMInfo (an empty list: read, and none answered), as `adaptive_routing` only
// when it read AR state.
void write_show_json(const FabricSummary& summary, const Provenance& provenance, std::ostream& out);

}  // namespace ibatlas
