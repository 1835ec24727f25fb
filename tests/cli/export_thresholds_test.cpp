// `export --to prometheus --threshold-file FILE` (issue 20 §2): the counter thresholds of
// `check` and `serve` for the metrics' findings. The fabric and counters of
// serve_thresholds_test.cpp, by hand: SymbolErrorCounter 50 on sw1 port 1 is above the
// built-in 10 (counter.symbol_errors exported) and not above SymbolErrorCounter=100 from the
// file. The default file (IBATLAS_ERROR_THRESHOLDS standing for
// /etc/infiniband-diags/error_thresholds) is read the same way.

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/cli/sw1_h1_fabric.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

constexpr const char* kFabric = test::kSw1H1Fabric;

constexpr const char* kCounters = test::kSw1SymbolErrors50;

constexpr const char* kSymbolErrors = "ibatlas_finding{check=\"counter.symbol_errors\"";

class ExportThresholdsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_file(fabric_, kFabric);
    test::write_file(counters_, kCounters);
    test::write_file(raised_, "# as ibqueryerrors reads it\nSymbolErrorCounter=100\n");
    setenv("IBATLAS_ERROR_THRESHOLDS", "", 1);  // no default file unless a test names one
  }

  void TearDown() override { unsetenv("IBATLAS_ERROR_THRESHOLDS"); }

  test::CliRun metrics(const std::vector<std::string>& extra) {
    std::vector<std::string> argv = {"export",  fabric_, "--counters",
                                     counters_, "--to",  "prometheus"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return test::run_cli(argv);
  }

  test::TempDir dir_;
  std::string fabric_ = dir_.file("fabric.txt");
  std::string counters_ = dir_.file("ibqueryerrors.txt");
  std::string raised_ = dir_.file("error_thresholds");
};

TEST_F(ExportThresholdsTest, BuiltInThresholdExportsTheSymbolErrors) {
  test::CliRun r = metrics({});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find(kSymbolErrors), std::string::npos) << r.out;
}

TEST_F(ExportThresholdsTest, ARaisedThresholdFileSilencesThem) {
  test::CliRun r = metrics({"--threshold-file", raised_});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("ibatlas_port_symbol_error_total"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(kSymbolErrors), std::string::npos) << r.out;
}

TEST_F(ExportThresholdsTest, TheDefaultFileIsReadToo) {
  setenv("IBATLAS_ERROR_THRESHOLDS", raised_.c_str(), 1);
  test::CliRun r = metrics({});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out.find(kSymbolErrors), std::string::npos) << r.out;
}

TEST_F(ExportThresholdsTest, ABadFileIsBadInputAndWritesNothing) {
  std::string bad = dir_.file("bad");
  test::write_file(bad, "SymbolErrors=5\n");
  std::string out = dir_.file("metrics.prom");
  test::CliRun r = metrics({"--threshold-file", bad, "-o", out});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find(bad + ":1: expected a counter name"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST_F(ExportThresholdsTest, OnlyWithPrometheus) {
  test::CliRun r = test::run_cli({"export", fabric_, "--to", "dot", "--threshold-file", raised_});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("--threshold-file goes with --to prometheus"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
