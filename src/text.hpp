#pragma once

// Private helpers shared by the text readers: splitting into numbered lines (BOM, CRLF and
// stray CRs removed) and small token parsers that never throw.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
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

}  // namespace ibatlas::text
