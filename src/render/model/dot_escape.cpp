#include <cstdint>

#include "ibatlas/render/map_dot.hpp"

namespace ibatlas {

namespace {

// Length of the UTF-8 sequence starting at text[i], or 0 when it is not valid there.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  auto byte = static_cast<std::uint8_t>(text[i]);
  std::size_t length = byte < 0x80           ? 1
                       : (byte >> 5) == 0x6  ? 2
                       : (byte >> 4) == 0xe  ? 3
                       : (byte >> 3) == 0x1e ? 4
                                             : 0;
  if (length == 0 || i + length > text.size()) {
    return 0;
  }
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<std::uint8_t>(text[i + k]) & 0xc0) != 0x80) {
      return 0;
    }
  }
  return length;
}

}  // namespace

std::string clean_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = utf8_length(text, i);
    auto byte = static_cast<std::uint8_t>(text[i]);
    if (n == 0 || (n == 1 && (byte < 0x20 || byte == 0x7f) && byte != '\t' && byte != '\n')) {
      out += '?';
      i += n == 0 ? 1 : n;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string dot_escape(std::string_view text) {
  std::string out;
  for (char c : clean_utf8(text)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string html_label_escape(std::string_view text) {
  std::string out;
  for (char c : clean_utf8(text)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\n':
      case '\t':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string layout_engine(const RenderModel& model) {
  constexpr std::size_t kNeatoLimit = 400;
  if (model.layout == RenderLayout::Spring) {
    return model.nodes.size() <= kNeatoLimit ? "neato" : "sfdp";
  }
  return "dot";
}

}  // namespace ibatlas
