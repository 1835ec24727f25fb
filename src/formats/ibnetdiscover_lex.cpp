#include "formats/ibnetdiscover_lex.hpp"

#include <array>
#include <cstdint>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::ibnetdiscover {

void fail(const LineRef& where, std::string_view expected, std::string_view found) {
  throw ParseError(std::string(where.file), where.number, std::string(expected),
                   quote_found(found));
}

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// A keyword that starts a record: it must be followed by a blank, a digit (TABs stripped:
// "Switch41") or the end of the line, so "Cannot open" or "Switching" stay noise.
bool starts_keyword(std::string_view line, std::string_view keyword) {
  if (line.substr(0, keyword.size()) != keyword) {
    return false;
  }
  return line.size() == keyword.size() || is_blank(line[keyword.size()]) ||
         is_digit(line[keyword.size()]);
}

// "key=", "key =", "key+" (ibsim's relative GUID base) or a bare "key".
bool starts_attribute(std::string_view line, std::string_view key) {
  if (line.substr(0, key.size()) != key) {
    return false;
  }
  Cursor c(line.substr(key.size()));
  c.skip_blanks();
  return c.at_end() || c.peek('=') || c.peek('+');
}

std::string_view first_word(std::string_view line) {
  std::size_t end = line.find_first_of(" \t");
  return line.substr(0, end);
}

bool is_extension(std::string_view line) {
  constexpr std::array<std::string_view, 7> kWords = {"include", "do",       "module", "width",
                                                      "speed",   "extspeed", "pdebug"};
  if (line.front() == '@') {
    return true;
  }
  std::string_view word = first_word(line);
  for (std::string_view w : kWords) {
    if (word == w || (word.substr(0, w.size()) == w && word.size() > w.size() &&
                      (word[w.size()] == '=' || word[w.size()] == '"'))) {
      return true;
    }
  }
  return false;
}

// "[12]" followed by what a port line has next -- '(', '[', '"', a blank -- or nothing.
// "[1]+  Done  ibnetdiscover" (a shell job) and "[12:00:01] log" stay noise.
bool looks_like_port(std::string_view line) {
  std::size_t n = 1;
  while (n < line.size() && is_digit(line[n])) {
    ++n;
  }
  if (n == 1 || n >= line.size() || line[n] != ']') {
    return false;
  }
  ++n;
  return n == line.size() || line[n] == '(' || line[n] == '[' || line[n] == '"' ||
         is_blank(line[n]);
}

bool is_grouping(std::string_view line) {
  if (line.substr(0, 17) == "Non-Chassis Nodes" || line.substr(0, 9) == "Hostname:") {
    return true;
  }
  return line.size() > 8 && line.substr(0, 8) == "Chassis " && is_digit(line[8]);
}

constexpr std::uint64_t kMaxLid = 0xFFFF;
constexpr std::uint64_t kMaxLmc = 7;

}  // namespace

std::uint64_t expect_decimal(Cursor& c, std::uint64_t min, std::uint64_t max, std::string_view what,
                             const LineRef& where) {
  std::string_view before = c.rest();
  std::optional<std::uint64_t> value = c.consume_decimal();
  if (!value || *value < min || *value > max) {
    fail(where, what, before);
  }
  return *value;
}

void expect(Cursor& c, char ch, std::string_view what, const LineRef& where) {
  if (!c.consume(ch)) {
    fail(where, what, c.rest());
  }
}

void expect_end(Cursor& c, std::string_view what, const LineRef& where) {
  c.skip_blanks();
  if (!c.at_end()) {
    fail(where, what, c.rest());
  }
}

// After the word "lid": ibnetdiscover prints the LID as an unsigned decimal, so an empty
// field or "-1" is a broken file, while 65535 (an unassigned LID) is fine.
// A whole word, so that "lid  4xHDR" (the LID left out) is not read as LID 4.
std::uint64_t expect_number_word(Cursor& c, std::uint64_t max, std::string_view what,
                                 const LineRef& where) {
  c.skip_blanks();
  Cursor word(c.rest().substr(0, c.rest().find_first_of(" \t")));
  std::optional<std::uint64_t> value = word.consume_decimal();
  if (!value || !word.at_end() || *value > max) {
    fail(where, what, c.rest());
  }
  c.take_word();
  return *value;
}

Lid expect_lid(Cursor& c, const LineRef& where) {
  return static_cast<Lid>(expect_number_word(c, kMaxLid, "a LID (0-65535) after \"lid\"", where));
}

std::uint8_t expect_lmc(Cursor& c, const LineRef& where) {
  return static_cast<std::uint8_t>(
      expect_number_word(c, kMaxLmc, "an LMC (0-7) after \"lmc\"", where));
}

std::uint64_t expect_hex_value(Cursor& c, std::string_view what, const LineRef& where) {
  std::string_view before = c.rest();
  std::optional<std::uint64_t> value;
  if (c.consume("0x") || c.consume("0X")) {
    value = c.consume_hex();
  } else {
    value = c.consume_decimal();  // ibsim reads these with strtoul(..., 0)
  }
  if (!value) {
    fail(where, what, before);
  }
  return *value;
}

// A quoted description that may itself hold quotes or '#' ("Voltaire 4036 # 4036-8C5C"):
// nothing after it is quoted, so it runs to the last quote on the line.
std::string_view expect_description(Cursor& c, const LineRef& where) {
  std::string_view rest = c.rest();
  std::size_t last = rest.rfind('"');
  if (last == 0 || last == std::string_view::npos) {
    fail(where, "a closing '\"' after the description", rest);
  }
  c.advance(last + 1);
  return rest.substr(1, last - 1);
}

std::string_view expect_node_id(Cursor& c, const LineRef& where) {
  expect(c, '"', "a quoted node id", where);
  std::string_view id = c.take_until('"');
  expect(c, '"', "a closing '\"' after the node id", where);
  if (id.empty()) {
    fail(where, "a node id between the quotes", "\"\"");
  }
  return id;
}

bool Cursor::skip_blanks() {
  std::size_t n = 0;
  while (n < rest_.size() && is_blank(rest_[n])) {
    ++n;
  }
  rest_.remove_prefix(n);
  return n > 0;
}

bool Cursor::consume(char c) {
  if (!peek(c)) {
    return false;
  }
  rest_.remove_prefix(1);
  return true;
}

bool Cursor::consume(std::string_view literal) {
  if (rest_.substr(0, literal.size()) != literal) {
    return false;
  }
  rest_.remove_prefix(literal.size());
  return true;
}

bool Cursor::consume_word(std::string_view literal) {
  if (rest_.substr(0, literal.size()) != literal ||
      (rest_.size() > literal.size() && !is_blank(rest_[literal.size()]))) {
    return false;
  }
  rest_.remove_prefix(literal.size());
  return true;
}

// Hand-rolled rather than std::from_chars: one pass, and a line holds a dozen numbers.
std::optional<std::uint64_t> Cursor::consume_decimal() {
  std::uint64_t value = 0;
  std::size_t n = 0;
  for (; n < rest_.size() && is_digit(rest_[n]); ++n) {
    auto digit = static_cast<std::uint64_t>(rest_[n] - '0');
    if (value > (UINT64_MAX - digit) / 10) {
      return std::nullopt;
    }
    value = value * 10 + digit;
  }
  if (n == 0) {
    return std::nullopt;
  }
  rest_.remove_prefix(n);
  return value;
}

std::optional<std::uint64_t> Cursor::consume_hex() {
  std::uint64_t value = 0;
  std::size_t n = 0;
  for (; n < rest_.size(); ++n) {
    std::optional<std::uint8_t> digit = text::hex_digit_value(rest_[n]);
    if (!digit) {
      break;
    }
    if ((value >> 60) != 0) {
      return std::nullopt;  // more than 64 bits
    }
    value = (value << 4) | *digit;
  }
  if (n == 0) {
    return std::nullopt;
  }
  rest_.remove_prefix(n);
  return value;
}

std::string_view Cursor::take_until(char stop) {
  std::string_view taken = rest_.substr(0, rest_.find(stop));
  rest_.remove_prefix(taken.size());
  return taken;
}

std::string_view Cursor::take_word() {
  std::size_t n = 0;
  while (n < rest_.size() && !is_blank(rest_[n])) {
    ++n;
  }
  std::string_view taken = rest_.substr(0, n);
  rest_.remove_prefix(n);
  return taken;
}

std::string_view trim_left(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && (is_blank(line[n]) || line[n] == '\r')) {
    ++n;
  }
  return line.substr(n);
}

LineKind classify(std::string_view line, bool netfile) {
  if (line.empty()) {
    return LineKind::Blank;
  }
  switch (line.front()) {
    case '#':
      return LineKind::Comment;
    case '[':
      return looks_like_port(line) ? LineKind::Port : LineKind::Noise;
    default:
      break;
  }
  if (starts_keyword(line, "Switch") || starts_keyword(line, "Ca") || starts_keyword(line, "Hca") ||
      starts_keyword(line, "Rt")) {
    return LineKind::Header;
  }
  constexpr std::array<std::string_view, 7> kKeys = {"vendid", "devid",  "sysimgguid", "switchguid",
                                                     "caguid", "rtguid", "hcaguids"};
  for (std::string_view key : kKeys) {
    if (starts_attribute(line, key)) {
      return LineKind::Attribute;
    }
  }
  if (is_grouping(line)) {
    return LineKind::Grouping;
  }
  if (netfile && is_extension(line)) {
    return LineKind::Extension;
  }
  return LineKind::Noise;
}

bool parse_width_speed(std::string_view token, WidthSpeed& out) {
  out = WidthSpeed{};
  std::size_t x = token.find_first_of("xX");
  std::string_view speed;
  if (token.substr(0, 2) == "??") {
    speed = token.substr(2);  // ibnetdiscover prints "??" for a width it cannot name
  } else if (x != std::string_view::npos) {
    out.width = parse_width(token.substr(0, x + 1));
    if (!out.width) {
      return false;
    }
    speed = token.substr(x + 1);
  } else {
    return false;
  }
  if (speed == "???") {
    return true;  // and "???" for a speed
  }
  out.speed = parse_speed(speed);
  return out.speed.has_value();
}

std::optional<GuidId> parse_guid_id(std::string_view id) {
  if (id.size() < 3 || id[1] != '-') {
    return std::nullopt;
  }
  GuidId result;
  switch (id[0]) {
    case 'S':
      result.type = NodeType::Switch;
      break;
    case 'H':
      result.type = NodeType::Ca;
      break;
    case 'R':
      result.type = NodeType::Router;
      break;
    default:
      return std::nullopt;
  }
  Cursor c(id.substr(2));
  std::optional<std::uint64_t> guid = c.consume_hex();
  if (!guid || !c.at_end() || id.size() > 18) {
    return std::nullopt;
  }
  result.guid = *guid;
  return result;
}

}  // namespace ibatlas::ibnetdiscover
