#pragma once

// `--ar-expect`: what every AR-capable switch should run, as KEY=VALUE pairs separated by
// commas: "enabled=1,sl_mask=0xffff,sub_groups=1". Keys (ArExpectation, audit_options.hpp):
// enabled, sl_mask, transport_disable, sub_groups, ageing, fr_enabled, no_fallback,
// rn_xmit_enabled, pfrn_enabled. Booleans are 0/1 (or on/off, true/false); numbers are
// decimal or 0x hex.

#include <string_view>

#include "ibatlas/findings/audit_options.hpp"

namespace ibatlas {

// Throws ibatlas::Error "--ar-expect: expected KEY=VALUE with KEY one of ..., found ..." for
// an unknown key, a pair without '=', a value that is not a number or does not fit, an empty
// text, or a key given twice.
ArExpectation parse_ar_expect(std::string_view text);

}  // namespace ibatlas
