// diff's text report on the table writer (report/diff_text.hpp): the layout of diff(1) at no
// limit, a long change wrapped under its own text at 40 columns, the tones of what appeared
// and what went. The expected lines are written by hand from format_change's documented form.

#include "ibatlas/report/diff_text.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

FabricDiff two_changes() {
  FabricDiff d;
  d.before.source = "old.txt";
  d.after.source = "new.txt";
  Change added;
  added.kind = ChangeKind::NodeAdded;
  added.at = PortRef{0x30, std::nullopt, "spine-01"};
  added.after = "Switch";
  Change removed;
  removed.kind = ChangeKind::CableRemoved;
  removed.at = PortRef{0x10, 1, "host01"};
  removed.peer_before = PortRef{0x20, 5, "leaf"};
  d.changes = {added, removed};  // report order: node kinds first
  return d;
}

std::string written(const FabricDiff& d, TextStyle style) {
  std::ostringstream out;
  write_diff_text(d, style, out);
  return out.str();
}

TEST(DiffTextTest, NoLimitKeepsOneChangePerLine) {
  EXPECT_EQ(written(two_changes(), {}),
            "--- old.txt\n"
            "+++ new.txt\n"
            "2 changes: 1 node.added, 1 cable.removed\n"
            "\n"
            "nodes added (1):\n"
            "  + 0x0000000000000030 \"spine-01\" (Switch)\n"
            "\n"
            "cables removed (1):\n"
            "  - 0x0000000000000010[1] \"host01\" <-> 0x0000000000000020[5] \"leaf\"\n");
}

TEST(DiffTextTest, LongChangeWrapsUnderItsOwnText) {
  // 40 columns: the change starts after 2 blanks (38 left) and goes on after 6 (34 left).
  // "- 0x0000000000000010[1] \"host01\" <->" is 36, the far end 28.
  std::string text = written(two_changes(), {.width = 40});
  EXPECT_NE(text.find("  - 0x0000000000000010[1] \"host01\" <->\n"
                      "      0x0000000000000020[5] \"leaf\"\n"),
            std::string::npos)
      << text;
  // "+ 0x0000000000000030 \"spine-01\" (Switch)" is 40: 2 more than the first line has.
  EXPECT_NE(text.find("  + 0x0000000000000030 \"spine-01\"\n      (Switch)\n"), std::string::npos)
      << text;
}

TEST(DiffTextTest, ColourGreenForWhatAppearedRedForWhatWent) {
  std::string text = written(two_changes(), {.colour = true});
  EXPECT_NE(text.find("\033[31m--- old.txt\033[0m\n\033[32m+++ new.txt\033[0m\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  \033[32m+ 0x0000000000000030 \"spine-01\" (Switch)\033[0m\n"),
            std::string::npos);
  EXPECT_NE(text.find("  \033[31m- 0x0000000000000010[1]"), std::string::npos);
  EXPECT_EQ(change_tone(ChangeKind::CableMoved), Tone::Changed);
  EXPECT_EQ(change_tone(ChangeKind::LinkDegraded), Tone::Removed);
}

TEST(DiffTextTest, SameSnapshotsPrintOnlyTheNotes) {
  FabricDiff d;
  d.notes = {"AR state of 1 switch in OLD only: not compared"};
  EXPECT_EQ(written(d, {.width = 30}),
            "note: AR state of 1 switch in\n"
            "      OLD only: not compared\n");
}

}  // namespace
}  // namespace ibatlas
