#pragma once

// Private helpers shared by the text readers and writers: splitting into numbered lines (BOM,
// CRLF and stray CRs removed), tokens, number parsers that never throw, GUID text and UTF-8
// cleaning. The one copy of each: readers and writers do not keep their own.

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

// The first token of `rest`, tokens being separated by spaces and tabs (only: a form feed is
// part of a token); `rest` moves to just after the token. Empty when only blanks are left.
std::string_view next_token(std::string_view& rest);
// next_token after trim(): white space of every kind trim() drops, not only blanks, is
// skipped before the token and ignored after the last one.
std::string_view next_trimmed_token(std::string_view& rest);

// Not empty, and every character is a decimal digit / a hex digit / a letter or digit.
bool all_digits(std::string_view s);
bool all_hex_digits(std::string_view s);
bool all_alnum(std::string_view s);

// Hex or decimal unsigned integers. parse_hex accepts an optional "0x"/"0X" prefix. Both
// require the whole of `s` to be digits and the value to fit.
std::optional<std::uint64_t> parse_hex(std::string_view s);
std::optional<std::uint64_t> parse_decimal(std::string_view s);

// One hex digit ('0'-'9', 'a'-'f', 'A'-'F') as its value, for loops that read digit by digit
// (the ibnetdiscover lexer, the XML snapshot's SL and VL rows, hex keys): parse_hex on a
// one-character string cost a sixth of reading a 10k-host snapshot with path SLs.
inline std::optional<std::uint8_t> hex_digit_value(char c) {
  if (c >= '0' && c <= '9') {
    return static_cast<std::uint8_t>(c - '0');
  }
  if (c >= 'a' && c <= 'f') {
    return static_cast<std::uint8_t>(c - 'a' + 10);
  }
  if (c >= 'A' && c <= 'F') {
    return static_cast<std::uint8_t>(c - 'A' + 10);
  }
  return std::nullopt;
}

// A number the way strtoull(s, nullptr, 0) reads one, as infiniband-diags reads GUIDs in
// node name maps: "0x"/"0X" and hex, a leading 0 and octal, else decimal. Unlike strtoull,
// no blanks or sign before it and nothing after it.
std::optional<std::uint64_t> parse_c_number(std::string_view s);

// "0x" and `value` in lower-case hex, zero-padded to at least `digits` digits.
std::string hex_text(std::uint64_t value, int digits);
// A GUID (ibatlas::Guid) as every reader accepts and every writer and message shows it:
// "0x" and 16 lower-case hex digits. parse_hex reads it back.
std::string guid_text(std::uint64_t guid);

// Length of the well-formed UTF-8 sequence at the start of `s` (not empty), or 0 when
// none starts there: overlong forms, surrogates and anything above U+10FFFF are not.
std::size_t utf8_sequence_length(std::string_view s);

// The control characters clean_utf8 replaces besides malformed bytes.
enum class Controls {
  Keep,   // none
  Xml,    // those XML 1.0 forbids: all below 0x20 but tab, newline and carriage return
  Label,  // all below 0x20 but tab and newline, and DEL: Graphviz labels
};

// U+FFFD, the replacement character of Unicode.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

// `text` as valid UTF-8: each byte that does not start a well-formed sequence, and each
// control character `controls` names, becomes `replacement`.
std::string clean_utf8(std::string_view text, Controls controls,
                       std::string_view replacement = kReplacementCharacter);

// `text` safe to print on a terminal, for the text reports (never for JSON, XML or the
// ibnetdiscover format, which keep every byte). A node description is 64 bytes its node
// chose, and an ESC or OSC sequence in it would drive the terminal. infiniband-diags'
// clean_nodedesc() makes every byte isprint() rejects a space; we keep the bytes readable and
// reversible instead: a control character (below 0x20, and DEL) and a byte that starts no
// well-formed UTF-8 become "\xHH" (lower-case hex), a C1 control (U+0080 to U+009F, which
// some terminals obey) becomes "\u00HH", a bidirectional control (U+202E and its kin, which
// reorder what follows) "\u202e", and a backslash "\\". All else, printable ASCII
// and well-formed UTF-8, is kept, so "n\x1b[31m" was the 7 bytes 'n', ESC, "[31m".
std::string printable(std::string_view text);

// `s` with ASCII letters in upper / lower case (other bytes as they are), for names that
// formats compare without case.
std::string to_upper(std::string_view s);
std::string to_lower(std::string_view s);

}  // namespace ibatlas::text
