// The text measures of the table writer: colour codes, display widths, wrapping.

#include <array>
#include <cstdint>

#include "ibatlas/report/table.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

struct Range {
  std::uint32_t first;
  std::uint32_t last;
};

// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F, by block).
constexpr std::array<Range, 15> kWide = {{{0x1100, 0x115F},
                                          {0x2E80, 0x303E},
                                          {0x3041, 0x33FF},
                                          {0x3400, 0x4DBF},
                                          {0x4E00, 0x9FFF},
                                          {0xA000, 0xA4CF},
                                          {0xAC00, 0xD7A3},
                                          {0xF900, 0xFAFF},
                                          {0xFE30, 0xFE4F},
                                          {0xFF00, 0xFF60},
                                          {0xFFE0, 0xFFE6},
                                          {0x1F300, 0x1F64F},
                                          {0x1F900, 0x1F9FF},
                                          {0x20000, 0x2FFFD},
                                          {0x30000, 0x3FFFD}}};

// Combining marks, zero-width spaces and joiners, variation selectors.
constexpr std::array<Range, 7> kZero = {{{0x0300, 0x036F},
                                         {0x1AB0, 0x1AFF},
                                         {0x1DC0, 0x1DFF},
                                         {0x200B, 0x200F},
                                         {0x20D0, 0x20FF},
                                         {0xFE00, 0xFE0F},
                                         {0xFE20, 0xFE2F}}};

bool in(const auto& ranges, std::uint32_t c) {
  for (const Range& r : ranges) {
    if (c >= r.first && c <= r.last) {
      return true;
    }
  }
  return false;
}

// The code point of a well-formed sequence of `length` bytes.
std::uint32_t decode(std::string_view s, std::size_t length) {
  constexpr std::array<std::uint32_t, 5> kLeadMask = {0, 0x7F, 0x1F, 0x0F, 0x07};
  std::uint32_t c = static_cast<unsigned char>(s[0]) & kLeadMask[length];
  for (std::size_t i = 1; i < length; ++i) {
    c = (c << 6) | (static_cast<unsigned char>(s[i]) & 0x3Fu);
  }
  return c;
}

// The first character of `s` (not empty): its bytes and its display width.
struct Glyph {
  std::size_t bytes;
  std::size_t width;
};

Glyph first_glyph(std::string_view s) {
  std::size_t length = text::utf8_sequence_length(s);
  if (length == 0) {
    return {1, 1};
  }
  std::uint32_t c = decode(s, length);
  return {length, in(kZero, c) ? 0u : in(kWide, c) ? 2u : 1u};
}

// The room of line `index` (0 first): `first` for the first line, `rest` for the others.
std::size_t room(std::size_t index, std::size_t first, std::size_t rest) {
  return index == 0 ? first : rest;
}

// Appends to `lines` the pieces of `word` (no blanks, wider than its line), each within its
// line's room (a wide character alone in a 1-column line excepted); the last piece stays in
// `line` to be continued.
void break_word(std::string_view word, std::size_t first, std::size_t rest,
                std::vector<std::string>& lines, std::string& line) {
  std::size_t used = 0;
  while (!word.empty()) {
    Glyph g = first_glyph(word);
    if (used + g.width > room(lines.size(), first, rest) && used != 0) {
      lines.push_back(std::move(line));
      line.clear();
      used = 0;
    }
    line.append(word.substr(0, g.bytes));
    used += g.width;
    word.remove_prefix(g.bytes);
  }
}

}  // namespace

std::string toned(std::string_view text, Tone tone, bool colour) {
  constexpr std::array<const char*, 7> kCodes = {"",         "\033[1;31m", "\033[33m", "\033[36m",
                                                 "\033[32m", "\033[31m",   "\033[35m"};
  std::string out;
  if (!colour || tone == Tone::Plain) {
    out = text;
    return out;
  }
  out.reserve(text.size() + 12);
  out.append(kCodes[static_cast<std::size_t>(tone)]).append(text).append("\033[0m");
  return out;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  while (!text.empty()) {
    Glyph g = first_glyph(text);
    width += g.width;
    text.remove_prefix(g.bytes);
  }
  return width;
}

std::vector<std::string> wrap_text(std::string_view text, std::size_t width) {
  return wrap_text(text, width, width);
}

std::vector<std::string> wrap_text(std::string_view text, std::size_t first, std::size_t rest) {
  std::vector<std::string> lines;
  if (first == 0) {
    lines.emplace_back(text);
    return lines;
  }
  std::string line;
  std::size_t used = 0;  // display_width(line)
  while (true) {
    std::size_t blank = text.find(' ');
    std::string_view word = text.substr(0, blank);
    std::size_t w = display_width(word);
    if (!word.empty()) {
      if (used != 0 && used + 1 + w <= room(lines.size(), first, rest)) {
        line.append(1, ' ').append(word);
        used += 1 + w;
      } else {
        if (used != 0) {
          lines.push_back(std::move(line));
          line.clear();
        }
        break_word(word, first, rest, lines, line);
        used = display_width(line);
      }
    }
    if (blank == std::string_view::npos) {
      break;
    }
    text.remove_prefix(blank + 1);
  }
  lines.push_back(std::move(line));
  return lines;
}

}  // namespace ibatlas
