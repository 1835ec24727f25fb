// The table writer (report/table.hpp): widths at 80, 120 and no limit, a long message wrapped
// under itself, escaped control bytes and UTF-8 measured as a terminal shows them. Every
// expected value is counted by hand in the comments.

#include "ibatlas/report/table.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

std::string written(const Table& table, TextStyle style) {
  std::ostringstream out;
  table.write(out, style);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

// The columns of `check`: 8 ("SEVERITY"), 23 ("link.unknown_capability"), a 50-column
// location and a 200-column message.
Table check_like() {
  Table t({{"SEVERITY"}, {"CHECK"}, {"LOCATION", true, 16}, {"MESSAGE", true, 24}});
  t.add_row({{"warning"},
             {"link.unknown_capability"},
             {std::string(20, 'l') + " port 1 <-> " + std::string(23, 'r')},  // 20+12+23 = 55
             {std::string(199, 'm') + "."}});
  return t;
}

TEST(DisplayWidthTest, CountsColumnsNotBytes) {
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("\xC3\xA9"), 1u);                  // é, U+00E9: 2 bytes, 1 column
  EXPECT_EQ(display_width("e\xCC\x81"), 1u);                 // e + U+0301 combining acute
  EXPECT_EQ(display_width("\xE6\x97\xA5\xE6\x9C\xAC"), 4u);  // 日本: 2 wide characters
  EXPECT_EQ(display_width("\xF0\x9F\x94\xA5"), 2u);          // U+1F525, an emoji: wide
  EXPECT_EQ(display_width("a\xFF"
                          "b"),
            3u);                               // a stray byte takes 1
  EXPECT_EQ(display_width("h\\x1b[31m"), 9u);  // escaped ESC: the 4 characters \x1b
}

TEST(WrapTextTest, BreaksAtBlanksAndSplitsWordsLongerThanALine) {
  EXPECT_EQ(wrap_text("the quick brown fox", 10),
            (std::vector<std::string>{"the quick", "brown fox"}));
  EXPECT_EQ(wrap_text("abcdefghijkl", 5), (std::vector<std::string>{"abcde", "fghij", "kl"}));
  EXPECT_EQ(wrap_text("ab abcdefgh", 5), (std::vector<std::string>{"ab", "abcde", "fgh"}));
  EXPECT_EQ(wrap_text("no  limit  here", 0), (std::vector<std::string>{"no  limit  here"}));
  // 日本語 is 6 columns: 4 fit in the first line, the third character goes to the second.
  EXPECT_EQ(wrap_text("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", 5),
            (std::vector<std::string>{"\xE6\x97\xA5\xE6\x9C\xAC", "\xE8\xAA\x9E"}));
}

TEST(TableTest, NoLimitKeepsEveryRowOnOneLine) {
  Table t({{"SEV"}, {"CHECK"}, {"MESSAGE", true, 5}});
  t.add_row({{"error"}, {"a.b"}, {"one two three four five six seven"}});
  t.add_note(1, {"fix: reseat the cable"});
  // SEV is as wide as "error" (5), CHECK as "CHECK" (5), two blanks between columns.
  EXPECT_EQ(written(t, {}),
            "SEV    CHECK  MESSAGE\n"
            "error  a.b    one two three four five six seven\n"
            "       fix: reseat the cable\n");
}

TEST(TableTest, LongMessageWrapsUnderItself) {
  Table t({{"SEV"}, {"CHECK"}, {"MESSAGE", true, 5}});
  t.add_row({{"error"}, {"a.b"}, {"one two three four five six seven"}});
  t.add_note(1, {"fix: reseat the cable and look at both ends"});
  // 30 columns: 5 + 2 + 5 + 2 = 14 before the message, 16 for it. The note starts under
  // CHECK (column 7) and has 23 columns.
  EXPECT_EQ(written(t, {.width = 30}),
            "SEV    CHECK  MESSAGE\n"
            "error  a.b    one two three\n"
            "              four five six\n"
            "              seven\n"
            "       fix: reseat the cable\n"
            "       and look at both ends\n");
}

TEST(TableTest, WidthsAtOneTwentyEightyAndNoLimit) {
  Table t = check_like();
  // No limit: each column as wide as its widest cell.
  EXPECT_EQ(t.column_widths(0), (std::vector<std::size_t>{8, 23, 55, 200}));
  // 120: 8 + 23 + 6 blanks leave 83. The message shrinks alone to 55, then the two take a
  // column in turn, the location first on a tie: 55 + 55 - 83 = 27 columns, 14 from the
  // location and 13 from the message.
  EXPECT_EQ(t.column_widths(120), (std::vector<std::size_t>{8, 23, 41, 42}));
  // 80: 43 left, 67 to take in turn; the message stops at its minimum 24 (31 taken, as
  // many from the location), the other 5 come from the location: 19.
  EXPECT_EQ(t.column_widths(80), (std::vector<std::size_t>{8, 23, 19, 24}));
  // 60: 23 left, not even the minimums (16 + 24): they stay, the line is 77 wide.
  EXPECT_EQ(t.column_widths(60), (std::vector<std::size_t>{8, 23, 16, 24}));
}

TEST(TableTest, EveryLineFitsAndNothingIsLost) {
  Table t = check_like();
  t.add_note(2, {"fix: " + std::string(100, 'f')});
  for (std::size_t width : {80u, 120u}) {
    std::string text = written(t, {.width = width});
    std::size_t ms = 0;
    std::size_t fs = 0;
    for (const std::string& line : lines_of(text)) {
      EXPECT_LE(display_width(line), width) << line;
      EXPECT_NE(line.back(), ' ') << "no trailing blank: " << line;
      ms += static_cast<std::size_t>(std::count(line.begin(), line.end(), 'm'));
      fs += static_cast<std::size_t>(std::count(line.begin(), line.end(), 'f'));
    }
    EXPECT_EQ(ms, 199u) << text;
    EXPECT_EQ(fs, 101u) << text;  // the 100 and the one of "fix:"
  }
  EXPECT_EQ(lines_of(written(t, {})).size(), 3u) << "header, row, note";
}

TEST(TableTest, EscapedControlBytesCountAsTheirText) {
  Table t({{"NAME"}, {"STATE"}});
  t.add_row({{"h\\x1b[31m"}, {"down"}});  // what text::printable makes of "h" ESC "[31m"
  t.add_row({{"leaf"}, {"up"}});
  std::string text = written(t, {.width = 80});
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text,
            "NAME       STATE\n"
            "h\\x1b[31m  down\n"
            "leaf       up\n");
}

TEST(TableTest, WideCharactersAlignTheNextColumn) {
  Table t({{"A"}, {"B"}});
  t.add_row({{"\xE6\x97\xA5\xE6\x9C\xAC"}, {"x"}});  // 日本: 4 columns, 6 bytes
  t.add_row({{"abcdef"}, {"y"}});
  t.add_row({{"e\xCC\x81"}, {"z"}});  // é as e and a combining mark: 1 column
  EXPECT_EQ(written(t, {}),
            "A       B\n"
            "\xE6\x97\xA5\xE6\x9C\xAC    x\n"
            "abcdef  y\n"
            "e\xCC\x81       z\n");
}

TEST(TableTest, NumbersAlignRight) {
  Table t({{"GROUP"}, {"LINKS", false, 0, true}});
  t.add_row({{"leaf, up"}, {"12"}});
  t.add_row({{"spine, down"}, {"7"}});
  // GROUP is 11 wide ("spine, down"), LINKS 5 from column 13: "12" from 16, "7" from 17.
  EXPECT_EQ(written(t, {.width = 80}),
            "GROUP        LINKS\n"
            "leaf, up        12\n"
            "spine, down      7\n");
}

TEST(TableTest, ColourWrapsEachPieceAndKeepsTheAlignment) {
  Table t({{"SEV"}, {"WHAT"}});
  t.add_row({{"error", Tone::Error}, {"x"}});
  t.add_row({{"info", Tone::Info}, {"y"}});
  EXPECT_EQ(written(t, {.colour = true}),
            "SEV    WHAT\n"
            "\033[1;31merror\033[0m  x\n"
            "\033[36minfo\033[0m   y\n");
  EXPECT_EQ(written(t, {}), "SEV    WHAT\nerror  x\ninfo   y\n");
  EXPECT_EQ(toned("gone", Tone::Removed, true), "\033[31mgone\033[0m");
  EXPECT_EQ(toned("new", Tone::Added, true), "\033[32mnew\033[0m");
  EXPECT_EQ(toned("new", Tone::Added, false), "new");
}

}  // namespace
}  // namespace ibatlas
