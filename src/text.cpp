#include "text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>

namespace ibatlas::text {

LineReader::LineReader(std::string_view text) : rest_(text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (rest_.substr(0, kBom.size()) == kBom) {
    rest_.remove_prefix(kBom.size());
  }
}

std::optional<std::string_view> LineReader::next() {
  if (rest_.empty()) {
    return std::nullopt;
  }
  std::size_t end = rest_.find('\n');
  std::string_view line = rest_.substr(0, end);
  rest_.remove_prefix(end == std::string_view::npos ? rest_.size() : end + 1);
  while (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  ++line_;
  return line;
}

std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n\f\v";
  std::size_t first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) {
    return {};
  }
  std::size_t last = s.find_last_not_of(kSpace);
  return s.substr(first, last - first + 1);
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Plain loops: string_view::find_first_of calls memchr once per character scanned.
std::string_view next_token(std::string_view& rest) {
  std::size_t begin = 0;
  while (begin < rest.size() && (rest[begin] == ' ' || rest[begin] == '\t')) {
    ++begin;
  }
  std::size_t end = begin;
  while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') {
    ++end;
  }
  std::string_view token = rest.substr(begin, end - begin);
  rest.remove_prefix(end);
  return token;
}

std::string_view next_trimmed_token(std::string_view& rest) {
  rest = trim(rest);
  return next_token(rest);
}

namespace {

// True when `s` is not empty and every character passes `pred` (a <cctype> classifier).
template <typename Pred>
bool all_of(std::string_view s, Pred pred) {
  for (char c : s) {
    if (pred(static_cast<unsigned char>(c)) == 0) {
      return false;
    }
  }
  return !s.empty();
}

}  // namespace

bool all_digits(std::string_view s) {
  return all_of(s, [](unsigned char c) { return std::isdigit(c); });
}

bool all_hex_digits(std::string_view s) {
  return all_of(s, [](unsigned char c) { return std::isxdigit(c); });
}

bool all_alnum(std::string_view s) {
  return all_of(s, [](unsigned char c) { return std::isalnum(c); });
}

namespace {

std::optional<std::uint64_t> parse_base(std::string_view s, int base) {
  if (s.empty()) {
    return std::nullopt;
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, base);
  if (ec != std::errc() || end != s.data() + s.size()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<std::uint64_t> parse_hex(std::string_view s) {
  if (starts_with(s, "0x") || starts_with(s, "0X")) {
    s.remove_prefix(2);
  }
  return parse_base(s, 16);
}

std::optional<std::uint64_t> parse_decimal(std::string_view s) {
  return parse_base(s, 10);
}

std::optional<std::uint64_t> parse_c_number(std::string_view s) {
  int base = 10;
  if (starts_with(s, "0x") || starts_with(s, "0X")) {
    s.remove_prefix(2);
    base = 16;
  } else if (s.size() > 1 && s.front() == '0') {
    s.remove_prefix(1);
    base = 8;
  }
  return parse_base(s, base);
}

std::string hex_text(std::uint64_t value, int digits) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%0*llx", digits, static_cast<unsigned long long>(value));
  return buffer;
}

std::string guid_text(std::uint64_t guid) {
  return hex_text(guid, 16);
}

namespace {

// What a UTF-8 lead byte promises (RFC 3629 table 3-7): the sequence length (0: not a
// lead byte) and the range of the second byte, which rules out overlong forms, surrogates
// and anything above U+10FFFF.
struct LeadByte {
  std::size_t length;
  unsigned char low;
  unsigned char high;
};

LeadByte lead_byte(unsigned char c) {
  if (c < 0x80) {
    return {1, 0, 0};
  }
  if (c < 0xc2 || c > 0xf4) {
    return {0, 0, 0};
  }
  if (c < 0xe0) {
    return {2, 0x80, 0xbf};
  }
  if (c < 0xf0) {
    return {3, static_cast<unsigned char>(c == 0xe0 ? 0xa0 : 0x80),
            static_cast<unsigned char>(c == 0xed ? 0x9f : 0xbf)};
  }
  return {4, static_cast<unsigned char>(c == 0xf0 ? 0x90 : 0x80),
          static_cast<unsigned char>(c == 0xf4 ? 0x8f : 0xbf)};
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s) {
  LeadByte lead = lead_byte(static_cast<unsigned char>(s[0]));
  if (lead.length <= 1) {
    return lead.length;
  }
  if (s.size() < lead.length) {
    return 0;
  }
  for (std::size_t i = 1; i < lead.length; ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    unsigned char low = i == 1 ? lead.low : 0x80;
    unsigned char high = i == 1 ? lead.high : 0xbf;
    if (c < low || c > high) {
      return 0;
    }
  }
  return lead.length;
}

namespace {

bool replaced(unsigned char c, Controls controls) {
  switch (controls) {
    case Controls::Keep:
      return false;
    case Controls::Xml:
      return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
    case Controls::Label:
      return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f;
  }
  return false;
}

}  // namespace

std::string clean_utf8(std::string_view text, Controls controls, std::string_view replacement) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    std::size_t length = utf8_sequence_length(text);
    if (length == 0 || replaced(static_cast<unsigned char>(text[0]), controls)) {
      out += replacement;
      length = 1;
    } else {
      out += text.substr(0, length);
    }
    text.remove_prefix(length);
  }
  return out;
}

namespace {

void append_escape(std::string& out, const char* prefix, unsigned int code) {
  constexpr std::string_view kHex = "0123456789abcdef";
  out += prefix;
  out += kHex[(code >> 4) & 0xf];
  out += kHex[code & 0xf];
}

// The bidirectional formatting characters (Unicode's "Trojan Source" set): U+200E, U+200F,
// U+202A to U+202E, U+2066 to U+2069. Shown raw, a description holding U+202E would print
// the rest of its line backwards.
bool is_bidi_control(std::string_view sequence) {
  if (sequence.size() != 3 || static_cast<unsigned char>(sequence[0]) != 0xe2) {
    return false;
  }
  unsigned int code = ((static_cast<unsigned char>(sequence[1]) & 0x3fU) << 6U) |
                      (static_cast<unsigned char>(sequence[2]) & 0x3fU);
  code |= 0x2000U;
  return code == 0x200e || code == 0x200f || (code >= 0x202a && code <= 0x202e) ||
         (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    auto c = static_cast<unsigned char>(text[0]);
    std::size_t length = utf8_sequence_length(text);
    if (length == 0 || c < 0x20 || c == 0x7f) {
      append_escape(out, "\\x", c);
      length = 1;
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == 0xc2 && static_cast<unsigned char>(text[1]) < 0xa0) {
      append_escape(out, "\\u00", static_cast<unsigned char>(text[1]));  // U+0080 to U+009F
    } else if (length == 3 && is_bidi_control(text.substr(0, 3))) {
      unsigned int code = 0x2000U | ((static_cast<unsigned char>(text[1]) & 0x3fU) << 6U) |
                          (static_cast<unsigned char>(text[2]) & 0x3fU);
      append_escape(out, "\\u", code >> 8U);
      append_escape(out, "", code & 0xffU);
    } else {
      out += text.substr(0, length);
    }
    text.remove_prefix(length);
  }
  return out;
}

std::string to_upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace ibatlas::text
