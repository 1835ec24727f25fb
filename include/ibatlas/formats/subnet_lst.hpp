#pragma once

// opensm's `opensm-subnet.lst` (the line format ibdiagnet's `.lst` also uses): one line per
// link, `{ CA Ports:01 SystemGUID:... NodeGUID:... PortGUID:... VenID:... DevID:... Rev:...
// {desc} LID:0032 PN:01 } { SW ... } PHY=4x LOG=ACT SPD=25`.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

ReadResult read_subnet_lst(std::string_view text, std::string_view name);

// True for a line (trimmed) that starts a link record, `{ SW Ports:25 ...` or
// `{ CA-SM Ports:01 ...`: only opensm and ibdiagnet write one. detect_format asks it.
bool looks_like_subnet_lst_line(std::string_view line);

}  // namespace ibatlas
