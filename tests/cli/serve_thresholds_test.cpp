// `serve --threshold-file FILE` (issue 20 §2): the counter thresholds of `check` for the
// metrics' findings. A one-switch, one-host dump with SymbolErrorCounter 50 on the switch's
// port 1 (ibqueryerrors text): above the built-in 10, so counter.symbol_errors is served;
// under SymbolErrorCounter=100 from the file it is not (by hand: 50 <= 100). The default
// file (IBATLAS_ERROR_THRESHOLDS) is read the same way; a bad file is exit 3 at once.

#include <chrono>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/background_process.hpp"
#include "support/cli/cli_run.hpp"
#include "support/cli/sw1_h1_fabric.hpp"
#include "support/http_client.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <signal.h>

namespace ibatlas {
namespace {

using std::chrono::milliseconds;

constexpr const char* kFabric = test::kSw1H1Fabric;

constexpr const char* kCounters = test::kSw1SymbolErrors50;

constexpr const char* kSymbolErrors = "ibatlas_finding{check=\"counter.symbol_errors\"";

class ServeThresholdsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_file(fabric_, kFabric);
    test::write_file(counters_, kCounters);
    test::write_file(raised_, "# as ibqueryerrors reads it\nSymbolErrorCounter=100\n");
  }

  // The first good /metrics of `serve` with `extra` options and `env`.
  std::string metrics(const std::vector<std::string>& extra, const std::string& env) {
    std::vector<std::string> argv = {test::ibatlas_binary(), "serve",      fabric_,
                                     "--counters",           counters_,    "--listen",
                                     "127.0.0.1:0",          "--interval", "60"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    test::BackgroundProcess serve(argv, dir_.file("serve" + std::to_string(runs_++) + ".log"),
                                  {"IBATLAS_ERROR_THRESHOLDS=" + env, "IBATLAS_CONFIG="});
    EXPECT_TRUE(serve.wait_for_log("/metrics, every", milliseconds(10000))) << serve.log();
    std::smatch m;
    std::string log = serve.log();
    if (!std::regex_search(log, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/"))) {
      ADD_FAILURE() << log;
      return "";
    }
    auto port = static_cast<std::uint16_t>(std::stoi(m[1]));
    for (int i = 0; i < 200; ++i) {
      test::HttpReply reply = test::http_get(port, "/metrics");
      if (reply.status == 200) {
        serve.stop(SIGTERM);
        return reply.body;
      }
      std::this_thread::sleep_for(milliseconds(50));
    }
    ADD_FAILURE() << "no metrics: " << serve.log();
    return "";
  }

  test::TempDir dir_;
  std::string fabric_ = dir_.file("fabric.txt");
  std::string counters_ = dir_.file("ibqueryerrors.txt");
  std::string raised_ = dir_.file("error_thresholds");
  int runs_ = 0;
};

TEST_F(ServeThresholdsTest, BuiltInThresholdServesTheSymbolErrors) {
  EXPECT_NE(metrics({}, "").find(kSymbolErrors), std::string::npos);
}

TEST_F(ServeThresholdsTest, ARaisedThresholdFileSilencesThem) {
  std::string body = metrics({"--threshold-file", raised_}, "");
  EXPECT_NE(body.find("ibatlas_scrape_success 1"), std::string::npos) << body;
  EXPECT_EQ(body.find(kSymbolErrors), std::string::npos) << body;
}

TEST_F(ServeThresholdsTest, TheDefaultFileIsReadToo) {
  std::string body = metrics({}, raised_);
  EXPECT_NE(body.find("ibatlas_scrape_success 1"), std::string::npos) << body;
  EXPECT_EQ(body.find(kSymbolErrors), std::string::npos) << body;
}

TEST_F(ServeThresholdsTest, ABadFileIsBadInputBeforeListening) {
  std::string bad = dir_.file("bad");
  test::write_file(bad, "SymbolErrors=5\n");
  test::CliRun r =
      test::run_cli({"serve", fabric_, "--listen", "127.0.0.1:0", "--threshold-file", bad});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find(bad + ":1: expected a counter name"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
