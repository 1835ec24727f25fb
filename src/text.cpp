#include "text.hpp"

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

}  // namespace ibatlas::text
