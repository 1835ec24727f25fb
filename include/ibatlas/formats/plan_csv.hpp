#pragma once

// Reading a cabling plan (cabling_plan.hpp) from CSV: docs/formats.md, "Cabling plan (CSV)".

#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/cabling_plan.hpp"

namespace ibatlas {

// Parses a plan: `#` comment lines and blank lines anywhere; first a header line
// `node,port,peer_node,peer_port` or `node,port,peer_node,peer_port,width,speed`; then one
// cable per line. Fields may be double-quoted (`""` is a quote inside). Ports are 1-254;
// width is 1x/2x/4x/8x/12x, speed SDR...XDR, either may be empty. Throws ParseError
// ("name:line: expected ..., found ...") on a bad line, a port planned twice, or a cable
// from a port to itself.
CablingPlan read_plan_csv(std::string_view text, std::string_view name);

// True when the first line that is neither blank nor a comment is a plan header.
bool looks_like_plan_csv(std::string_view text);

}  // namespace ibatlas
