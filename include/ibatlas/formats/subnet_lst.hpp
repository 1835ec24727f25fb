#pragma once

// opensm's `opensm-subnet.lst` (the line format ibdiagnet's `.lst` also uses): one line per
// link, `{ CA Ports:01 SystemGUID:... NodeGUID:... PortGUID:... VenID:... DevID:... Rev:...
// {desc} LID:0032 PN:01 } { SW ... } PHY=4x LOG=ACT SPD=25`.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

ReadResult read_subnet_lst(std::string_view text, std::string_view name);

}  // namespace ibatlas
