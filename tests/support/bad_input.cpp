#include "support/bad_input.hpp"

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas::test {

void expect_each_rejected(
    std::string_view valid, std::span<const BadInputCase> cases,
    const std::function<void(const std::string& text, const std::string& file)>& read) {
  ASSERT_NO_THROW(read(std::string(valid), "ok.txt"));
  for (const BadInputCase& c : cases) {
    SCOPED_TRACE(c.what);
    std::string text(valid);
    std::size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << "the case's `from` is not in the valid text";
    text.replace(at, std::string_view(c.from).size(), c.to);
    try {
      read(text, "bad.txt");
      ADD_FAILURE() << "accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.line(), c.line) << e.what();
      EXPECT_EQ(e.file(), "bad.txt");
      std::string prefix = "bad.txt:" + std::to_string(c.line) + ": expected ";
      EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0U) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
}

}  // namespace ibatlas::test
