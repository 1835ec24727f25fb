// ibdiagnet2.db_csv's container: "START_NODES", a CSV header, rows, "END_NODES", then the next
// table. Sections the reader does not use (NODES_INFO, CABLE_INFO, TEMP_SENSING, ...) are
// only checked for their END_ line, so a new ibdiagnet version's tables never stop a read.

#include "formats/ibdiagnet_csv_table.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include "ibatlas/error.hpp"

#include "formats/csv_line.hpp"
#include "formats/ibdiagnet_net_dump_row.hpp"
#include "text.hpp"

namespace ibatlas::ibdiagnet {

namespace {

constexpr std::string_view kStart = "START_";
constexpr std::string_view kEnd = "END_";

bool is_table_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

class Splitter {
 public:
  Splitter(std::string_view file, std::span<const std::string_view> wanted)
      : file_(file), wanted_(wanted) {}

  void line(std::string_view raw, std::size_t number) {
    line_ = number;
    std::string_view t = text::trim(raw);
    if (open_) {
      inside(t);
    } else if (text::starts_with(t, kStart) && is_table_name(t.substr(kStart.size()))) {
      open(t.substr(kStart.size()));
    } else if (text::starts_with(t, kEnd) && is_table_name(t.substr(kEnd.size()))) {
      fail("START_" + std::string(t.substr(kEnd.size())) + " before this line", t);
    } else if (!t.empty() && t.front() == '#') {
      if (result_.time.empty()) {
        result_.time = ibdiag_header_time(t);
      }
    } else if (!t.empty()) {
      result_.skipped.push_back(SkippedLine{number, std::string(raw)});
    }
  }

  CsvSections finish() && {
    if (open_) {
      fail(end_line(), "end of file");
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(const std::string& expected, std::string_view found) const {
    throw ParseError(std::string(file_), line_, expected, quote_found(found));
  }

  std::string end_line() const { return "END_" + name_; }

  void open(std::string_view name) {
    open_ = true;
    name_ = std::string(name);
    keep_ = std::find(wanted_.begin(), wanted_.end(), name) != wanted_.end();
    if (keep_) {
      result_.tables.push_back(CsvTable{name_, 0, {}, {}, {}});
    }
  }

  void inside(std::string_view t) {
    if (text::starts_with(t, kEnd) || text::starts_with(t, kStart)) {
      if (t != end_line()) {
        fail(end_line(), t);
      }
      open_ = false;
      return;
    }
    if (!keep_ || t.empty()) {
      return;
    }
    CsvLine csv = split_csv_line(t);
    if (!csv.ok()) {
      throw ParseError(std::string(file_), line_, csv.expected, csv.found);
    }
    CsvTable& table = result_.tables.back();
    if (table.header_line == 0) {
      table.header_line = line_;
      table.header_text = std::string(t);
      table.columns = std::move(csv.fields);
    } else if (csv.fields.size() != table.columns.size()) {
      fail(std::to_string(table.columns.size()) + " cells as in the START_" + name_ + " header",
           std::to_string(csv.fields.size()) + " cells in " + std::string(t));
    } else {
      table.rows.push_back(CsvRow{line_, std::move(csv.fields)});
    }
  }

  std::string_view file_;
  std::span<const std::string_view> wanted_;
  CsvSections result_;
  std::size_t line_ = 0;
  bool open_ = false;
  bool keep_ = false;
  std::string name_;
};

}  // namespace

CsvSections split_sections(std::string_view text, std::string_view file,
                           std::span<const std::string_view> wanted) {
  Splitter splitter(file, wanted);
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    splitter.line(*line, lines.line_number());
  }
  return std::move(splitter).finish();
}

std::optional<std::uint64_t> parse_number(std::string_view cell) {
  if (text::starts_with(cell, "0x") || text::starts_with(cell, "0X")) {
    return cell.size() > 2 ? text::parse_hex(cell) : std::nullopt;
  }
  return text::parse_decimal(cell);
}

std::optional<std::size_t> TableReader::find(std::string_view column) const {
  for (std::size_t i = 0; i < table_.columns.size(); ++i) {
    if (same_name(table_.columns[i], column)) {
      return i;
    }
  }
  return std::nullopt;
}

std::optional<std::size_t> TableReader::find_any(
    std::initializer_list<std::string_view> columns) const {
  for (std::string_view column : columns) {
    if (std::optional<std::size_t> i = find(column)) {
      return i;
    }
  }
  return std::nullopt;
}

std::size_t TableReader::require(std::string_view column) const {
  if (std::optional<std::size_t> i = find(column)) {
    return *i;
  }
  throw ParseError(std::string(file_), table_.header_line,
                   "column " + std::string(column) + " in START_" + table_.name + " header",
                   quote_found(table_.header_text));
}

std::uint64_t TableReader::number(const CsvRow& row, std::size_t column, std::uint64_t max) const {
  std::string_view text = cell(row, column);
  std::optional<std::uint64_t> value = parse_number(text);
  if (!value || *value > max) {
    fail(row, "a number up to " + std::to_string(max) + " in column " + table_.columns.at(column),
         text);
  }
  return *value;
}

std::optional<std::uint64_t> TableReader::optional_number(const CsvRow& row,
                                                          std::optional<std::size_t> column,
                                                          std::uint64_t max) const {
  if (!column || cell(row, *column).empty() || cell(row, *column) == "N/A") {
    return std::nullopt;
  }
  return number(row, *column, max);
}

void TableReader::fail(const CsvRow& row, const std::string& expected,
                       std::string_view found) const {
  throw ParseError(std::string(file_), row.line, expected, quote_found(found));
}

}  // namespace ibatlas::ibdiagnet
