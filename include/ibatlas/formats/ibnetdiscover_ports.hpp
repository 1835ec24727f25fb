#pragma once

// `ibnetdiscover -p` (the ports report: one line per port, `CA`/`SW` rows with an optional
// `-` peer half), including the `DR path ...` progress lines that `-s` mixes in.

#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

ReadResult read_ibnetdiscover_ports(std::string_view text, std::string_view name);

// True for a row's start, `SW  1719 10 0x7cfe9003009ce5b0 ...` (a type, two decimals and a
// 0x GUID): a line (trimmed) that only `ibnetdiscover -p` writes. detect_format asks it.
bool looks_like_ibnetdiscover_ports_line(std::string_view line);

}  // namespace ibatlas
