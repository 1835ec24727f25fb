#pragma once

// Snapshot times (Provenance::time) as numbers, for counter rates and history timelines.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ibatlas {

// Seconds since 1970 for an ISO 8601 UTC time "2026-11-29T23:48:00Z" (fractional seconds
// and "+00:00" accepted); nullopt for anything else.
std::optional<std::int64_t> parse_utc_time(std::string_view text);

// The other way: "2026-11-29T23:48:00Z" for seconds since 1970.
std::string utc_string(std::int64_t seconds);

// utc_string of the current time.
std::string utc_now();

}  // namespace ibatlas
