#pragma once

// Private helpers shared by the text readers: splitting into numbered lines (BOM, CRLF and
// stray CRs removed) and small token parsers that never throw.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ibatlas::text {

// Walks `text` line by line. Line numbers are 1-based. A UTF-8 BOM at the start and every
// trailing '\r' (PuTTY logs end lines in "\r\r\n") are dropped.
class LineReader {
 public:
  explicit LineReader(std::string_view text);
  // The next line, or nullopt at the end.
  std::optional<std::string_view> next();

  std::size_t line_number() const { return line_; }

 private:
  std::string_view rest_;
  std::size_t line_ = 0;
};

std::string_view trim(std::string_view s);
bool starts_with(std::string_view s, std::string_view prefix);

// Hex or decimal unsigned integers. parse_hex accepts an optional "0x"/"0X" prefix. Both
// require the whole of `s` to be digits and the value to fit.
std::optional<std::uint64_t> parse_hex(std::string_view s);
std::optional<std::uint64_t> parse_decimal(std::string_view s);

// Length of the well-formed UTF-8 sequence at the start of `s` (not empty), or 0 when
// none starts there: overlong forms, surrogates and anything above U+10FFFF are not.
std::size_t utf8_sequence_length(std::string_view s);

// `text` as valid UTF-8: each byte that does not start a well-formed sequence becomes
// U+FFFD. With xml_safe, control characters XML 1.0 forbids (all below 0x20 but tab,
// newline, carriage return) become U+FFFD too.
std::string clean_utf8(std::string_view text, bool xml_safe);

}  // namespace ibatlas::text
