#pragma once

// The technician's worklist (`ibatlas check --worklist`): the findings that need hands on
// cables (plan.missing, plan.miswired, plan.extra, plan.wrong_speed, link.degraded,
// port.down), one line each, grouped by the node at the finding's first end (the switch end
// when there is one), groups and lines in natural name/port order:
//
//   # leaf07 (0x0002c90300000107)
//   leaf07 port 14: move cable to spine03 port 7 (now at spine04 port 7)
//   leaf07 port 15: connect to node12 port 1

#include <ostream>
#include <span>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// True for the checks whose findings go on the worklist.
bool on_worklist(const Finding& finding);

// Writes the worklist; "nothing to do" when no finding belongs on it.
void write_worklist(std::span<const Finding> findings, std::ostream& out);

}  // namespace ibatlas
