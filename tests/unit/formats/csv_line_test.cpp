// The one CSV splitter of the plan, NDT and db_csv readers. Expected values follow RFC 4180
// and the quoting rules in csv_line.hpp, worked out by hand.

#include "formats/csv_line.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

using Fields = std::vector<std::string>;

TEST(CsvLineTest, SplitsOnCommasAndDropsBlanksAroundFields) {
  CsvLine line = split_csv_line("  a ,\tb b ,c");
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line.fields, (Fields{"a", "b b", "c"}));
}

TEST(CsvLineTest, EmptyFieldsAreKept) {
  EXPECT_EQ(split_csv_line("").fields, (Fields{""}));
  EXPECT_EQ(split_csv_line(",").fields, (Fields{"", ""}));
  EXPECT_EQ(split_csv_line("a,,b,").fields, (Fields{"a", "", "b", ""}));
}

TEST(CsvLineTest, QuotedFieldsHoldCommasQuotesAndTheirOwnBlanks) {
  CsvLine line = split_csv_line(R"("S1, rack 2" , " x ","say ""hi""",z)");
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line.fields, (Fields{"S1, rack 2", " x ", R"(say "hi")", "z"}));
}

TEST(CsvLineTest, TextAfterAClosingQuoteIsAnError) {
  CsvLine line = split_csv_line(R"(a,"b"c,d)");
  EXPECT_FALSE(line.ok());
  EXPECT_EQ(line.expected, "',' after a quoted field");
  EXPECT_NE(line.found.find("c,d"), std::string::npos) << line.found;
  EXPECT_TRUE(line.fields.empty());
}

TEST(CsvLineTest, AnUnclosedQuoteIsAnError) {
  CsvLine line = split_csv_line(R"(a,"b,c)");
  EXPECT_FALSE(line.ok());
  EXPECT_EQ(line.expected, "a closing '\"'");
  EXPECT_EQ(line.found, "end of line");
}

}  // namespace
}  // namespace ibatlas
