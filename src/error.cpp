#include "ibatlas/error.hpp"

#include "text.hpp"

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
  // Escaped as the text reports escape descriptions: a message reaches the terminal too.
  std::string out = "\"" + text::printable(text.substr(0, kMaxShown));
  if (text.size() > kMaxShown) {
    out += "...";
  }
  return out + "\"";
}

std::string printable_input(std::string_view text) {
  return text::printable(text);
}

}  // namespace ibatlas
