#include "ibatlas/render/map_dot.hpp"

#include "text.hpp"

namespace ibatlas {

std::string clean_utf8(std::string_view text) {
  return text::clean_utf8(text, text::Controls::Label, "?");
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
