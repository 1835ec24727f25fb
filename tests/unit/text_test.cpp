// The private text utility every reader and writer shares: tokens, numbers, GUID text and
// UTF-8 cleaning, on the edge cases the readers used to handle each in their own copy.

#include "text.hpp"

#include <gtest/gtest.h>

namespace ibatlas::text {
namespace {

TEST(TextTest, NextTokenSplitsOnBlanksOnly) {
  std::string_view rest = " \tSW  12\f3\t";
  EXPECT_EQ(next_token(rest), "SW");
  EXPECT_EQ(rest, "  12\f3\t");
  EXPECT_EQ(next_token(rest), "12\f3");  // a form feed is part of a token
  EXPECT_EQ(next_token(rest), "");
  EXPECT_EQ(rest, "");
}

TEST(TextTest, NextTrimmedTokenSkipsEveryKindOfWhiteSpace) {
  std::string_view rest = "\f 0x0001 \v002\v";
  EXPECT_EQ(next_trimmed_token(rest), "0x0001");
  EXPECT_EQ(next_trimmed_token(rest), "002");
  EXPECT_EQ(rest, "");
}

TEST(TextTest, AllDigitsNeedsAtLeastOne) {
  EXPECT_TRUE(all_digits("0123"));
  EXPECT_FALSE(all_digits(""));
  EXPECT_FALSE(all_digits("12a"));
  EXPECT_TRUE(all_hex_digits("7cfeABC0"));
  EXPECT_FALSE(all_hex_digits("7cfg"));
  EXPECT_TRUE(all_alnum("b8cef60300xxxxxx"));
  EXPECT_FALSE(all_alnum("a-b"));
}

TEST(TextTest, ParseCNumberReadsLikeStrtoullBaseZero) {
  EXPECT_EQ(parse_c_number("0x0002c9030008e6d4"), 0x0002c9030008e6d4U);
  EXPECT_EQ(parse_c_number("0X1f"), 0x1fU);
  EXPECT_EQ(parse_c_number("017"), 017U);
  EXPECT_EQ(parse_c_number("0"), 0U);
  EXPECT_EQ(parse_c_number("42"), 42U);
  EXPECT_EQ(parse_c_number("0002c9"), std::nullopt);  // octal, and 'c' is no octal digit
  EXPECT_EQ(parse_c_number("0x"), std::nullopt);
  EXPECT_EQ(parse_c_number(" 1"), std::nullopt);
  EXPECT_EQ(parse_c_number("-1"), std::nullopt);
  EXPECT_EQ(parse_c_number("0x10000000000000000"), std::nullopt);
}

TEST(TextTest, GuidTextIsSixteenDigitsAndParsesBack) {
  EXPECT_EQ(guid_text(0x2c90300000100U), "0x0002c90300000100");
  EXPECT_EQ(guid_text(~std::uint64_t{0}), "0xffffffffffffffff");
  EXPECT_EQ(parse_hex(guid_text(0x7cfe9003009ce5b0U)), 0x7cfe9003009ce5b0U);
  EXPECT_EQ(hex_text(0x12, 4), "0x0012");
  EXPECT_EQ(hex_text(0x12345, 4), "0x12345");
}

TEST(TextTest, CleanUtf8ReplacesWhatTheControlsSay) {
  const std::string_view input = "a\tb\nc\rd\x01\x7f\xff\xc3\xa9";
  EXPECT_EQ(clean_utf8(input, Controls::Keep), "a\tb\nc\rd\x01\x7f\xEF\xBF\xBD\xc3\xa9");
  EXPECT_EQ(clean_utf8(input, Controls::Xml), "a\tb\nc\rd\xEF\xBF\xBD\x7f\xEF\xBF\xBD\xc3\xa9");
  EXPECT_EQ(clean_utf8(input, Controls::Label, "?"), "a\tb\nc?d???\xc3\xa9");
}

TEST(TextTest, CleanUtf8RejectsOverlongAndSurrogateForms) {
  EXPECT_EQ(clean_utf8("\xc0\xaf", Controls::Keep, "?"), "??");
  EXPECT_EQ(clean_utf8("\xed\xa0\x80", Controls::Keep, "?"), "???");
  EXPECT_EQ(clean_utf8("\xf4\x90\x80\x80", Controls::Keep, "?"), "????");
}

TEST(TextTest, PrintableEscapesControlsAndKeepsUtf8) {
  EXPECT_EQ(printable("node01 HCA-1"), "node01 HCA-1");
  EXPECT_EQ(printable("\x1b[31mred\x1b]0;pwned\x07"), "\\x1b[31mred\\x1b]0;pwned\\x07");
  EXPECT_EQ(printable(std::string_view("a\0b\n\t\x7f", 6)), "a\\x00b\\x0a\\x09\\x7f");
  EXPECT_EQ(printable("n\xc5\x93ud"), "n\xc5\x93ud");  // U+0153 is kept
  EXPECT_EQ(printable("\xc2\x9b"
                      "2J"),
            "\\u009b2J");  // C1 CSI, as UTF-8
  EXPECT_EQ(printable("\x9b"
                      "2J \xff"),
            "\\x9b2J \\xff");                  // bytes that are not UTF-8
  EXPECT_EQ(printable("a\\x1b"), "a\\\\x1b");  // a backslash is doubled: reversible
  EXPECT_EQ(printable(""), "");
  // Bidirectional controls: RLO (U+202E), LRI (U+2066), RLM (U+200F); U+2010 (a hyphen) kept.
  EXPECT_EQ(printable("sw\xe2\x80\xae"
                      "1fael"),
            "sw\\u202e1fael");
  EXPECT_EQ(printable("\xe2\x81\xa6x\xe2\x80\x8f"), "\\u2066x\\u200f");
  EXPECT_EQ(printable("a\xe2\x80\x90"
                      "b"),
            "a\xe2\x80\x90"
            "b");
}

}  // namespace
}  // namespace ibatlas::text
