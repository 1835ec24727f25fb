// `ibatlas serve` on a file SOURCE, run as its own process and read over HTTP as a scraper
// reads it: GET /metrics is byte for byte what `export --to prometheus` writes for the same
// file (plus the serve families), a rewritten file is picked up at the next interval, a
// broken one keeps the last good metrics with ibatlas_scrape_success 0, and SIGINT or
// SIGTERM ends it with status 0. The fixture is fixtures/check-1x-link (its README: one
// leaf, five hosts, h5's cable at 1xHDR, one link.unexpected warning on leaf1 port 5).

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/net/http_server.hpp"

#include "support/background_process.hpp"
#include "support/cli/cli_run.hpp"
#include "support/http_client.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <signal.h>

namespace ibatlas {
namespace {

using std::chrono::milliseconds;
using test::BackgroundProcess;
using test::http_get;
using test::HttpReply;

constexpr const char* kMetricsType = "text/plain; version=0.0.4; charset=utf-8";

std::string fixture() {
  return test::slurp(test::source_dir() + "/fixtures/check-1x-link/input.txt");
}

// The fixture with h5's cable at 4xHDR like the others: no finding left.
std::string repaired_fixture() {
  return std::regex_replace(fixture(), std::regex("1xHDR"), "4xHDR");
}

// Written whole and renamed, as a cron job should (serve may read at any moment).
void replace_file(const std::string& path, const std::string& text) {
  test::write_file(path + ".tmp", text);
  std::filesystem::rename(path + ".tmp", path);
}

// The value of the sample line that starts with `series` ("" when none).
std::string sample(const std::string& body, const std::string& series) {
  std::istringstream lines(body);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(series + " ", 0) == 0) {
      return line.substr(series.size() + 1);
    }
  }
  return "";
}

// The text without its ibatlas_scrape_timestamp_seconds sample: a dump has no time of its
// own, so that line is the time of the read, which differs between two reads.
std::string without_timestamp(const std::string& text) {
  return std::regex_replace(text, std::regex("\nibatlas_scrape_timestamp_seconds [0-9]+\n"), "\n");
}

class ServeTest : public ::testing::Test {
 protected:
  void SetUp() override { test::write_file(source_, fixture()); }

  // Starts `ibatlas serve` on source_ and waits for its first good /metrics.
  void start(const std::string& interval = "0.2") {
    process_ = std::make_unique<BackgroundProcess>(
        std::vector<std::string>{test::ibatlas_binary(), "serve", source_, "--listen",
                                 "127.0.0.1:0", "--interval", interval},
        dir_.file("serve" + std::to_string(starts_++) + ".log"));  // one log per start
    ASSERT_TRUE(process_->wait_for_log("/metrics, every", milliseconds(10000))) << process_->log();
    std::smatch m;
    std::string log = process_->log();
    ASSERT_TRUE(std::regex_search(log, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/")));
    port_ = static_cast<std::uint16_t>(std::stoi(m[1]));
    ASSERT_TRUE(wait_for_metrics([](const std::string&) { return true; }));
  }

  // Scrapes until `ready` holds for a 200's body (or 10 s pass); the last body in body_.
  bool wait_for_metrics(const std::function<bool(const std::string&)>& ready) {
    for (int i = 0; i < 200; ++i) {
      HttpReply reply = http_get(port_, "/metrics");
      if (reply.status == 200 && ready(reply.body)) {
        body_ = reply.body;
        return true;
      }
      std::this_thread::sleep_for(milliseconds(50));
    }
    return false;
  }

  test::TempDir dir_;
  std::string source_ = dir_.file("fabric.txt");
  std::unique_ptr<BackgroundProcess> process_;
  std::uint16_t port_ = 0;
  std::string body_;
  int starts_ = 0;
};

TEST_F(ServeTest, MetricsAreWhatExportWritesPlusTheServeFamilies) {
  start();
  test::CliRun exported = test::run_cli({"export", source_, "--to", "prometheus"});
  ASSERT_EQ(exported.status, kExitOk) << exported.err;
  HttpReply reply = http_get(port_, "/metrics");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(test::http_header(reply.head, "Content-Type"), kMetricsType);
  ASSERT_GT(reply.body.size(), exported.out.size());
  std::string head = reply.body.substr(0, reply.body.find("# HELP ibatlas_scrape_success "));
  EXPECT_EQ(without_timestamp(head), without_timestamp(exported.out));
  // Hand-checked from the fixture: one switch, five CAs, h5's 1xHDR link is 50 Gb/s.
  EXPECT_EQ(sample(reply.body, "ibatlas_nodes{type=\"switch\"}"), "1");
  EXPECT_EQ(sample(reply.body, "ibatlas_nodes{type=\"ca\"}"), "5");
  EXPECT_NE(reply.body.find("ibatlas_finding{check=\"link.unexpected\",severity=\"warning\","
                            "node=\"leaf1\",port=\"5\"} 1\n"),
            std::string::npos)
      << reply.body;
  EXPECT_EQ(sample(reply.body, "ibatlas_scrape_success"), "1");
  EXPECT_EQ(sample(reply.body, "ibatlas_scrape_failures_total"), "0");
  EXPECT_GE(std::stoi(sample(reply.body, "ibatlas_scrapes_total")), 1);
  std::int64_t now = static_cast<std::int64_t>(std::time(nullptr));
  std::int64_t last =
      std::stoll(sample(reply.body, "ibatlas_scrape_last_success_timestamp_seconds"));
  EXPECT_LE(now - last, 5);
}

TEST_F(ServeTest, PromtoolAcceptsTheServedMetrics) {
  if (!std::filesystem::exists("/usr/bin/promtool")) {
    GTEST_SKIP() << "promtool is not installed (Debian package prometheus; "
                    ".ci/install-deps.sh installs it)";
  }
  start();
  test::write_file(dir_.file("served.prom"), body_);
  std::string command = "/usr/bin/promtool check metrics < '" + dir_.file("served.prom") + "' > '" +
                        dir_.file("promtool.out") + "' 2>&1";
  int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << test::slurp(dir_.file("promtool.out"));
}

TEST_F(ServeTest, IndexNotFoundMethodAndMalformedRequest) {
  start();
  HttpReply index = http_get(port_, "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.body.find("/metrics"), std::string::npos);
  EXPECT_EQ(http_get(port_, "/metric").status, 404);
  EXPECT_EQ(http_get(port_, "/metrics/").status, 404);
  test::TestConnection post(port_);
  post.send("POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
  EXPECT_EQ(post.read_reply(milliseconds(5000)).status, 405);
  test::TestConnection garbage(port_);
  garbage.send("hello\r\n\r\n");
  EXPECT_EQ(garbage.read_reply(milliseconds(5000)).status, 400);
}

TEST_F(ServeTest, RewrittenFileIsPickedUpAndABrokenOneKeepsTheLastGood) {
  start();
  const std::string finding = "ibatlas_finding{check=\"link.unexpected\"";
  ASSERT_NE(body_.find(finding), std::string::npos);
  replace_file(source_, "this is not a fabric\n");
  ASSERT_TRUE(wait_for_metrics([](const std::string& body) {
    return sample(body, "ibatlas_scrape_success") == "0";
  })) << body_;
  EXPECT_NE(body_.find(finding), std::string::npos) << "the last good metrics are kept";
  EXPECT_GE(std::stoi(sample(body_, "ibatlas_scrape_failures_total")), 1);
  EXPECT_NE(process_->log().find("serving the last good metrics"), std::string::npos);
  replace_file(source_, repaired_fixture());
  ASSERT_TRUE(wait_for_metrics([](const std::string& body) {
    return sample(body, "ibatlas_scrape_success") == "1";
  })) << body_;
  EXPECT_EQ(body_.find(finding), std::string::npos) << body_;
  EXPECT_EQ(sample(body_, "ibatlas_findings{severity=\"warning\"}"), "0");
}

TEST_F(ServeTest, MissingFileServesTheFailureUntilItAppears) {
  std::filesystem::remove(source_);
  process_ = std::make_unique<BackgroundProcess>(
      std::vector<std::string>{test::ibatlas_binary(), "serve", source_, "--listen", "127.0.0.1:0",
                               "--interval", "0.2"},
      dir_.file("serve.log"));
  ASSERT_TRUE(process_->wait_for_log("/metrics, every", milliseconds(10000)));
  std::smatch m;
  std::string log = process_->log();
  ASSERT_TRUE(std::regex_search(log, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/")));
  port_ = static_cast<std::uint16_t>(std::stoi(m[1]));
  ASSERT_TRUE(wait_for_metrics([](const std::string&) { return true; }));
  EXPECT_EQ(sample(body_, "ibatlas_scrape_success"), "0");
  EXPECT_EQ(body_.find("ibatlas_nodes"), std::string::npos) << "no snapshot, no fabric metrics";
  EXPECT_EQ(body_.find("ibatlas_scrape_last_success"), std::string::npos);
  replace_file(source_, fixture());
  ASSERT_TRUE(wait_for_metrics(
      [](const std::string& body) { return sample(body, "ibatlas_scrape_success") == "1"; }));
  EXPECT_EQ(sample(body_, "ibatlas_nodes{type=\"ca\"}"), "5");
}

TEST_F(ServeTest, SigtermAndSigintStopWithStatus0) {
  for (int signal : {SIGTERM, SIGINT}) {
    start("3600");
    EXPECT_EQ(process_->stop(signal), kExitOk) << process_->log();
    EXPECT_NE(process_->log().find("ibatlas: stopped"), std::string::npos);
    EXPECT_FALSE(test::accepts_connections(port_)) << "the listener is closed";
  }
}

TEST(ServeUsageTest, BadOptionsAreUsageErrorsAndATakenPortIsAnError) {
  std::string source = test::source_dir() + "/fixtures/check-1x-link/input.txt";
  EXPECT_EQ(test::run_cli({"serve", source}).status, kExitUsage);
  EXPECT_EQ(test::run_cli({"serve", source, "--listen", "127.0.0.1:0", "--interval", "0"}).status,
            kExitUsage);
  HttpServerOptions options;
  options.listen = "127.0.0.1:0";
  HttpServer taken(options);
  test::CliRun r =
      test::run_cli({"serve", source, "--listen", "127.0.0.1:" + std::to_string(taken.port())});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("bind"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
