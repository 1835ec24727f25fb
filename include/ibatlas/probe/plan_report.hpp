#pragma once

// A probe plan for people and for programs (`ibatlas probe --plan-only`, docs/probe.md,
// "Plan"). Names are node descriptions: the CLI applies node-name maps to the fabric first.

#include <ostream>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/plan.hpp"

namespace ibatlas {

// One line per suspect direction (its ends, the probes and controls with their hosts, DLIDs
// and hop counts, and why anything is missing), then the rounds against their lower bound,
// then the plan's notes. Descriptions are escaped for the terminal (text::printable).
void write_plan_text(const Fabric& fabric, const ProbePlan& plan, std::ostream& out);

// One JSON object, schema "ibatlas.probe-plan/1": suspects, probes, coverage, rounds,
// round_lower_bound, notes (docs/probe.md lists the fields). Text is cleaned to UTF-8.
void write_plan_json(const Fabric& fabric, const ProbePlan& plan, std::ostream& out);

}  // namespace ibatlas
