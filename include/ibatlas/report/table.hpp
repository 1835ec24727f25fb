#pragma once

// The one table writer behind every command's text report (check, routes, diff, history,
// probe, host): columns as wide as their widest cell, fitted into a line width by wrapping
// the columns that may wrap (each under itself), optional ANSI colours per cell. Pure: the
// width and the colour choice come from the caller (apps/ decides from --width, COLUMNS,
// the terminal, --color and NO_COLOR). Nothing is cut: a cell too long for its column wraps.

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ibatlas {

// How text output is laid out.
struct TextStyle {
  std::size_t width = 0;  // terminal columns a line may use; 0: no limit (nothing wraps)
  bool colour = false;    // ANSI colours for tones
};

// What a piece of text is coloured as, when colour is on.
enum class Tone { Plain, Error, Warning, Info, Added, Removed, Changed };

// `text` between the ANSI codes of `tone` (as it is when !colour or tone is Plain).
std::string toned(std::string_view text, Tone tone, bool colour);

// Columns `text` takes on a terminal: a code point of UTF-8 takes 1, an East Asian wide or
// full-width one 2, a combining mark 0; a byte that starts no well-formed UTF-8 takes 1.
// REQUIRES: no control characters (text::printable has escaped them).
std::size_t display_width(std::string_view text);

// `text` in lines of at most `width` columns (display_width), broken at spaces; a word
// longer than a line is broken between code points. Never loses a non-blank character.
// width 0: one line, as it is.
std::vector<std::string> wrap_text(std::string_view text, std::size_t width);
// The same with `first` columns for the first line and `rest` for the others (first 0: one
// line, as it is).
std::vector<std::string> wrap_text(std::string_view text, std::size_t first, std::size_t rest);

// `text` as lines of at most style.width columns, each ended by a newline: the first after
// `indent` blanks, the others after `indent + hang` (a hanging indent), each piece toned.
void write_wrapped(std::ostream& out, std::string_view text, std::size_t indent, std::size_t hang,
                   Tone tone, const TextStyle& style);

struct TableColumn {
  std::string header;
  bool wraps = false;         // may wrap when the line is short of room
  std::size_t min_width = 0;  // narrowest it wraps to (never under its header's width)
  bool right = false;         // aligned to the right (numbers); header too
};

struct TableCell {
  std::string text;  // shown as given: escape node descriptions first (text::printable)
  Tone tone = Tone::Plain;
};

class Table {
 public:
  explicit Table(std::vector<TableColumn> columns);

  // One cell per column; fewer cells leave the last columns empty.
  void add_row(std::vector<TableCell> cells);

  // A line of its own under the row before it, from column `from`'s left edge to the end of
  // the line (wrapped there): check's "fix: ..." under each finding.
  void add_note(std::size_t from, TableCell note);

  // The header line and every row. Lines end without trailing blanks.
  void write(std::ostream& out, const TextStyle& style) const;

  // The columns' widths in a line of `width` columns (0: no limit): each as wide as its
  // widest cell, then, while the line is too long, the widest column that may wrap loses a
  // column, down to its minimum. Wider than `width` only when the minimums are.
  std::vector<std::size_t> column_widths(std::size_t width) const;

 private:
  struct Row {
    std::vector<TableCell> cells;
    std::size_t note_from = 0;
    bool note = false;
  };

  void write_row(const Row& row, const std::vector<std::size_t>& widths, const TextStyle& style,
                 std::ostream& out) const;
  void write_note(const Row& row, const std::vector<std::size_t>& widths, const TextStyle& style,
                  std::ostream& out) const;

  std::vector<TableColumn> columns_;
  std::vector<Row> rows_;
};

}  // namespace ibatlas
