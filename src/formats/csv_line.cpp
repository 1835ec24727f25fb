#include "formats/csv_line.hpp"

#include <algorithm>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::string_view kBlanks = " \t";

// The quoted field whose opening '"' is at line[i]; i moves past the closing quote and the
// blanks after it. False (and `out` has the error) when the quote is never closed or text
// other than a comma follows it.
bool quoted_field(std::string_view line, std::size_t& i, CsvLine& out) {
  std::string value;
  for (++i; i < line.size(); ++i) {
    if (line[i] != '"') {
      value += line[i];
    } else if (i + 1 < line.size() && line[i + 1] == '"') {
      value += '"';
      ++i;
    } else {
      i = std::min(line.find_first_not_of(kBlanks, i + 1), line.size());
      if (i < line.size() && line[i] != ',') {
        out.expected = "',' after a quoted field";
        out.found = quote_found(line.substr(i));
        return false;
      }
      out.fields.push_back(std::move(value));
      return true;
    }
  }
  out.expected = "a closing '\"'";
  out.found = "end of line";
  return false;
}

}  // namespace

CsvLine split_csv_line(std::string_view line) {
  CsvLine out;
  for (std::size_t i = 0;; ++i) {  // ++i steps over the comma
    i = std::min(line.find_first_not_of(kBlanks, i), line.size());
    if (i < line.size() && line[i] == '"') {
      if (!quoted_field(line, i, out)) {
        out.fields.clear();
        return out;
      }
    } else {
      std::size_t end = std::min(line.find(',', i), line.size());
      out.fields.emplace_back(text::trim(line.substr(i, end - i)));
      i = end;
    }
    if (i >= line.size()) {
      return out;
    }
  }
}

}  // namespace ibatlas
