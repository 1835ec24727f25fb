#pragma once

// Private to the ibdiagnet2.db_csv reader: the file cut into its START_<TABLE> ... END_<TABLE>
// sections, each a CSV header line and rows, and typed access to a row's cells by column
// name (never by position: ibdiagnet versions add, drop and reorder columns).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas::ibdiagnet {

struct CsvRow {
  std::size_t line = 0;
  std::vector<std::string> cells;
};

struct CsvTable {
  std::string name;  // "NODES" for START_NODES
  std::size_t header_line = 0;
  std::string header_text;
  std::vector<std::string> columns;
  std::vector<CsvRow> rows;
};

struct CsvSections {
  std::vector<CsvTable> tables;  // only the wanted ones, in file order
  std::vector<SkippedLine> skipped;
  std::string time;  // from a "# Running timestamp" comment; "" when none
};

// Cuts `text` into sections. Rows of the tables named in `wanted` are split into cells and
// must have as many as the header; other sections are only checked for their END_ line.
// Lines outside sections that are not blank or '#' comments are returned as skipped noise.
// Throws ParseError for a section without its END_ line, an END_ without START_, a wanted
// section without a header, a row with the wrong number of cells, or an unclosed quote.
CsvSections split_sections(std::string_view text, std::string_view file,
                           std::span<const std::string_view> wanted);

// A number as ibdiagnet writes one: decimal, or hex after "0x". nullopt: not one.
std::optional<std::uint64_t> parse_number(std::string_view cell);

// Typed access to one table's cells; every failure is a ParseError naming file and line.
class TableReader {
 public:
  TableReader(const CsvTable& table, std::string_view file) : table_(table), file_(file) {}

  // The column's index; names compare without regard to letter case (ibdiagnet spells
  // "NodeGuid" in one table and "NodeGUID" in the next). require() throws when it is absent.
  std::size_t require(std::string_view column) const;
  std::optional<std::size_t> find(std::string_view column) const;
  std::optional<std::size_t> find_any(std::initializer_list<std::string_view> columns) const;

  // A cell as a number no larger than `max`. The optional form gives nullopt for an absent
  // column, an empty cell and "N/A"; both throw for anything else that is not a number.
  std::uint64_t number(const CsvRow& row, std::size_t column, std::uint64_t max) const;
  std::optional<std::uint64_t> optional_number(const CsvRow& row, std::optional<std::size_t> column,
                                               std::uint64_t max) const;

  std::string_view cell(const CsvRow& row, std::size_t column) const {
    return row.cells.at(column);
  }

  [[noreturn]] void fail(const CsvRow& row, const std::string& expected,
                         std::string_view found) const;

  const CsvTable& table() const { return table_; }

 private:
  const CsvTable& table_;
  std::string_view file_;
};

}  // namespace ibatlas::ibdiagnet
