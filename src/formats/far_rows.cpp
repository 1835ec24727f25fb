#include "formats/far_rows.hpp"

#include <algorithm>
#include <optional>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::far_text {

namespace {

using text::all_digits;
using text::all_hex_digits;
using text::next_trimmed_token;
using text::parse_decimal;
using text::starts_with;
using text::trim;

constexpr std::string_view kGroupRow = "a group row \"GROUP SUB_GROUP WHBF PORT,PORT,...,\"";
constexpr std::string_view kLftRow = "an LFT row \"0xLID STATIC_PORT STATE GROUP\"";
constexpr std::string_view kPlftLine = "\"PLFT_NUM: N , top: 0xTOP\"";

// "0x" (lower-case x, as the grammar has it) and hex digits: the digits, else empty.
std::string_view hex_digits(std::string_view token) {
  if (!starts_with(token, "0x") || !all_hex_digits(token.substr(2))) {
    return {};
  }
  return token.substr(2);
}

// A decimal token that must fit `max`; `what` names it in the message.
std::uint64_t bounded_decimal(std::string_view token, std::uint64_t max, const std::string& what,
                              const Where& where) {
  std::optional<std::uint64_t> value = parse_decimal(token);
  if (!all_digits(token)) {
    fail(where, what, quote_found(token));
  }
  if (!value || *value > max) {
    fail(where, what + " of at most " + std::to_string(max), quote_found(token));
  }
  return *value;
}

// `rest` after blanks starts with `literal`: consumes both.
bool take(std::string_view& rest, std::string_view literal) {
  rest = trim(rest);
  if (!starts_with(rest, literal)) {
    return false;
  }
  rest.remove_prefix(literal.size());
  return true;
}

// "3,1,2," with blanks anywhere: the ports, ascending.
std::vector<std::uint8_t> parse_ports(std::string_view list, const Where& where) {
  std::string packed;
  std::copy_if(list.begin(), list.end(), std::back_inserter(packed),
               [](char c) { return c != ' ' && c != '\t'; });
  std::vector<std::uint8_t> ports;
  std::string_view rest = packed;
  while (!rest.empty()) {
    std::size_t comma = rest.find(',');
    std::string_view port = rest.substr(0, comma);
    if (comma == std::string_view::npos || !all_digits(port)) {
      fail(where, "a port list \"PORT,PORT,...,\" (each port followed by a comma)",
           quote_found(packed));
    }
    ports.push_back(static_cast<std::uint8_t>(
        bounded_decimal(port, kMaxGroupPort, "a group port number", where)));
    rest.remove_prefix(comma + 1);
  }
  std::sort(ports.begin(), ports.end());
  auto repeat = std::adjacent_find(ports.begin(), ports.end());
  if (repeat != ports.end()) {
    fail(where, "each port once in a sub-group", "port " + std::to_string(*repeat) + " twice");
  }
  return ports;
}

}  // namespace

void fail(const Where& where, const std::string& expected, const std::string& found) {
  throw ParseError(std::string(where.name), where.line, expected, found);
}

bool is_switch_line(std::string_view line) {
  return next_trimmed_token(line) == "Switch";
}

bool names_switch(std::string_view line) {
  std::string_view rest = line;
  return next_trimmed_token(rest) == "Switch" && starts_with(next_trimmed_token(rest), "0x");
}

Guid parse_switch_line(std::string_view line, const Where& where) {
  std::string_view rest = line;
  next_trimmed_token(rest);
  std::string_view digits = hex_digits(next_trimmed_token(rest));
  if (digits.size() != 16) {
    fail(where, "a switch line \"Switch 0x<16 hex digits>\"", quote_found(trim(line)));
  }
  return *text::parse_hex(digits);
}

std::uint32_t parse_version(std::string_view line, const Where& where) {
  std::string_view rest = trim(line);
  std::optional<std::uint64_t> version;
  if (take(rest, "File version:")) {
    version = parse_decimal(trim(rest));
  }
  if (!version || *version > UINT32_MAX) {
    fail(where, "\"File version: N\"", quote_found(trim(line)));
  }
  return static_cast<std::uint32_t>(*version);
}

bool is_label(std::string_view line, std::string_view label) {
  return trim(line) == label;
}

bool has_tokens(std::string_view line, std::initializer_list<std::string_view> tokens) {
  for (std::string_view expected : tokens) {
    if (next_trimmed_token(line) != expected) {
      return false;
    }
  }
  return trim(line).empty();
}

bool is_dashes(std::string_view line) {
  line = trim(line);
  return !line.empty() && line.find_first_not_of('-') == std::string_view::npos;
}

ArGroup parse_group_row(std::string_view line, const Where& where) {
  std::string_view rest = line;
  std::string_view group = next_trimmed_token(rest);
  std::string_view sub_group = next_trimmed_token(rest);
  std::string_view whbf = next_trimmed_token(rest);
  if (!all_digits(group) || !all_digits(sub_group) || !all_digits(whbf)) {
    fail(where, std::string(kGroupRow), quote_found(trim(line)));
  }
  ArGroup out;
  out.group = static_cast<std::uint16_t>(bounded_decimal(group, 0xffff, "a group number", where));
  out.sub_group =
      static_cast<std::uint8_t>(bounded_decimal(sub_group, 0xff, "a sub-group number", where));
  out.whbf = static_cast<std::uint32_t>(bounded_decimal(whbf, UINT32_MAX, "a WHBF", where));
  out.ports = parse_ports(rest, where);
  return out;
}

PlftHeader parse_plft_line(std::string_view line, const Where& where) {
  std::string_view rest = line;
  std::string_view number;
  if (take(rest, "PLFT_NUM:")) {
    rest = trim(rest);
    number = rest.substr(0, std::min(rest.find_first_not_of("0123456789"), rest.size()));
    rest.remove_prefix(number.size());
  }
  std::string_view top;
  if (!number.empty() && take(rest, ",") && take(rest, "top:")) {
    top = trim(rest);
  }
  if (hex_digits(top).empty()) {
    fail(where, std::string(kPlftLine), quote_found(trim(line)));
  }
  PlftHeader out;
  out.plft = static_cast<std::uint8_t>(bounded_decimal(number, 0xff, "a pLFT number", where));
  std::optional<std::uint64_t> value = text::parse_hex(top);
  if (!value || *value > kMaxTop) {
    fail(where, "a top LID of at most " + text::hex_text(kMaxTop, 4), quote_found(top));
  }
  out.top = static_cast<std::uint16_t>(*value);
  return out;
}

LftRow parse_lft_row(std::string_view line, std::uint16_t top, const Where& where) {
  std::string_view rest = line;
  std::string_view lid = next_trimmed_token(rest);
  std::string_view port = next_trimmed_token(rest);
  std::string_view state = next_trimmed_token(rest);
  std::string_view group = next_trimmed_token(rest);
  if (group.empty() || !trim(rest).empty()) {
    fail(where, std::string(kLftRow), quote_found(trim(line)));
  }
  std::optional<std::uint64_t> value;
  if (!hex_digits(lid).empty()) {
    value = text::parse_hex(lid);
  } else {
    fail(where, "a LID in hex (\"0x...\")", quote_found(lid));
  }
  if (!value || *value > top) {
    fail(where, "a LID of at most the top " + text::hex_text(top, 4), quote_found(lid));
  }
  LftRow out;
  out.lid = static_cast<Lid>(*value);
  out.entry.default_port =
      static_cast<std::uint8_t>(bounded_decimal(port, 0xff, "a static port number", where));
  std::optional<ArLidState> parsed = parse_ar_lid_state(state);
  if (!parsed) {
    fail(where, "a LID state (Static, Free, Bounded or HBF)", quote_found(state));
  }
  out.entry.state = *parsed;
  out.entry.group =
      static_cast<std::uint16_t>(bounded_decimal(group, 0xffff, "a group number", where));
  return out;
}

}  // namespace ibatlas::far_text
