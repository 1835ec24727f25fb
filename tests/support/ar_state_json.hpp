#pragma once

// One switch's adaptive-routing state as the JSON file the test responder serves
// (tests/sim/ar_responder). The schema is documented in docs/adaptive-routing.md, section
// "Test responder": switch_guid, capabilities, info (every ArInfo member by its C++ name),
// plft_info, legacy_lft, lfts, groups, port_bits. What the file does not hold
// (SwitchAr::switch_node, support, reason, tables_complete, decode_uncertain) reads back
// as the SwitchAr defaults.

#include <string>
#include <string_view>

#include "ibatlas/adaptive_routing.hpp"

namespace ibatlas::test {

struct ArStateFile {
  Guid switch_guid = 0;
  SwitchAr ar;
};

// Pretty-printed JSON. An LFT lists its present entries only, in LID order.
std::string ar_state_to_json(const ArStateFile& state);

// The reverse. Strict: a missing or unknown member, a wrong type or a value out of its
// member's range throws std::runtime_error naming the member.
ArStateFile ar_state_from_json(std::string_view text);

void write_ar_state(const std::string& path, const ArStateFile& state);  // throws on I/O
ArStateFile read_ar_state(const std::string& path);

}  // namespace ibatlas::test
