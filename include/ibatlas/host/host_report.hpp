#pragma once

// Showing a HostSnapshot: the text summary `ibatlas host` prints above its findings, and the
// "report" object of its findings JSON (docs/host.md, "Output").

#include <ostream>
#include <span>
#include <string>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/host/host_snapshot.hpp"

namespace ibatlas {

// Per HCA: firmware, board, GUID, NUMA node; per port its state, rate, link layer and LIDs;
// the PCIe chain from the HCA up to the root port with each link's usable bandwidth; the
// process's CPUs and memlock limit; then a count line and each finding with what was measured
// and expected and its fix. Text from sysfs is escaped (text::printable).
void write_host_text(const HostSnapshot& snapshot, std::span<const Finding> findings,
                     std::ostream& out);

// The same as one JSON object, as text (FindingsDocument::report).
std::string host_report_json(const HostSnapshot& snapshot);

}  // namespace ibatlas
