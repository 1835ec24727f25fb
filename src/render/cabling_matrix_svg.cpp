// The cabling matrix drawn as a table, straight to SVG: no layout engine, so a 10k-host
// fabric's matrices take a fraction of a second. Only integers are written (no locale, no
// float formatting): the same matrices give the same bytes.

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/render/cabling_matrix.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/style.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kMargin = 10;
constexpr std::size_t kTitleHeight = 24;  // a matrix's title line
constexpr std::size_t kBandHeight = 16;   // the column groups' names
constexpr std::size_t kLegendLine = 18;
constexpr std::size_t kCountMin = 16;  // smallest cell that shows its cable count
// Cell state colours. Expected cells take their rate's colour (speed_colour: greys, browns,
// greens, blues, violets); none of these is red or orange, which mean findings.
constexpr const char* kDegraded = "#ffd92f";  // yellow
constexpr const char* kMissing = "#ffffff";   // white, dashed grey border
constexpr const char* kExtra = "#1a1a1a";     // black
constexpr const char* kMissingBorder = "#555555";

std::string esc(const std::string& text) {
  return html_label_escape(text);
}

std::string num(std::size_t n) {
  return std::to_string(n);
}

// Text width in pixels, roughly: 0.6 em per byte.
std::size_t text_width(const std::vector<std::string>& texts, std::size_t font) {
  std::size_t longest = 0;
  for (const std::string& t : texts) {
    longest = std::max(longest, t.size());
  }
  return longest * font * 3 / 5;
}

// Where one matrix goes.
struct Frame {
  std::size_t top = 0;   // its title line
  std::size_t cell = 0;  // cell size
  std::size_t font = 0;  // row and column names
  std::size_t left = 0;  // grid's left edge
  std::size_t grid_top = 0;
  std::size_t group_width = 0;  // the row groups' names, left of the row names
  std::size_t height = 0;       // the whole block, title to grid bottom
  std::size_t width = 0;
};

// "leaf × spine: 558 × 558, 10044 cells; expected: ..."
std::string heading(const CablingMatrix& m) {
  return m.title + ": " + num(m.rows.size()) + " × " + num(m.columns.size()) + ", " +
         num(m.cells.size()) + " cells; expected: " + m.expectation;
}

Frame frame_of(const CablingMatrix& m, std::size_t top) {
  std::size_t n = std::max(m.rows.size(), m.columns.size());
  Frame f;
  f.top = top;
  f.cell = n <= 60 ? 18 : (n <= 200 ? 12 : 8);
  f.font = std::min<std::size_t>(11, f.cell - 1);
  f.group_width = text_width(m.row_groups, 11) + 8;
  f.left = kMargin + f.group_width + text_width(m.rows, f.font) + 8;
  f.grid_top = top + kTitleHeight + kBandHeight + text_width(m.columns, f.font) + 8;
  f.height = f.grid_top - top + m.rows.size() * f.cell;
  f.width = std::max(f.left + m.columns.size() * f.cell, text_width({heading(m)}, 14)) + kMargin;
  return f;
}

// Runs of equal group names: [begin, end) per group.
std::vector<std::pair<std::size_t, std::size_t>> runs(const std::vector<std::string>& groups) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (out.empty() || groups[i] != groups[out.back().first]) {
      out.emplace_back(i, i);
    }
    out.back().second = i + 1;
  }
  return out;
}

void text(std::string& out, std::size_t x, std::size_t y, std::size_t font,
          const std::string& content, const std::string& extra = "") {
  out += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(font) + "\"" + extra +
         ">" + esc(content) + "</text>\n";
}

void rect(std::string& out, std::size_t x, std::size_t y, std::size_t w, std::size_t h,
          const std::string& style) {
  out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" +
         num(h) + "\" " + style + "/>\n";
}

// A band per row group (across the whole width) and per column group (down the whole
// height), every other one shaded, each with its group's name.
void bands(std::string& out, const CablingMatrix& m, const Frame& f) {
  std::size_t grid_width = m.columns.size() * f.cell;
  std::size_t grid_height = m.rows.size() * f.cell;
  std::size_t shade = 0;
  for (auto [begin, end] : runs(m.row_groups)) {
    std::string fill = shade++ % 2 == 0 ? "#eef1f5" : "#ffffff";
    std::size_t y = f.grid_top + begin * f.cell;
    rect(out, kMargin, y, f.left - kMargin + grid_width, (end - begin) * f.cell,
         "class=\"band\" fill=\"" + fill + "\"");
    if ((end - begin) * f.cell >= 11) {  // names that fit their band (the rows name the rest)
      text(out, kMargin + 2, y + 11, 11, m.row_groups[begin], " font-weight=\"bold\"");
    }
  }
  shade = 0;
  for (auto [begin, end] : runs(m.column_groups)) {
    std::size_t x = f.left + begin * f.cell;
    std::size_t top = f.top + kTitleHeight;
    if (shade++ % 2 == 1) {
      rect(out, x, top, (end - begin) * f.cell, f.grid_top - top + grid_height,
           "class=\"band\" fill=\"#dde3ec\" fill-opacity=\"0.5\"");
    }
    if (text_width({m.column_groups[begin]}, 11) + 4 <= (end - begin) * f.cell) {
      text(out, x + 2, top + 12, 11, m.column_groups[begin], " font-weight=\"bold\"");
    }
  }
}

void names(std::string& out, const CablingMatrix& m, const Frame& f) {
  for (std::size_t r = 0; r < m.rows.size(); ++r) {
    text(out, f.left - 4, f.grid_top + r * f.cell + (f.cell + f.font) / 2 - 1, f.font, m.rows[r],
         " text-anchor=\"end\" class=\"row\"");
  }
  for (std::size_t c = 0; c < m.columns.size(); ++c) {
    std::size_t x = f.left + c * f.cell + (f.cell + f.font) / 2 - 1;
    std::size_t y = f.grid_top - 4;
    text(out, x, y, f.font, m.columns[c],
         " transform=\"rotate(-90 " + num(x) + " " + num(y) + ")\" class=\"column\"");
  }
}

std::string fill_of(const MatrixCell& cell) {
  switch (cell.state) {
    case CellState::Expected:
      return speed_colour(cell.speed);
    case CellState::Degraded:
      return kDegraded;
    case CellState::Missing:
      return kMissing;
    case CellState::Extra:
      return kExtra;
  }
  return kMissing;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    out += (out.empty() ? "" : "\n") + esc(line);
  }
  return out;
}

void cell(std::string& out, std::size_t index, const MatrixCell& c, const Frame& f) {
  std::size_t x = f.left + c.column * f.cell;
  std::size_t y = f.grid_top + c.row * f.cell;
  out += "<g class=\"cell\" id=\"m" + num(index) + "-" + num(c.row) + "-" + num(c.column) +
         "\" data-state=\"" + esc(to_string(c.state)) + "\"><title>" + join_lines(c.tooltip) +
         "</title>";
  std::string style = "fill=\"" + fill_of(c) + "\"";
  if (c.highlight != Highlight::None) {
    style += " stroke=\"" + highlight_colour(c.highlight) + "\" stroke-width=\"2\"";
  } else if (c.state == CellState::Missing) {
    style += " stroke=\"" + std::string(kMissingBorder) + "\"";
  }
  if (c.state == CellState::Missing) {
    style += " stroke-dasharray=\"3 2\"";
  }
  rect(out, x + 1, y + 1, f.cell - 2, f.cell - 2, style);
  if (f.cell >= kCountMin && c.cables > 0) {
    bool dark = c.state == CellState::Expected || c.state == CellState::Extra;
    text(out, x + f.cell / 2, y + f.cell / 2 + 4, 10, num(c.cables),
         std::string(" text-anchor=\"middle\" fill=\"") + (dark ? "#ffffff" : "#000000") + "\"");
  }
  out += "</g>\n";
}

void matrix(std::string& out, std::size_t index, const CablingMatrix& m, const Frame& f) {
  out += "<g class=\"matrix\" id=\"m" + num(index) + "\">\n";
  text(out, kMargin, f.top + 16, 14, heading(m), " font-weight=\"bold\"");
  bands(out, m, f);
  names(out, m, f);
  rect(out, f.left, f.grid_top, m.columns.size() * f.cell, m.rows.size() * f.cell,
       "fill=\"none\" stroke=\"#999999\"");
  for (const MatrixCell& c : m.cells) {
    cell(out, index, c, f);
  }
  out += "</g>\n";
}

struct LegendEntry {
  std::string style;  // the swatch's fill and stroke
  std::string text;
};

// The four states (expected once per speed drawn), the finding borders and the expectation.
std::vector<LegendEntry> legend(std::span<const CablingMatrix> matrices) {
  std::vector<std::optional<LinkSpeed>> speeds;
  for (const CablingMatrix& m : matrices) {
    for (const MatrixCell& c : m.cells) {
      if (c.state == CellState::Expected &&
          std::find(speeds.begin(), speeds.end(), c.speed) == speeds.end()) {
        speeds.push_back(c.speed);
      }
    }
  }
  std::sort(speeds.begin(), speeds.end());
  std::vector<LegendEntry> entries;
  for (std::optional<LinkSpeed> s : speeds) {
    std::string rate = s ? to_string(*s) : "an unknown speed";
    entries.push_back({"fill=\"" + speed_colour(s) + "\"", "as expected, at " + rate});
  }
  std::string fill = "fill=\"";
  entries.push_back({fill + kDegraded + "\"",
                     "degraded: fewer cables than expected, or slower or narrower ones"});
  entries.push_back(
      {fill + kMissing + "\" stroke=\"" + kMissingBorder + "\" stroke-dasharray=\"3 2\"",
       "missing: cables expected, none there"});
  entries.push_back({fill + kExtra + "\"", "extra: cables where none are expected, or more"});
  for (Highlight h : {Highlight::Error, Highlight::Warning}) {
    entries.push_back({"fill=\"#ffffff\" stroke=\"" + highlight_colour(h) + "\" stroke-width=\"2\"",
                       std::string("border: ") +
                           (h == Highlight::Error ? "an error" : "a warning") +
                           " on a cable of the pair (see its tooltip)"});
  }
  return entries;
}

std::string expected_line(std::span<const CablingMatrix> matrices) {
  return "Expected: " + (matrices.empty() ? std::string() : matrices.front().expectation);
}

std::size_t legend_height(std::span<const CablingMatrix> matrices) {
  return (legend(matrices).size() + 2) * kLegendLine;
}

std::size_t legend_width(std::span<const CablingMatrix> matrices) {
  std::vector<std::string> lines = {expected_line(matrices)};
  for (const LegendEntry& e : legend(matrices)) {
    lines.push_back(e.text);
  }
  return kMargin + 22 + text_width(lines, 12) + kMargin;
}

void draw_legend(std::string& out, std::span<const CablingMatrix> matrices, std::size_t top) {
  out += "<g id=\"legend\">\n";
  text(out, kMargin, top + 14, 12, "Legend", " font-weight=\"bold\"");
  std::size_t y = top + kLegendLine;
  for (const LegendEntry& e : legend(matrices)) {
    rect(out, kMargin, y + 2, 14, 14, "class=\"swatch\" " + e.style);
    text(out, kMargin + 22, y + 13, 12, e.text, " class=\"legend-text\"");
    y += kLegendLine;
  }
  text(out, kMargin, y + 13, 12, expected_line(matrices), " class=\"legend-text\"");
  out += "</g>\n";
}

}  // namespace

std::string cabling_matrix_svg(std::span<const CablingMatrix> matrices, const std::string& title) {
  std::vector<Frame> frames;
  std::size_t top = kMargin + kTitleHeight;
  std::size_t width = std::max(legend_width(matrices), kMargin * 2 + text_width({title}, 16));
  for (const CablingMatrix& m : matrices) {
    frames.push_back(frame_of(m, top));
    top += frames.back().height + kMargin * 2;
    width = std::max(width, frames.back().width);
  }
  std::size_t height = top + legend_height(matrices) + kMargin;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" font-family=\"sans-serif\">\n<title>" + esc(title) + "</title>\n";
  rect(out, 0, 0, width, height, "fill=\"#ffffff\"");
  text(out, kMargin, kMargin + 16, 16,
       matrices.empty() ? title + ": no cabling matrix (fewer than two switch tiers)" : title,
       " font-weight=\"bold\"");
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    matrix(out, i, matrices[i], frames[i]);
  }
  draw_legend(out, matrices, top);
  out += "</svg>\n";
  return out;
}

}  // namespace ibatlas
