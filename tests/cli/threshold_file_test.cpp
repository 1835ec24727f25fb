// `check --threshold-file FILE` (infiniband-diags' error_thresholds format) and the default
// file. A two-node fabric with ibqueryerrors counters written here: switch port 1 has
// SymbolErrorCounter 50 (default threshold 10: a finding), the host's port 1 has
// LinkDownedCounter 5 (default threshold 10: none). A counter fires when it is above its
// threshold (ibqueryerrors' exceeds_threshold: val > thres), so the expected findings below
// follow by hand from each file. IBATLAS_ERROR_THRESHOLDS points the default file away from
// this machine's /etc.

#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/cli/sw1_h1_fabric.hpp"
#include "support/temp_dir.hpp"
#include "support/text_count.hpp"

namespace ibatlas {
namespace {

constexpr const char* kFabric = test::kSw1H1Fabric;

constexpr const char* kCounters =
    "Errors for 0x0002c903006e29b0 \"sw1\"\n"
    "   GUID 0x2c903006e29b0 port 1: [SymbolErrorCounter == 50]\n"
    "Errors for \"h1 mlx4_0\"\n"
    "   GUID 0x7cfe900300179b31 port 1: [LinkDownedCounter == 5]\n";

class ThresholdFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fabric_ = dir_.file("fabric.txt");
    counters_ = dir_.file("ibqueryerrors.txt");
    test::write_file(fabric_, kFabric);
    test::write_file(counters_, kCounters);
    setenv("IBATLAS_ERROR_THRESHOLDS", "", 1);  // no default file unless a test sets one
  }

  void TearDown() override { unsetenv("IBATLAS_ERROR_THRESHOLDS"); }

  test::CliRun check(const std::string& thresholds_text, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check", fabric_, "--counters", counters_, "--json"};
    if (!thresholds_text.empty()) {
      std::string file = dir_.file("error_thresholds");
      test::write_file(file, thresholds_text);
      args.push_back("--threshold-file");
      args.push_back(file);
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return test::run_cli(args);
  }

  test::TempDir dir_;
  std::string fabric_;
  std::string counters_;
};

TEST_F(ThresholdFileTest, DefaultThresholdsFlagTheSymbolErrorsOnly) {
  test::CliRun r = check("");
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 1u) << r.out << r.err;  // 50 > 10
  EXPECT_EQ(test::count_of(r.out, "\"counter.link_downed\""), 0u) << r.out;             // 5 <= 10
}

TEST_F(ThresholdFileTest, RaisedThresholdSilencesAndLoweredOneRaises) {
  test::CliRun r = check("# site thresholds\nSymbolErrorCounter=50\nLinkDownedCounter=4\n");
  EXPECT_NE(r.status, kExitBadInput) << r.err;
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 0u) << r.out;  // 50 <= 50
  EXPECT_EQ(test::count_of(r.out, "\"counter.link_downed\""), 1u) << r.out;    // 5 > 4
  EXPECT_NE(r.out.find("LinkDownedCounter is 5 (threshold 4)"), std::string::npos) << r.out;
}

TEST_F(ThresholdFileTest, OneBelowTheCountStillFires) {
  test::CliRun r = check("SymbolErrorCounter=49\n");
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 1u) << r.out;  // 50 > 49
  EXPECT_NE(r.out.find("SymbolErrorCounter is 50 (threshold 49)"), std::string::npos) << r.out;
}

TEST_F(ThresholdFileTest, UnknownCounterIsBadInputWithFileAndLine) {
  test::CliRun r = check("SymbolErrorCounter=50\nSymbolErrors=50\n");
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("error_thresholds:2: expected a counter name: SymbolErrorCounter,"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("found \"SymbolErrors\""), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;  // nothing printed before the inputs are loaded
}

TEST_F(ThresholdFileTest, BadValueIsBadInput) {
  test::CliRun r = check("LinkDownedCounter=lots\n");
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("error_thresholds:1: expected a count (decimal, 0x hex or 0-led octal), "
                       "found \"lots\""),
            std::string::npos)
      << r.err;
}

TEST_F(ThresholdFileTest, MissingExplicitFileIsBadInput) {
  test::CliRun r =
      test::run_cli({"check", fabric_, "--threshold-file", dir_.file("no-such-file"), "--json"});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
}

TEST_F(ThresholdFileTest, DefaultFileIsReadWhenPresentAndSaidInVerbose) {
  std::string file = dir_.file("etc_error_thresholds");
  test::write_file(file, "SymbolErrorCounter=100\nPortXmitWait=1000\n");
  setenv("IBATLAS_ERROR_THRESHOLDS", file.c_str(), 1);
  test::CliRun r = check("", {"-v"});
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 0u) << r.out;  // 50 <= 100
  EXPECT_NE(r.err.find("thresholds: read " + file +
                       ": set SymbolErrorCounter; not checked by ibatlas: PortXmitWait"),
            std::string::npos)
      << r.err;
}

TEST_F(ThresholdFileTest, ExplicitFileWinsOverTheDefaultFile) {
  std::string file = dir_.file("etc_error_thresholds");
  test::write_file(file, "SymbolErrorCounter=100\n");
  setenv("IBATLAS_ERROR_THRESHOLDS", file.c_str(), 1);
  test::CliRun r = check("LinkDownedCounter=10\n");  // symbol errors back to the default 10
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 1u) << r.out;
}

TEST_F(ThresholdFileTest, AbsentDefaultFileMeansBuiltInDefaults) {
  setenv("IBATLAS_ERROR_THRESHOLDS", dir_.file("absent").c_str(), 1);
  test::CliRun r = check("", {"-v"});
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 1u) << r.out;
  EXPECT_NE(r.err.find("thresholds: built-in defaults (no " + dir_.file("absent") + ")"),
            std::string::npos)
      << r.err;
}

TEST_F(ThresholdFileTest, RenderCheckReadsTheFileToo) {
  std::string file = dir_.file("error_thresholds");
  test::write_file(file, "SymbolErrors=50\n");
  test::CliRun r = test::run_cli(
      {"render", fabric_, "--check", "--threshold-file", file, "-o", dir_.file("map.dot")});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find("error_thresholds:1: expected a counter name"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
