// infiniband-diags' error_thresholds files, as ibqueryerrors' set_thresholds() reads them
// (rdma-core infiniband-diags/ibqueryerrors.c and the shipped etc/error_thresholds), with
// unknown names and bad values made errors.

#include "ibatlas/formats/error_thresholds.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

std::string error_of(const std::string& text) {
  try {
    read_error_thresholds(text, "thr");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ErrorThresholdsTest, ShippedFileAllCommentedKeepsTheDefaults) {
  // rdma-core's etc/error_thresholds as shipped: every line commented out.
  ThresholdFile file = read_error_thresholds(
      "# Define error thresholds here\n\n#SymbolErrorCounter=10\n#LinkDownedCounter=10\n"
      "#PortXmitWait=1000\n",
      "thr");
  EXPECT_TRUE(file.set.empty());
  EXPECT_TRUE(file.unchecked.empty());
  EXPECT_EQ(file.thresholds.symbol_errors, 10u);
  EXPECT_EQ(file.thresholds.vl15_dropped, 100u);
}

TEST(ErrorThresholdsTest, SetsNamedCountersAndKeepsTheRest) {
  ThresholdFile file = read_error_thresholds(
      "SymbolErrorCounter=500\n"
      "  LinkDownedCounter = 0x20   # hex, blanks and a trailing comment\n"
      "PortRcvErrors=017\n"  // octal, as strtoul(.., 0)
      "VL15Dropped=0\n",
      "thr");
  EXPECT_EQ(file.thresholds.symbol_errors, 500u);
  EXPECT_EQ(file.thresholds.link_downed, 32u);
  EXPECT_EQ(file.thresholds.rcv_errors, 15u);
  EXPECT_EQ(file.thresholds.vl15_dropped, 0u);
  EXPECT_EQ(file.thresholds.xmit_discards, 100u);  // not named: the default
  EXPECT_EQ(file.set, (std::vector<std::string>{"SymbolErrorCounter", "LinkDownedCounter",
                                                "PortRcvErrors", "VL15Dropped"}));
}

TEST(ErrorThresholdsTest, LastValueWinsAndBaseFillsTheRest) {
  CounterThresholds base;
  base.xmit_discards = 7;
  ThresholdFile file =
      read_error_thresholds("SymbolErrorCounter=1\r\nSymbolErrorCounter=2\r\n", "thr", base);
  EXPECT_EQ(file.thresholds.symbol_errors, 2u);
  EXPECT_EQ(file.thresholds.xmit_discards, 7u);
}

TEST(ErrorThresholdsTest, PortXmitWaitIsReadButUnchecked) {
  ThresholdFile file = read_error_thresholds("PortXmitWait=1000\n", "thr");
  EXPECT_TRUE(file.set.empty());
  EXPECT_EQ(file.unchecked, std::vector<std::string>{"PortXmitWait"});
}

TEST(ErrorThresholdsTest, UnknownNameIsAnErrorWithItsLine) {
  std::string e = error_of("# ok\nSymbolErrorCounter=5\nSymbolErrors=5\n");
  EXPECT_TRUE(e.starts_with("thr:3: expected a counter name: SymbolErrorCounter,")) << e;
  EXPECT_TRUE(e.ends_with("found \"SymbolErrors\"")) << e;
}

TEST(ErrorThresholdsTest, BadValuesAreErrors) {
  struct Case {
    std::string text;
    std::string found;
  };

  const std::vector<Case> cases = {
      {"LinkDownedCounter=ten\n", "\"ten\""},
      {"LinkDownedCounter=\n", "end of line"},
      {"LinkDownedCounter=-1\n", "\"-1\""},
      {"LinkDownedCounter=08\n", "\"08\""},                                      // not octal
      {"LinkDownedCounter=18446744073709551616\n", "\"18446744073709551616\""},  // 2^64
  };
  for (const Case& c : cases) {
    std::string e = error_of(c.text);
    EXPECT_EQ(e, "thr:1: expected a count (decimal, 0x hex or 0-led octal), found " + c.found)
        << c.text;
  }
}

TEST(ErrorThresholdsTest, LineWithoutEqualsIsAnError) {
  EXPECT_EQ(error_of("\nSymbolErrorCounter 10\n"),
            "thr:2: expected Name=value (SymbolErrorCounter=10), found \"SymbolErrorCounter 10\"");
}

}  // namespace
}  // namespace ibatlas
