#include "ibatlas/error.hpp"

#include <cstdio>

namespace ibatlas {

namespace {

std::string parse_message(const std::string& file, std::size_t line, const std::string& expected,
                          const std::string& found) {
  return file + ":" + std::to_string(line) + ": expected " + expected + ", found " + found;
}

}  // namespace

ParseError::ParseError(std::string file, std::size_t line, const std::string& expected,
                       const std::string& found)
    : Error(parse_message(file, line, expected, found)), file_(std::move(file)), line_(line) {}

std::string quote_found(std::string_view text) {
  if (text.empty()) {
    return "end of line";
  }
  constexpr std::size_t kMaxShown = 60;
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxShown) {
    out += "...";
  }
  return out + "\"";
}

}  // namespace ibatlas
