#pragma once

// Fatal errors. Thrown where work cannot continue and caught once, in apps/ (STYLE.md 7.6).
// Partial failures are data (DiscoveryReport, Finding), never exceptions.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ibatlas {

// Anything that stops a command: a file that cannot be opened, a umad port that will not
// open. what() is the whole message, ready to print after "ibatlas: ".
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Malformed input. what() reads "file:line: expected X, found Y".
class ParseError : public Error {
 public:
  ParseError(std::string file, std::size_t line, const std::string& expected,
             const std::string& found);

  const std::string& file() const { return file_; }

  std::size_t line() const { return line_; }

 private:
  std::string file_;
  std::size_t line_;
};

// Quotes a piece of input for an error message: "Swtich", cut to a readable length,
// control characters escaped as in the text reports ("\x1b", docs/cli.md "Text output");
// "end of line" for an empty piece.
std::string quote_found(std::string_view text);

// Input text shown on a terminal: control characters, invalid UTF-8 and backslashes
// escaped ("\x1b"), as the text reports show node descriptions (docs/cli.md, "Text output").
std::string printable_input(std::string_view text);

}  // namespace ibatlas
