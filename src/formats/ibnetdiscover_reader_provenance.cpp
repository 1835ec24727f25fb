#include "formats/ibnetdiscover_reader_provenance.hpp"

#include <array>
#include <chrono>
#include <cstdio>

#include "formats/ibnetdiscover_lex.hpp"

namespace ibatlas::ibnetdiscover {

namespace {

struct DateTime {
  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
  unsigned hour = 0;
  unsigned minute = 0;
  unsigned second = 0;
};

bool valid(const DateTime& t) {
  std::chrono::year_month_day date{std::chrono::year{t.year}, std::chrono::month{t.month},
                                   std::chrono::day{t.day}};
  return date.ok() && t.hour < 24 && t.minute < 60 && t.second < 61;
}

std::string format(const DateTime& t, bool utc) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02u:%02u:%02u%s", t.year, t.month, t.day, t.hour,
                t.minute, t.second, utc ? "Z" : "");
  return buf;
}

// "hh:mm:ss"
bool parse_clock(Cursor& c, DateTime& t) {
  std::array<unsigned*, 3> fields = {&t.hour, &t.minute, &t.second};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0 && !c.consume(':')) {
      return false;
    }
    std::optional<std::uint64_t> value = c.consume_decimal();
    if (!value || *value > 99) {
      return false;
    }
    *fields[i] = static_cast<unsigned>(*value);
  }
  return true;
}

std::optional<unsigned> month_number(std::string_view name) {
  constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (name == kMonths[i]) {
      return static_cast<unsigned>(i + 1);
    }
  }
  return std::nullopt;
}

// Shifts a local time by a "+0900" style offset to UTC.
DateTime to_utc(const DateTime& t, int offset_minutes) {
  using namespace std::chrono;
  sys_seconds local = sys_days{year{t.year} / month{t.month} / day{t.day}} + hours{t.hour} +
                      minutes{t.minute} + seconds{t.second};
  sys_seconds utc = local - minutes{offset_minutes};
  sys_days day_part = floor<days>(utc);
  year_month_day ymd{day_part};
  hh_mm_ss<seconds> clock{utc - day_part};
  return DateTime{static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()),
                  static_cast<unsigned>(clock.hours().count()),
                  static_cast<unsigned>(clock.minutes().count()),
                  static_cast<unsigned>(clock.seconds().count())};
}

std::optional<int> parse_offset(Cursor& c) {
  int sign = c.consume('+') ? 1 : c.consume('-') ? -1 : 0;
  std::string_view digits = c.rest().substr(0, 4);
  Cursor d(digits);
  std::optional<std::uint64_t> hhmm = d.consume_decimal();
  if (sign == 0 || digits.size() != 4 || !d.at_end() || !hhmm || *hhmm % 100 >= 60) {
    return std::nullopt;
  }
  return sign * static_cast<int>(*hhmm / 100 * 60 + *hhmm % 100);
}

void scan_generated(std::string_view rest, HeaderFacts& facts) {
  Cursor c(rest);
  c.skip_blanks();
  if (c.consume_word("with")) {  // "generated with FatTreeBuilder.py on <ctime>"
    c.skip_blanks();
    facts.tool = std::string(c.take_word());
    c.skip_blanks();
  }
  if (!c.consume_word("on")) {
    return;
  }
  c.skip_blanks();
  facts.time = ctime_to_iso(c.rest());
  if (!facts.time && c.rest().size() >= 19 && c.rest()[4] == '-') {
    facts.time = std::string(c.rest());  // already ISO 8601 (ibatlas's writer may say so)
  }
}

}  // namespace

std::optional<std::string> ctime_to_iso(std::string_view text) {
  Cursor c(text);
  c.take_word();  // weekday
  c.skip_blanks();
  std::optional<unsigned> month = month_number(c.take_word());
  c.skip_blanks();
  std::optional<std::uint64_t> day = c.consume_decimal();
  c.skip_blanks();
  DateTime t;
  if (!month || !day || *day > 31 || !parse_clock(c, t) || !c.skip_blanks()) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> year = c.consume_decimal();
  c.skip_blanks();
  if (!year || *year > 9999 || !c.at_end()) {
    return std::nullopt;
  }
  t.year = static_cast<int>(*year);
  t.month = *month;
  t.day = static_cast<unsigned>(*day);
  return valid(t) ? std::optional<std::string>(format(t, false)) : std::nullopt;
}

std::optional<std::string> timestamp_to_iso(std::string_view text) {
  Cursor c(text);
  DateTime t;
  std::array<std::uint64_t, 3> date = {0, 0, 0};
  for (std::size_t i = 0; i < date.size(); ++i) {
    std::optional<std::uint64_t> value =
        (i == 0 || c.consume('-')) ? c.consume_decimal() : std::nullopt;
    if (!value || *value > 9999) {
      return std::nullopt;
    }
    date[i] = *value;
  }
  if (date[1] > 12 || date[2] > 31 || !c.skip_blanks() || !parse_clock(c, t)) {
    return std::nullopt;
  }
  t.year = static_cast<int>(date[0]);
  t.month = static_cast<unsigned>(date[1]);
  t.day = static_cast<unsigned>(date[2]);
  if (!valid(t)) {
    return std::nullopt;
  }
  // The zone abbreviation ("KST") says nothing reliable; the numeric offset does.
  for (c.skip_blanks(); !c.at_end(); c.skip_blanks()) {
    if (std::optional<int> offset = parse_offset(c)) {
      return format(to_utc(t, *offset), true);
    }
    c.take_word();
  }
  return format(t, false);
}

void scan_header_comment(std::string_view comment, HeaderFacts& facts) {
  Cursor c(comment);
  c.consume('#');
  c.skip_blanks();
  if (c.consume("Topology file:")) {
    c.skip_blanks();
    if (c.consume_word("generated")) {
      scan_generated(c.rest(), facts);
    }
  } else if (c.consume("Initiated from node ")) {
    c.consume_hex();
    c.skip_blanks();
    if (c.consume_word("port") && c.skip_blanks()) {
      facts.local_port_guid = c.consume_hex();
    }
  } else if (c.consume("This database file was automatically generated by IBDIAG")) {
    facts.tool = "ibdiagnet";
  } else if (c.consume("Timestamp:")) {
    c.skip_blanks();
    facts.time = timestamp_to_iso(c.rest());
  }
}

}  // namespace ibatlas::ibnetdiscover
