#include <cstdint>

#include "ibatlas/render/map_dot.hpp"

#include "text.hpp"

namespace ibatlas {

std::string clean_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = text::utf8_sequence_length(text.substr(i));
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
