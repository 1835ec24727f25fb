#pragma once

// `ibatlas host` as text, through the table writer (report/table.hpp); its JSON is
// host/host_report.hpp.

#include <ostream>
#include <span>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/host/host_snapshot.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// Per HCA: firmware, board, GUID, NUMA node; per port its state, rate, link layer and LIDs;
// the PCIe chain from the HCA up to the root port with each link's usable bandwidth; the
// process's CPUs and memlock limit; then the findings table (a finding about the process is
// the host's, "measured ..., expected ..." above each fix). Lines wrap to style.width; text
// from sysfs is escaped (text::printable).
void write_host_text(const HostSnapshot& snapshot, std::span<const Finding> findings,
                     const TextStyle& style, std::ostream& out);

}  // namespace ibatlas
