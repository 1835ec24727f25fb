#pragma once

// `ibnetdiscover -p` (the ports report: one line per port, `CA`/`SW` rows with an optional
// `-` peer half), including the `DR path ...` progress lines that `-s` mixes in.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

ReadResult read_ibnetdiscover_ports(std::string_view text, std::string_view name);

}  // namespace ibatlas
