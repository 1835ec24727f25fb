#pragma once

// Findings as text, every text escaped (text::printable): the table of `check` and the list
// that closes the reports of routes, history, probe and host (report/table.hpp).

#include <ostream>
#include <span>
#include <string_view>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// What differs between the commands' findings tables.
struct FindingsTextOptions {
  // The location shown for a finding about the whole (LocationKind::Fabric): `host` says
  // "host", its findings being about one machine.
  std::string_view whole = "fabric";
  // A "measured X, expected Y" line above the fix of each finding that has them (host: the
  // message alone does not say what sysfs held).
  bool measured = false;
};

// SEVERITY, CHECK, LOCATION and MESSAGE (the last two wrap under themselves to fit
// style.width), with "fix: ..." under each location; severities coloured with style.colour.
void write_findings_table(std::span<const Finding> findings, const TextStyle& style,
                          std::ostream& out, const FindingsTextOptions& options = {});

// A blank line, "N findings (E errors, W warnings, I info)", then write_findings_table when
// there is any.
void write_findings_list(std::span<const Finding> findings, const TextStyle& style,
                         std::ostream& out, const FindingsTextOptions& options = {});

}  // namespace ibatlas
