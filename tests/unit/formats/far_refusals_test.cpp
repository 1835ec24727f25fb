// What the .far reader refuses: every malformed case with its exact "file:line: expected
// ..., found ..." message, and a dump that asks for far more entries than its size could
// list (the memory bound, docs/formats.md).

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/far.hpp"

namespace ibatlas {
namespace {

struct BadCase {
  std::string text;
  std::string message;
};

// Lines 1-5: the version, a switch and the groups' header.
constexpr std::string_view kGroups =
    "File version: 1\nSwitch 0x0002c90300000001\nGroups Definition:\n"
    "Group Sub Group WHBF Ports\n----\n";
// Lines 6-9 after kGroups: pLFT 0 up to LID 5.
constexpr std::string_view kLft =
    "LFT Definition:\nPLFT_NUM: 0 , top: 0x0005\nLID Static Port Lid State Group\n----\n";

std::string groups(std::string_view rest) {
  return std::string(kGroups) + std::string(rest);
}

std::string lft(std::string_view rest) {
  return std::string(kGroups) + std::string(kLft) + std::string(rest);
}

std::vector<BadCase> bad_cases() {
  return {
      {"", "t.far:1: expected \"File version: N\", found end of file"},
      {"Switch 0x0002c90300000001\n",
       "t.far:1: expected \"File version: N\", found \"Switch 0x0002c90300000001\""},
      {"# c\nFile version: x\n",
       "t.far:2: expected \"File version: N\", found \"File version: x\""},
      {"File version: 1\nhello\n",
       "t.far:2: expected a switch line \"Switch 0x<16 hex digits>\", found \"hello\""},
      {"File version: 1\nSwitch 0x1234\n",
       "t.far:2: expected a switch line \"Switch 0x<16 hex digits>\", found \"Switch 0x1234\""},
      {"File version: 1\nSwitch 0x0002c90300000001\nfoo\n",
       "t.far:3: expected \"Groups Definition:\", found end of file"},
      {"File version: 1\nSwitch 0x0002c90300000001\nSwitch 0x0002c90300000002\n",
       "t.far:3: expected \"Groups Definition:\" before the next switch, found "
       "\"Switch 0x0002c90300000002\""},
      {"File version: 1\nSwitch 0x0002c90300000001\nLFT Definition:\n",
       "t.far:3: expected \"Groups Definition:\" before \"LFT Definition:\", found "
       "\"LFT Definition:\""},
      {"File version: 1\nSwitch 0x0002c90300000001\nGroups Definition:\n1 0 0 1,2,\n",
       "t.far:4: expected the column header \"Group Sub Group WHBF Ports\", found \"1 0 0 1,2,\""},
      {"File version: 1\nSwitch 0x0002c90300000001\nGroups Definition:\n"
       "Group Sub Group WHBF Ports\n1 0 0 1,2,\n",
       "t.far:5: expected a line of dashes under the column header, found \"1 0 0 1,2,\""},
      {groups("1 0 0 1,255,\n"),
       "t.far:6: expected a group port number of at most 254, found \"255\""},
      {groups("1 0 0 1,2\n"),
       "t.far:6: expected a port list \"PORT,PORT,...,\" (each port followed by a comma), found "
       "\"1,2\""},
      {groups("1 0 0 2,2,\n"),
       "t.far:6: expected each port once in a sub-group, found port 2 twice"},
      {groups("1 0 0 1,\n1 0 0 2,\n"),
       "t.far:7: expected each sub-group once per switch, found group 1 sub-group 0 again (first "
       "on line 6)"},
      {groups("1 0 x 1,\n"),
       "t.far:6: expected a group row \"GROUP SUB_GROUP WHBF PORT,PORT,...,\", found \"1 0 x 1,\""},
      {groups("65536 0 0 1,\n"),
       "t.far:6: expected a group number of at most 65535, found \"65536\""},
      {groups("1 256 0 1,\n"),
       "t.far:6: expected a sub-group number of at most 255, found \"256\""},
      {groups("1 0 0 1,\n"), "t.far:6: expected \"LFT Definition:\", found end of file"},
      {groups("1 0 0 1,\nSwitch 0x0002c90300000002\n"),
       "t.far:7: expected \"LFT Definition:\" before the next switch, found \"Switch "
       "0x0002c90300000002\""},
      {groups("LFT Definition:\nPLFT_NUM 0 top 0x5\n"),
       "t.far:7: expected \"PLFT_NUM: N , top: 0xTOP\", found \"PLFT_NUM 0 top 0x5\""},
      {groups("LFT Definition:\nPLFT_NUM: 0 , top: 5\n"),
       "t.far:7: expected \"PLFT_NUM: N , top: 0xTOP\", found \"PLFT_NUM: 0 , top: 5\""},
      {groups("LFT Definition:\nPLFT_NUM: 0 , top: 0xc000\n"),
       "t.far:7: expected a top LID of at most 0xbfff, found \"0xc000\""},
      {groups("LFT Definition:\nPLFT_NUM: 256 , top: 0x1\n"),
       "t.far:7: expected a pLFT number of at most 255, found \"256\""},
      {groups("LFT Definition:\nPLFT_NUM: 0 , top: 0x5\n0x0001 1 Free 1\n"),
       "t.far:8: expected the column header \"LID Static Port Lid State Group\", found "
       "\"0x0001 1 Free 1\""},
      {groups("LFT Definition:\nPLFT_NUM: 0 , top: 0x5\n"),
       "t.far:7: expected the rest of the switch's tables, found end of file"},
      {lft("LFT Definition:\nPLFT_NUM: 0 , top: 0x1\n"),
       "t.far:11: expected each pLFT once per switch, found \"PLFT_NUM: 0 , top: 0x1\" again "
       "(first on line 7)"},
      {lft("0x0006 1 Free 1\n"),
       "t.far:10: expected a LID of at most the top 0x0005, found \"0x0006\""},
      {lft("12 1 Free 1\n"), "t.far:10: expected a LID in hex (\"0x...\"), found \"12\""},
      {lft("0xg 1 Free 1\n"), "t.far:10: expected a LID in hex (\"0x...\"), found \"0xg\""},
      {lft("0x0001 1 Adaptive 1\n"),
       "t.far:10: expected a LID state (Static, Free, Bounded or HBF), found \"Adaptive\""},
      {lft("0x0001 256 Free 1\n"),
       "t.far:10: expected a static port number of at most 255, found \"256\""},
      {lft("0x0001 1 Free 70000\n"),
       "t.far:10: expected a group number of at most 65535, found \"70000\""},
      {lft("0x0001 1 Free 1\n0x1 2 Free 1\n"),
       "t.far:11: expected each LID once per pLFT, found 0x0001 again (first on line 10)"},
      {lft("0x0001 1 Free\n"),
       "t.far:10: expected an LFT row \"0xLID STATIC_PORT STATE GROUP\", found \"0x0001 1 Free\""},
      {lft("0x0001 1 Free 1 9\n"),
       "t.far:10: expected an LFT row \"0xLID STATIC_PORT STATE GROUP\", found \"0x0001 1 Free 1 "
       "9\""},
      {lft("Groups Definition:\n"),
       "t.far:10: expected an LFT row \"0xLID STATIC_PORT STATE GROUP\", found \"Groups "
       "Definition:\""},
      {lft("Switch 0x0002c90300000001\n"),
       "t.far:10: expected each switch once, found \"Switch 0x0002c90300000001\" again (first on "
       "line 2)"},
  };
}

TEST(FarTest, RejectsEachMalformedCaseWithFileAndLine) {
  for (const BadCase& c : bad_cases()) {
    SCOPED_TRACE(c.text);
    try {
      read_far(c.text, "t.far");
      ADD_FAILURE() << "accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(std::string(e.what()), c.message);
    }
  }
}

TEST(FarTest, ABlockAskingForFarMoreEntriesThanTheFileCouldListIsRefused) {
  // Each switch is 8 lines, 152 bytes, and asks for 49,152 entries (top 0xbfff): the 1,000 of
  // them would take 49 million entries (390 MB) from a 152 kB file. The budget, 16 entries a
  // byte plus 65,536 (2,497,792), holds 50 such blocks; the 51st switch's pLFT line, its 6th
  // line, is line 1 + 8 * 50 + 6 = 407.
  std::string crafted = "File version: 1\n";
  for (int i = 0; i < 1000; ++i) {
    char guid[32];
    std::snprintf(guid, sizeof guid, "Switch 0x%016x\n", i + 1);
    crafted += guid;
    crafted += "Groups Definition:\nGroup Sub Group WHBF Ports\n--\nLFT Definition:\n";
    crafted += "PLFT_NUM: 0 , top: 0xbfff\nLID Static Port Lid State Group\n--\n";
  }
  try {
    read_far(crafted, "big.far");
    ADD_FAILURE() << "accepted";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 407U) << e.what();
    EXPECT_NE(std::string(e.what()).find("a top a dump of this size can hold"), std::string::npos);
  }
  // A real dump of the same top lists its LIDs, and fits: 49,152 rows of 16 bytes.
  std::string listed =
      "File version: 1\nSwitch 0x0000000000000001\nGroups Definition:\nGroup Sub Group WHBF "
      "Ports\n--\n"
      "LFT Definition:\nPLFT_NUM: 0 , top: 0xbfff\nLID Static Port Lid State Group\n--\n";
  for (int lid = 0; lid <= 0xbfff; ++lid) {
    char row[32];
    std::snprintf(row, sizeof row, "0x%04x 1 Static 0\n", lid);
    listed += row;
  }
  EXPECT_EQ(read_far(listed, "listed.far").switches.at(0).lfts.at(0).entries.size(), 0xc000U);
}

}  // namespace
}  // namespace ibatlas
