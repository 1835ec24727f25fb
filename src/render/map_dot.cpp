#include "ibatlas/render/map_dot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "ibatlas/render/load_map.hpp"
#include "ibatlas/render/style.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kMaxCableLines = 40;  // per line's tooltip: enough to find a cable
constexpr std::size_t kMaxNotes = 12;
constexpr std::size_t kLargeMap = 2000;  // lines; above, dot gets cheaper settings

std::string quoted(std::string_view text) {
  return "\"" + dot_escape(text) + "\"";
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    text += (text.empty() ? "" : "\n") + line;
  }
  return text;
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

std::string fill_colour(const RenderNode& n) {
  if (n.focus) {
    return "#fff3b0";
  }
  if (n.kind == BoxKind::Host || n.kind == BoxKind::HostGroup) {
    return "#f7f7f7";
  }
  if (!n.tier) {
    return "#eeeeee";
  }
  constexpr const char* kTierFills[] = {"#f7f7f7", "#e8f1fb", "#d4e4f7", "#bcd4f0", "#a6c4e8"};
  return kTierFills[std::min(*n.tier, 4)];
}

std::string shape_attributes(const RenderNode& n) {
  switch (n.kind) {
    case BoxKind::Host:
      return "shape=ellipse, fontsize=9";
    case BoxKind::HostGroup:
      return "shape=box, style=\"rounded,filled\"";
    case BoxKind::Switch:
      return "shape=box";
    case BoxKind::Chassis:
      return "shape=box, peripheries=2";
    case BoxKind::Router:
      return "shape=hexagon";
    case BoxKind::Gone:
      return "shape=box, style=\"dashed,filled\"";
    case BoxKind::Group:  // overview.cpp's row wrapping assumes this margin
      return "shape=box, style=\"rounded,filled\", penwidth=2, margin=\"0.2,0.1\"";
  }
  return "shape=box";
}

// A long folded label breaks after its dash: a row of groups stays half as wide.
std::string display_label(const RenderNode& n) {
  constexpr std::size_t kLongLabel = 24;
  std::size_t dash = n.label.find("–");  // both are 3 bytes of UTF-8
  if (dash == std::string::npos) {
    dash = n.label.find("…");
  }
  if (n.kind != BoxKind::HostGroup || n.label.size() <= kLongLabel || dash == std::string::npos) {
    return n.label;
  }
  return n.label.substr(0, dash + 3) + "\n" + n.label.substr(dash + 3);
}

void write_node(const RenderNode& n, int group_font, std::ostream& out) {
  out << "  " << quoted(n.id) << " [id=" << quoted(n.id) << ", label=" << quoted(display_label(n))
      << ", tooltip=" << quoted(join_lines(n.tooltip)) << ", " << shape_attributes(n)
      << ", fillcolor=\"" << fill_colour(n) << '"';
  if (n.kind == BoxKind::Group) {
    out << ", fontsize=" << group_font;
  }
  if (n.highlight != Highlight::None) {
    out << ", color=\"" << highlight_colour(n.highlight) << "\", penwidth=3";
  } else if (n.focus) {
    out << ", penwidth=3";
  }
  out << "];\n";
}

std::string edge_tooltip(const RenderEdge& e) {
  std::vector<std::string> lines;
  std::string rate = rate_text(e.width, e.speed);
  lines.push_back(e.count > 1 ? edge_label(e) : (rate.empty() ? "cable" : rate + " cable"));
  for (std::size_t i = 0; i < e.cable_lines.size() && i < kMaxCableLines; ++i) {
    lines.push_back(e.cable_lines[i]);
  }
  if (e.cable_lines.size() > kMaxCableLines) {
    lines.push_back("… and " + std::to_string(e.cable_lines.size() - kMaxCableLines) + " more");
  }
  lines.insert(lines.end(), e.tooltip.begin(), e.tooltip.end());
  return join_lines(lines);
}

// The overview (fold_into_groups): some box is a folded group.
bool is_overview(const RenderModel& model) {
  return std::any_of(model.nodes.begin(), model.nodes.end(),
                     [](const RenderNode& n) { return n.kind == BoxKind::Group; });
}

// A bundle of the overview names its slower cables ("×64 4xHDR +2 slower").
std::string line_label(const RenderEdge& e) {
  std::string label = edge_label(e);
  if (!e.label_note.empty()) {
    label += (label.empty() ? "" : " ") + e.label_note;
  }
  return label;
}

bool between_switches(const RenderModel& model, const RenderEdge& e) {
  auto is_switch = [&](std::size_t i) {
    return model.nodes[i].kind == BoxKind::Switch || model.nodes[i].kind == BoxKind::Chassis;
  };
  return is_switch(e.upper) && is_switch(e.lower);
}

// Past this many lines between switches their "×2 4xNDR" labels only pile up near the
// spines: they are left out (the tooltips keep them) and the legend says so.
constexpr std::size_t kMaxLabelledSwitchLines = 64;

std::size_t switch_lines(const RenderModel& model) {
  std::size_t n = 0;
  for (const RenderEdge& e : model.edges) {
    n += between_switches(model, e) ? 1 : 0;
  }
  return n;
}

void write_edge(const RenderModel& model, std::size_t index, bool label_switch_lines,
                std::ostream& out) {
  const RenderEdge& e = model.edges[index];
  bool marked = e.highlight != Highlight::None;
  std::string colour = marked   ? highlight_colour(e.highlight)
                       : e.load ? load_colour(*e.load)
                                : speed_colour(e.speed);
  bool bold = marked || e.load == LoadLevel::Hot;
  double pen = bold ? std::max(pen_width(e.width), 2.5) : pen_width(e.width);
  out << "  " << quoted(model.nodes[e.upper].id) << " -> " << quoted(model.nodes[e.lower].id)
      << " [id=\"e" << index << "\", color=\"" << colour << "\", penwidth=" << number(pen)
      << ", tooltip=" << quoted(edge_tooltip(e));
  std::string label = label_switch_lines || !between_switches(model, e) ? line_label(e) : "";
  if (!label.empty()) {
    out << ", xlabel=" << quoted(label) << ", fontcolor=\"" << colour << '"';
  }
  if (e.highlight == Highlight::Removed) {
    out << ", style=dashed";
  }
  if (model.nodes[e.upper].tier && model.nodes[e.upper].tier == model.nodes[e.lower].tier) {
    out << ", constraint=false";
  }
  out << "];\n";
}

void invisible_edge(const RenderNode& from, const RenderNode& to, std::ostream& out) {
  out << "  " << quoted(from.id) << " -> " << quoted(to.id) << " [style=invis];\n";
}

// One row of boxes per rank; a tier wider than row_limit wraps into rows in their order:
// invisible edges hold each box left of the next in its row and above the one under it in
// the next row, so the rows stack as a grid in drawing order.
void write_rows(const RenderModel& model, const std::vector<std::size_t>& tier, std::ostream& out) {
  std::size_t limit = model.row_limit == 0 ? tier.size() : model.row_limit;
  for (std::size_t start = 0; start < tier.size(); start += limit) {
    out << "  { rank=same;";
    for (std::size_t i = start; i < tier.size() && i < start + limit; ++i) {
      out << ' ' << quoted(model.nodes[tier[i]].id) << ';';
    }
    out << " }\n";
  }
  for (std::size_t i = 1; i < tier.size() && model.row_limit > 0; ++i) {
    if (i % limit != 0) {
      invisible_edge(model.nodes[tier[i - 1]], model.nodes[tier[i]], out);  // left of it
    }
    if (i >= limit) {
      invisible_edge(model.nodes[tier[i - limit]], model.nodes[tier[i]], out);  // above it
    }
  }
}

void write_ranks(const RenderModel& model, std::ostream& out) {
  std::map<int, std::vector<std::size_t>, std::greater<>> tiers;  // top tier first
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    if (model.nodes[i].tier) {
      tiers[*model.nodes[i].tier].push_back(i);
    }
  }
  for (const auto& tier : tiers) {
    write_rows(model, tier.second, out);
  }
}

std::string legend_row(const std::string& swatch, const std::string& text) {
  return "<tr><td width=\"36\" height=\"4\" fixedsize=\"true\" bgcolor=\"" + swatch +
         "\"></td><td align=\"left\">" + html_label_escape(text) + "</td></tr>";
}

std::string legend_rates(const RenderModel& model) {
  std::set<int> speeds;
  std::set<int> widths;
  for (const RenderEdge& e : model.edges) {
    speeds.insert(e.speed ? static_cast<int>(*e.speed) : -1);
    widths.insert(e.width ? static_cast<int>(*e.width) : -1);
  }
  std::string rows;
  std::set<LoadLevel> loads;  // a load map colours its switch lines by load (mark_loads)
  for (const RenderEdge& e : model.edges) {
    if (e.load) {
      loads.insert(*e.load);
    }
  }
  for (LoadLevel level : loads) {
    rows += legend_row(load_colour(level), "route load: " + load_meaning(level));
  }
  for (int s : speeds) {
    std::optional<LinkSpeed> speed;
    if (s >= 0) {
      speed = static_cast<LinkSpeed>(s);
    }
    rows += legend_row(speed_colour(speed), speed ? to_string(*speed) : "speed unknown");
  }
  for (int w : widths) {
    if (w < 0) {
      continue;
    }
    auto width = static_cast<LinkWidth>(w);
    auto height = static_cast<int>(std::lround(pen_width(width) * 1.4));
    rows += "<tr><td width=\"36\" height=\"" + std::to_string(height) +
            "\" fixedsize=\"true\" bgcolor=\"#555555\"></td><td align=\"left\">" +
            to_string(width) + " (line width)</td></tr>";
  }
  return rows;
}

std::string legend_marks(const RenderModel& model) {
  std::set<Highlight> used;
  for (const RenderNode& n : model.nodes) {
    used.insert(n.highlight);
  }
  for (const RenderEdge& e : model.edges) {
    used.insert(e.highlight);
  }
  constexpr std::pair<Highlight, const char*> kMeanings[] = {
      {Highlight::Error, "error finding"},
      {Highlight::Warning, "warning finding"},
      {Highlight::Added, "added"},
      {Highlight::Changed, "changed"},
      {Highlight::Removed, "removed (dashed)"}};
  std::string rows;
  for (const auto& [h, text] : kMeanings) {
    if (used.contains(h)) {
      rows += legend_row(highlight_colour(h), text);
    }
  }
  return rows;
}

// A note in lines of at most kNoteLine characters, broken at spaces: in the overview a long
// note would otherwise make the legend wider than the drawing (overview.cpp assumes this).
std::string wrapped(const std::string& note) {
  constexpr std::size_t kNoteLine = 64;
  std::string text;
  std::size_t start = 0;
  while (note.size() - start > kNoteLine) {
    std::size_t cut = note.rfind(' ', start + kNoteLine);
    if (cut == std::string::npos || cut <= start) {
      cut = start + kNoteLine;
      while (cut > start + 1 && (static_cast<unsigned char>(note[cut]) & 0xc0) == 0x80) {
        --cut;  // not inside a UTF-8 character
      }
    }
    text += html_label_escape(note.substr(start, cut - start)) + "<br align=\"left\"/>";
    start = note[cut] == ' ' ? cut + 1 : cut;
  }
  return text + html_label_escape(note.substr(start));
}

std::string legend(const RenderModel& model) {
  std::string rows = "<tr><td colspan=\"2\" align=\"left\"><b>" +
                     html_label_escape(model.title.empty() ? "fabric" : model.title) +
                     "</b></td></tr>" + legend_rates(model) + legend_marks(model);
  if (switch_lines(model) > kMaxLabelledSwitchLines) {
    rows +=
        "<tr><td colspan=\"2\" align=\"left\">lines between switches: cable counts in "
        "their tooltips</td></tr>";
  }
  for (std::size_t i = 0; i < model.notes.size() && i < kMaxNotes; ++i) {
    rows += is_overview(model) ? "<tr><td colspan=\"2\" align=\"left\" balign=\"left\">" +
                                     wrapped(model.notes[i]) + "</td></tr>"
                               : "<tr><td colspan=\"2\" align=\"left\">" +
                                     html_label_escape(model.notes[i]) + "</td></tr>";
  }
  if (model.notes.size() > kMaxNotes) {
    rows += "<tr><td colspan=\"2\" align=\"left\">… and " +
            std::to_string(model.notes.size() - kMaxNotes) + " more notes</td></tr>";
  }
  return "<<table border=\"0\" cellborder=\"0\" cellspacing=\"3\">" + rows + "</table>>";
}

// Inches between tiers: more for wide tiers, so the fan of cables between them stays
// readable instead of flattening into one band.
double rank_separation(const RenderModel& model) {
  if (model.row_limit > 0) {
    return 1.0;  // rows of a wrapped overview: overview.cpp's row wrapping assumes 1 inch
  }
  std::map<int, int> widths;
  int widest = 0;
  for (const RenderNode& n : model.nodes) {
    if (n.tier) {
      widest = std::max(widest, ++widths[*n.tier]);
    }
  }
  return std::clamp(widest / 10.0, 1.2, 5.0);
}

void write_graph_attributes(const RenderModel& model, std::ostream& out) {
  out << "  graph [fontname=\"Helvetica\", fontsize=" << (is_overview(model) ? 14 : 10)
      << ", labelloc=b, labeljust=l, outputorder=edgesfirst, tooltip="
      // The overview shows every finding: the notes past the legend's few are here.
      << quoted(is_overview(model) ? join_lines(model.notes).insert(0, model.title + "\n")
                                   : model.title)
      << ", label=" << legend(model);
  if (model.layout == RenderLayout::Spring) {
    out << ", overlap=false, splines=true, sep=\"+6\"";
  } else {
    // Straight lines: a fat-tree's cables read best straight, and spline routing is most of
    // dot's time. Large maps also cut crossing minimisation and network simplex short
    // (10k hosts: 60 s to 7 s), which costs a few more crossings. A wrapped overview's lines
    // cross rows of boxes: they are routed around them (a few hundred lines: cheap), and
    // closer, as each takes room in every row it crosses (overview.cpp assumes 0.1 in).
    bool large = model.edges.size() > kLargeMap;
    out << ", rankdir=TB, nodesep="
        << (model.row_limit > 0 ? "0.1, splines=true" : "0.2, splines=line")
        << ", ranksep=" << number(rank_separation(model))
        << (large ? ", mclimit=0.05, nslimit=1, nslimit1=1" : ", mclimit=0.5");
  }
  out << "];\n  node [fontname=\"Helvetica\", fontsize=10, style=filled, margin=\"0.08,0.03\", "
         "height=0.3];\n  edge [dir=none, fontname=\"Helvetica\", fontsize="
      << (is_overview(model) ? 14 : 8) << "];\n";
}

}  // namespace

std::string map_dot(const RenderModel& model) {
  std::ostringstream out;
  out << "digraph \"ibatlas\" {\n";
  write_graph_attributes(model, out);
  int group_font = model.group_font;
  for (const RenderNode& n : model.nodes) {
    write_node(n, group_font, out);
  }
  if (model.layout == RenderLayout::Tiers) {
    write_ranks(model, out);
  }
  bool label_switch_lines = switch_lines(model) <= kMaxLabelledSwitchLines;
  for (std::size_t i = 0; i < model.edges.size(); ++i) {
    write_edge(model, i, label_switch_lines, out);
  }
  out << "}\n";
  return out.str();
}

}  // namespace ibatlas
