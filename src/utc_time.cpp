#include "ibatlas/utc_time.hpp"

#include <charconv>
#include <ctime>
#include <system_error>

namespace ibatlas {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  auto yoe = static_cast<unsigned>(y - era * 400);
  unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// The number at text[at, at + width), all digits, or nullopt.
std::optional<unsigned> digits(std::string_view text, std::size_t at, std::size_t width) {
  unsigned value = 0;
  if (at + width > text.size()) {
    return std::nullopt;
  }
  auto [end, ec] = std::from_chars(text.data() + at, text.data() + at + width, value);
  if (ec != std::errc() || end != text.data() + at + width) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<std::int64_t> parse_utc_time(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SS, then optional .fraction, then Z or +00:00.
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != ' ') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  std::optional<unsigned> y = digits(text, 0, 4);
  std::optional<unsigned> mo = digits(text, 5, 2);
  std::optional<unsigned> d = digits(text, 8, 2);
  std::optional<unsigned> h = digits(text, 11, 2);
  std::optional<unsigned> mi = digits(text, 14, 2);
  std::optional<unsigned> s = digits(text, 17, 2);
  if (!y || !mo || !d || !h || !mi || !s || *mo < 1 || *mo > 12 || *d < 1 || *d > 31 || *h > 23 ||
      *mi > 59 || *s > 60) {
    return std::nullopt;
  }
  std::string_view zone = text.substr(19);
  if (!zone.empty() && zone.front() == '.') {
    std::size_t end = zone.find_first_not_of("0123456789", 1);
    zone.remove_prefix(end == std::string_view::npos ? zone.size() : end);
  }
  if (zone != "Z" && zone != "+00:00") {
    return std::nullopt;
  }
  return days_from_civil(*y, *mo, *d) * 86400 + std::int64_t{*h} * 3600 + std::int64_t{*mi} * 60 +
         *s;
}

std::string utc_string(std::int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string utc_now() {
  return utc_string(static_cast<std::int64_t>(std::time(nullptr)));
}

}  // namespace ibatlas
