#pragma once

// Table-driven tests of bad input: each case edits a valid text (the first occurrence of
// `from` becomes `to`) and names the line and a piece of the message the reader must give.

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace ibatlas::test {

struct BadInputCase {
  const char* what;  // shown when the case fails
  const char* from;
  const char* to;
  std::size_t line;
  const char* message;  // a piece of the expected message
};

// `read(text, file)` must throw ParseError for every edited text: at the case's line, in
// `file`, with the house form "file:line: expected ..." and the case's message piece in it.
// The unedited text must read without error.
void expect_each_rejected(
    std::string_view valid, std::span<const BadInputCase> cases,
    const std::function<void(const std::string& text, const std::string& file)>& read);

}  // namespace ibatlas::test
