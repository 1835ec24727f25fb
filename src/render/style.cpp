#include "ibatlas/render/style.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "ibatlas/render/slurm.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// "MT4123", "MT25408": the part number ConnectX firmware puts first when no host name is set.
bool is_part_number(std::string_view word) {
  if (word.size() < 3 || word[0] != 'M' || word[1] != 'T') {
    return false;
  }
  return std::all_of(word.begin() + 2, word.end(), is_digit);
}

}  // namespace

std::optional<std::string> host_name(std::string_view description) {
  std::size_t start = description.find_first_not_of(" \t");
  if (start == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view rest = description.substr(start);
  std::string_view word = rest.substr(0, rest.find_first_of(" \t"));
  if (is_part_number(word)) {
    return std::nullopt;
  }
  std::string_view host = word.substr(0, word.find('.'));
  if (host.empty() || host == "localhost") {  // a host that never got its name
    return std::nullopt;
  }
  return std::string(host);
}

std::string switch_name(std::string_view description) {
  std::size_t semicolon = description.find(';');
  std::size_t colon = description.find(':', semicolon == std::string_view::npos ? 0 : semicolon);
  if (semicolon == std::string_view::npos || colon == std::string_view::npos ||
      colon == semicolon + 1) {
    return std::string(description);
  }
  return std::string(description.substr(semicolon + 1, colon - semicolon - 1));
}

std::string display_name(const Node& node) {
  if (node.type == NodeType::Ca) {
    if (std::optional<std::string> host = host_name(node.description)) {
      return *host;
    }
  } else if (!node.description.empty()) {
    return node.type == NodeType::Switch ? switch_name(node.description) : node.description;
  }
  return text::guid_text(node.guid);
}

bool natural_less(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::size_t i_end = i;
      std::size_t j_end = j;
      while (i_end < a.size() && is_digit(a[i_end])) {
        ++i_end;
      }
      while (j_end < b.size() && is_digit(b[j_end])) {
        ++j_end;
      }
      std::string_view x = a.substr(i, i_end - i);
      std::string_view y = b.substr(j, j_end - j);
      x.remove_prefix(std::min(x.find_first_not_of('0'), x.size()));
      y.remove_prefix(std::min(y.find_first_not_of('0'), y.size()));
      if (x.size() != y.size()) {
        return x.size() < y.size();
      }
      if (x != y) {
        return x < y;
      }
      i = i_end;
      j = j_end;
    } else {
      if (a[i] != b[j]) {
        return a[i] < b[j];
      }
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::string fold_label(std::vector<std::string> names, std::size_t unnamed) {
  constexpr std::size_t kLongList = 32;
  std::string count = " ×" + std::to_string(names.size() + unnamed);
  std::string tail = unnamed == 0 ? "" : "\n(" + std::to_string(unnamed) + " unnamed)";
  if (names.empty()) {
    return count.substr(1) + " unnamed hosts";
  }
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return natural_less(a, b); });
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() == 1) {
    return names.front() + count + tail;
  }
  std::string list = hostlist(names);
  if (list.find(',') == std::string::npos) {  // one run without gaps
    return names.front() + "–" + names.back() + count + tail;
  }
  if (list.size() <= kLongList) {
    return list + count + tail;
  }
  return names.front() + "…" + names.back() + count + tail;
}

std::string speed_colour(std::optional<LinkSpeed> speed) {
  // Blues and greens darken with speed; no red or orange (those mean findings).
  constexpr std::array<const char*, 9> kColours = {
      "#8c8c8c",  // SDR grey
      "#a6761d",  // DDR brown
      "#7570b3",  // QDR violet
      "#66a61e",  // FDR10 light green
      "#1b9e77",  // FDR teal
      "#1f78b4",  // EDR blue
      "#0b3d91",  // HDR dark blue
      "#6a3d9a",  // NDR purple
      "#e7298a",  // XDR magenta
  };
  if (!speed) {
    return "#bdbdbd";
  }
  return kColours.at(static_cast<std::size_t>(*speed));
}

double pen_width(std::optional<LinkWidth> width) {
  if (!width) {
    return 1.0;
  }
  constexpr std::array<double, 5> kWidths = {1.0, 1.5, 2.5, 3.5, 4.5};
  return kWidths.at(static_cast<std::size_t>(*width));
}

std::string rate_text(std::optional<LinkWidth> width, std::optional<LinkSpeed> speed) {
  std::string text;
  if (width) {
    text += to_string(*width);
  }
  if (speed) {
    text += to_string(*speed);
  }
  return text;
}

std::string edge_label(const RenderEdge& edge) {
  if (edge.count <= 1) {
    return "";
  }
  std::string label = "×" + std::to_string(edge.count);
  std::string rate = rate_text(edge.width, edge.speed);
  return rate.empty() ? label : label + " " + rate;
}

std::string highlight_colour(Highlight h) {
  switch (h) {
    case Highlight::Added:
      return "#1a9850";
    case Highlight::Changed:
    case Highlight::Warning:
      return "#f28e00";
    case Highlight::Removed:
    case Highlight::Error:
      return "#d7191c";
    case Highlight::None:
      break;
  }
  return "";
}

}  // namespace ibatlas

namespace ibatlas {

std::string chassis_name(const Fabric& fabric, const std::vector<NodeId>& chips) {
  std::string prefix = fabric.node(chips.front()).description;
  for (NodeId chip : chips) {
    const std::string& d = fabric.node(chip).description;
    std::size_t n = 0;
    while (n < prefix.size() && n < d.size() && prefix[n] == d[n]) {
      ++n;
    }
    prefix.resize(n);
  }
  if (chips.size() > 1) {
    std::size_t cut = prefix.find_last_of("/:; ");
    prefix.resize(cut == std::string::npos ? prefix.size() : cut);
  }
  while (!prefix.empty() &&
         (prefix.back() == '-' || prefix.back() == '_' || prefix.back() == ' ')) {
    prefix.pop_back();
  }
  const Node& first = fabric.node(chips.front());
  return prefix.empty() ? "chassis " + text::guid_text(first.system_guid.value_or(first.guid))
                        : switch_name(prefix);
}

}  // namespace ibatlas
