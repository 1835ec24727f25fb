// The proof with the real consumer: `ibatlas serve live` crawls an ibsim + opensm fabric
// every 2 s, a real Prometheus (Debian's /usr/bin/prometheus, scrape_interval 1s) scrapes
// it, and what Prometheus' HTTP API (/api/v1/query) answers matches the fabric as the
// netfile below built it: the node count, the capped link's rate, the symbol errors set
// with ibsim's PerformanceSet, and the link.capped finding the cap causes (the same faults
// as check_test.cpp, whose oracle is ibsim's documented rules). `promtool check metrics`
// accepts the live output. Everything is stopped by PID. Skipped where prometheus is not
// installed (.ci/install-deps.sh installs it).

#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/background_process.hpp"
#include "support/http_client.hpp"
#include "support/paths.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

using std::chrono::milliseconds;
using test::SimFabric;
using test::SimOptions;

constexpr const char* kPrometheus = "/usr/bin/prometheus";
constexpr const char* kPromtool = "/usr/bin/promtool";

// Spines sp1 sp2, leaves lf1..lf4 (ports 1-2: hosts, 35: sp1, 36: sp2), hosts h1..h8, every
// port 4xEDR but h1's cable, which both ends enable at 1x only (ibsim caps the width at the
// lower end: the link runs 1xEDR, a link.capped against the 4x of the other host links).
// 2 + 4 switches and 8 CAs.
std::string netfile() {
  std::ostringstream n;
  for (int s = 1; s <= 2; ++s) {
    n << "Switch\t36 \"sp" << s << "\"\t# \"sp" << s << "\" base port 0\n";
    for (int l = 1; l <= 4; ++l) {
      n << "[" << l << "]\t\"lf" << l << "\"[" << 34 + s << "]\t# lid 0 4xEDR\n";
    }
    n << "\n";
  }
  for (int l = 1; l <= 4; ++l) {
    n << "Switch\t36 \"lf" << l << "\"\t# \"lf" << l << "\" base port 0\n";
    for (int h = 2 * l - 1; h <= 2 * l; ++h) {
      n << "[" << (h - 1) % 2 + 1 << "]\t\"h" << h << "\"[1]\t# lid 0 "
        << (h == 1 ? "1xEDR" : "4xEDR") << "\n";
    }
    n << "[35]\t\"sp1\"[" << l << "]\t# lid 0 4xEDR\n[36]\t\"sp2\"[" << l << "]\t# lid 0 4xEDR\n\n";
  }
  for (int h = 1; h <= 8; ++h) {
    n << "Ca\t1 \"h" << h << "\"\t# \"h" << h << "\"\n";
    n << "[1]\t\"lf" << (h + 1) / 2 << "\"[" << (h - 1) % 2 + 1 << "]\t# lid 0 "
      << (h == 1 ? "1xEDR" : "4xEDR") << "\n\n";
  }
  return n.str();
}

std::string url_encode(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) != 0 || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// The vector /api/v1/query returns for `query` ([] until Prometheus has the series).
nlohmann::json query(std::uint16_t port, const std::string& promql) {
  test::HttpReply reply = test::http_get(port, "/api/v1/query?query=" + url_encode(promql));
  if (reply.status != 200) {
    return nlohmann::json::array();
  }
  nlohmann::json answer = nlohmann::json::parse(reply.body, nullptr, false);
  if (answer.is_discarded() || answer.value("status", "") != "success") {
    return nlohmann::json::array();
  }
  return answer["data"]["result"];
}

// Queries until the answer has `count` series (Prometheus scrapes every second, and the
// first crawl takes a moment), at most `timeout`.
nlohmann::json query_until(std::uint16_t port, const std::string& promql, std::size_t count,
                           milliseconds timeout = milliseconds(60000)) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  nlohmann::json result = nlohmann::json::array();
  while (std::chrono::steady_clock::now() < deadline) {
    result = query(port, promql);
    if (result.size() == count) {
      return result;
    }
    std::this_thread::sleep_for(milliseconds(250));
  }
  ADD_FAILURE() << promql << ": " << result.dump();
  return result;
}

std::string value_of(const nlohmann::json& series) {
  return series["value"][1].get<std::string>();  // [ time, "value" ]
}

TEST(ServePrometheusSimTest, PrometheusScrapesTheLiveFabricAndAnswersWithItsFacts) {
  if (!std::filesystem::exists(kPrometheus) || !std::filesystem::exists(kPromtool)) {
    GTEST_SKIP() << kPrometheus << " or " << kPromtool
                 << " is not installed (Debian package prometheus; .ci/install-deps.sh "
                    "installs it): the real-consumer test of `ibatlas serve` cannot run";
  }
  SimOptions options;
  options.netfile_text = netfile();
  SimFabric sim(options);
  sim.console("PerformanceSet \"lf2\"[36] PortCounters.SymbolErrorCounter=50");

  // ibatlas serve live, attached to the simulator as every client is (umad2sim).
  std::string serve_log = sim.dir() + "/serve.log";
  pid_t serve = sim.start_client(
      {test::ibatlas_binary(), "serve", "live", "--listen", "127.0.0.1:0", "--interval", "2"}, {},
      "/metrics, every", serve_log);
  std::smatch m;
  std::string log = test::slurp(serve_log);
  ASSERT_TRUE(std::regex_search(log, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/"))) << log;
  auto serve_port = static_cast<std::uint16_t>(std::stoi(m[1]));

  // A real Prometheus scraping it every second, its storage in the fabric's temp dir.
  std::uint16_t prom_port = test::free_tcp_port();
  ASSERT_NE(prom_port, 0);
  std::string config = sim.dir() + "/prometheus.yml";
  test::write_file(config,
                   "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                   "scrape_configs:\n  - job_name: ibatlas\n    static_configs:\n"
                   "      - targets: ['127.0.0.1:" +
                       std::to_string(serve_port) + "']\n");
  test::BackgroundProcess prometheus(
      {kPrometheus, "--config.file=" + config, "--storage.tsdb.path=" + sim.dir() + "/tsdb",
       "--web.listen-address=127.0.0.1:" + std::to_string(prom_port)},
      sim.dir() + "/prometheus.log");
  ASSERT_TRUE(
      prometheus.wait_for_log("Server is ready to receive web requests", milliseconds(60000)))
      << prometheus.log();

  // The scrape worked, and the crawl behind it did.
  query_until(prom_port, "up{job=\"ibatlas\"} == 1", 1);
  query_until(prom_port, "ibatlas_scrape_success == 1", 1);
  // Counted by hand from the netfile: 6 switches, 8 CAs.
  nlohmann::json switches = query_until(prom_port, "ibatlas_nodes{type=\"switch\"}", 1);
  ASSERT_EQ(switches.size(), 1u);
  EXPECT_EQ(value_of(switches[0]), "6");
  nlohmann::json nodes = query_until(prom_port, "sum(ibatlas_nodes)", 1);
  ASSERT_EQ(nodes.size(), 1u);
  EXPECT_EQ(value_of(nodes[0]), "14");
  // h1's cable runs 1xEDR: one lane of 25 Gb/s of data = 3.125e9 bytes per second, seen
  // from both ends; h2's, on the same leaf, 4xEDR.
  nlohmann::json capped =
      query_until(prom_port, "ibatlas_port_rate_bytes_per_second{peer=\"h1\"}", 1);
  ASSERT_EQ(capped.size(), 1u);
  EXPECT_EQ(capped[0]["metric"]["node"], "lf1");
  EXPECT_EQ(capped[0]["metric"]["port"], "1");
  EXPECT_EQ(std::stod(value_of(capped[0])), 3.125e9);
  nlohmann::json full =
      query_until(prom_port, "ibatlas_port_rate_bytes_per_second{node=\"lf1\",port=\"2\"}", 1);
  ASSERT_EQ(full.size(), 1u);
  EXPECT_EQ(std::stod(value_of(full[0])), 1.25e10);
  // The counter set with PerformanceSet, read by the crawl's PerfMgt query.
  nlohmann::json symbols =
      query_until(prom_port, "ibatlas_port_symbol_error_total{node=\"lf2\",port=\"36\"}", 1);
  ASSERT_EQ(symbols.size(), 1u);
  EXPECT_EQ(value_of(symbols[0]), "50");
  EXPECT_EQ(symbols[0]["metric"]["peer"], "sp2");
  // The finding the cap causes, on the leaf end of h1's cable.
  nlohmann::json finding = query_until(prom_port, "ibatlas_finding{check=\"link.capped\"}", 1);
  ASSERT_EQ(finding.size(), 1u);
  EXPECT_EQ(finding[0]["metric"]["node"], "lf1");
  EXPECT_EQ(finding[0]["metric"]["port"], "1");
  EXPECT_EQ(value_of(finding[0]), "1");
  // Every crawl so far succeeded, and there were several (one each 2 s).
  query_until(prom_port, "ibatlas_scrapes_total >= 2", 1);
  nlohmann::json failures = query_until(prom_port, "ibatlas_scrape_failures_total", 1);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(value_of(failures[0]), "0");

  // The live output, as served, passes promtool's parser and lint.
  test::HttpReply metrics = test::http_get(serve_port, "/metrics");
  ASSERT_EQ(metrics.status, 200);
  std::string saved = sim.dir() + "/live.prom";
  test::write_file(saved, metrics.body);
  std::string promtool_out = sim.dir() + "/promtool.out";
  int status = std::system(
      (std::string(kPromtool) + " check metrics < '" + saved + "' > '" + promtool_out + "' 2>&1")
          .c_str());
  EXPECT_EQ(status, 0) << test::slurp(promtool_out);

  EXPECT_EQ(prometheus.stop(SIGTERM), 0) << prometheus.log();
  EXPECT_EQ(sim.stop_client(serve), 0) << test::slurp(serve_log);
}

}  // namespace
}  // namespace ibatlas
