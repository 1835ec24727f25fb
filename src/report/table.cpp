// The table writer: widths, then rows of wrapped cells, then notes.

#include "ibatlas/report/table.hpp"

#include <algorithm>
#include <numeric>

namespace ibatlas {

namespace {

constexpr std::size_t kGap = 2;  // blanks between two columns

// `line` without the blanks at its end.
void put_line(std::string line, std::ostream& out) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << line << '\n';
}

// `text` (already toned) padded with blanks from `width` (its display width) to `to`.
void pad(std::string& line, std::size_t width, std::size_t to) {
  if (width < to) {
    line.append(to - width, ' ');
  }
}

}  // namespace

void write_wrapped(std::ostream& out, std::string_view text, std::size_t indent, std::size_t hang,
                   Tone tone, const TextStyle& style) {
  std::size_t first = 0;  // no limit
  std::size_t rest = 0;
  if (style.width != 0) {
    first = style.width > indent ? style.width - indent : 1;
    rest = style.width > indent + hang ? style.width - indent - hang : 1;
  }
  std::vector<std::string> pieces = wrap_text(text, first, rest);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    std::string line(indent + (i == 0 ? 0 : hang), ' ');
    line.append(toned(pieces[i], tone, style.colour));
    put_line(std::move(line), out);
  }
}

Table::Table(std::vector<TableColumn> columns) : columns_(std::move(columns)) {}

void Table::add_row(std::vector<TableCell> cells) {
  cells.resize(columns_.size());
  rows_.push_back(Row{std::move(cells), 0, false});
}

void Table::add_note(std::size_t from, TableCell note) {
  std::vector<TableCell> cells;
  cells.push_back(std::move(note));
  rows_.push_back(Row{std::move(cells), std::min(from, columns_.size() - 1), true});
}

std::vector<std::size_t> Table::column_widths(std::size_t width) const {
  std::vector<std::size_t> widths;
  std::vector<std::size_t> mins;
  widths.reserve(columns_.size());
  mins.reserve(columns_.size());
  for (const TableColumn& c : columns_) {
    widths.push_back(display_width(c.header));
    mins.push_back(std::max(c.min_width, widths.back()));
  }
  for (const Row& row : rows_) {
    for (std::size_t i = 0; !row.note && i < row.cells.size(); ++i) {
      widths[i] = std::max(widths[i], display_width(row.cells[i].text));
    }
  }
  if (width == 0) {
    return widths;
  }
  std::size_t total =
      std::accumulate(widths.begin(), widths.end(), std::size_t{0}) + kGap * (widths.size() - 1);
  while (total > width) {
    std::size_t widest = widths.size();
    for (std::size_t i = 0; i < widths.size(); ++i) {
      if (columns_[i].wraps && widths[i] > mins[i] &&
          (widest == widths.size() || widths[i] > widths[widest])) {
        widest = i;
      }
    }
    if (widest == widths.size()) {
      break;  // every column at its minimum: the line stays wider
    }
    --widths[widest];
    --total;
  }
  return widths;
}

void Table::write(std::ostream& out, const TextStyle& style) const {
  if (columns_.empty()) {
    return;
  }
  std::vector<std::size_t> widths = column_widths(style.width);
  std::vector<TableCell> header;
  header.reserve(columns_.size());
  for (const TableColumn& c : columns_) {
    header.push_back(TableCell{c.header, Tone::Plain});
  }
  write_row(Row{header, 0, false}, widths, style, out);
  for (const Row& row : rows_) {
    if (row.note) {
      write_note(row, widths, style, out);
    } else {
      write_row(row, widths, style, out);
    }
  }
}

void Table::write_row(const Row& row, const std::vector<std::size_t>& widths,
                      const TextStyle& style, std::ostream& out) const {
  std::vector<std::vector<std::string>> cells;
  cells.reserve(row.cells.size());
  std::size_t height = 1;
  for (std::size_t i = 0; i < row.cells.size(); ++i) {
    bool wrap = style.width != 0 && columns_[i].wraps;
    cells.push_back(wrap_text(row.cells[i].text, wrap ? widths[i] : 0));
    height = std::max(height, cells.back().size());
  }
  for (std::size_t l = 0; l < height; ++l) {
    std::string line;
    std::size_t column_end = 0;  // where the column being written starts
    std::size_t used = 0;        // display width of `line`
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (l < cells[i].size() && !cells[i][l].empty()) {
        std::size_t w = display_width(cells[i][l]);
        std::size_t start = column_end + (columns_[i].right && w < widths[i] ? widths[i] - w : 0);
        pad(line, used, start);
        used = std::max(used, start);
        line += toned(cells[i][l], row.cells[i].tone, style.colour);
        used += w;
      }
      column_end += widths[i] + kGap;
    }
    put_line(std::move(line), out);
  }
}

void Table::write_note(const Row& row, const std::vector<std::size_t>& widths,
                       const TextStyle& style, std::ostream& out) const {
  std::size_t indent = 0;
  for (std::size_t i = 0; i < row.note_from; ++i) {
    indent += widths[i] + kGap;
  }
  // A note wraps in what is left of the line; with less than a header's width left it
  // takes whole lines from the left edge instead.
  std::size_t room = 0;
  if (style.width != 0) {
    indent = style.width > indent + columns_[row.note_from].header.size() ? indent : 0;
    room = style.width - indent;
  }
  for (const std::string& piece : wrap_text(row.cells[0].text, room)) {
    std::string line(indent, ' ');
    line.append(toned(piece, row.cells[0].tone, style.colour));
    put_line(std::move(line), out);
  }
}

}  // namespace ibatlas
