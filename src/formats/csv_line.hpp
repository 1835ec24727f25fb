#pragma once

// One line of comma-separated values, for the three CSV readers (plan CSV, UFM NDT,
// ibdiagnet2.db_csv): the one splitter, so a quoting rule is fixed once.

#include <string>
#include <string_view>
#include <vector>

namespace ibatlas {

// Quoting as RFC 4180: a field in double quotes may hold commas, and `""` inside it stands
// for one quote. Blanks (spaces, tabs) around a field are dropped; a quoted field keeps the
// blanks inside its quotes. After a closing quote only blanks may come before the comma.
struct CsvLine {
  std::vector<std::string> fields;
  // Both empty when the line is well formed; else for the caller's ParseError at its
  // file:line: what was expected and what was found.
  std::string expected;
  std::string found;

  bool ok() const { return expected.empty(); }
};

CsvLine split_csv_line(std::string_view line);

}  // namespace ibatlas
