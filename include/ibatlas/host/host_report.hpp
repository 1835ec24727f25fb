#pragma once

// A HostSnapshot as the "report" object of `ibatlas host`'s findings JSON (docs/host.md,
// "Output"); the text summary is report/host_text.hpp.

#include <string>

#include "ibatlas/host/host_snapshot.hpp"

namespace ibatlas {

// Per HCA its facts, ports and PCIe chain, and the process's facts, as one JSON object, as
// text (FindingsDocument::report).
std::string host_report_json(const HostSnapshot& snapshot);

}  // namespace ibatlas
