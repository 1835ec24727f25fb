#include "formats/xml_snapshot_schema.hpp"

#include <algorithm>

#include "text.hpp"

namespace ibatlas::xml_schema {

namespace {

// A well-formed UTF-8 sequence the escape still spells out byte by byte.
bool spelled_out(std::string_view sequence) {
  auto lead = static_cast<unsigned char>(sequence[0]);
  if (sequence.size() == 1) {
    return lead < 0x20 || lead == 0x7f;
  }
  if (sequence.size() == 2) {
    return lead == 0xc2 && static_cast<unsigned char>(sequence[1]) < 0xa0;  // C1 controls
  }
  return sequence == "\xef\xbf\xbe" || sequence == "\xef\xbf\xbf";
}

}  // namespace

std::string escape_free_text(std::string_view raw) {
  constexpr const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(raw.size());
  while (!raw.empty()) {
    std::size_t length = text::utf8_sequence_length(raw);
    std::string_view sequence = raw.substr(0, length == 0 ? 1 : length);
    if (length == 0 || spelled_out(sequence)) {
      for (char c : sequence) {
        auto byte = static_cast<unsigned char>(c);
        out += "\\x";
        out += kDigits[byte >> 4];
        out += kDigits[byte & 0xf];
      }
    } else {
      out += sequence == "\\" ? "\\\\" : sequence;
    }
    raw.remove_prefix(sequence.size());
  }
  return out;
}

std::optional<std::string> unescape_free_text(std::string_view text, std::string_view& bad) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      bad = text.substr(i, 1);
      return std::nullopt;
    }
    if (c != '\\') {
      out += text[i];
      continue;
    }
    std::string_view digits = text.substr(std::min(i + 2, text.size()), 2);
    if (text.substr(i, 2) == "\\\\") {
      out += '\\';
      i += 1;
    } else if (text.substr(i, 2) == "\\x" && digits.size() == 2 && text::all_hex_digits(digits)) {
      out += static_cast<char>(*text::parse_hex(digits));
      i += 3;
    } else {
      bad = text.substr(i, 4);
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace ibatlas::xml_schema
