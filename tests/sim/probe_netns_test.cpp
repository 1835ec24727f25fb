// `ibatlas probe` end to end on a fabric emulated with network namespaces
// (scripts/netns-fabric.sh, docs/probe.md "Testing without a card"): fixtures/probe-2tier
// (4 leaves x 2 hosts, 2 spines, opensm's minhop tables) with one namespace per node, an
// `ibatlas agent` per host, the controller in the management namespace. Each test has its
// own directory and namespace prefix, so they run in parallel. Needs root (skipped without).
//
// Routes, traced by hand (`ibatlas routes snapshot.xml --trace A B`): host1's requests to
// host6 and host8 leave leaf1 by port 4 to spine2; host2's to host5 and host7 by port 3 to
// spine1. Verdicts are asserted, never absolute latencies (probe-spec §6.3: this VM's
// wake-ups cost 60-100 us); the slow cable is throttled to 20 Mbit/s, so a 60,000-byte
// request takes about 24 ms longer across it, far above any noise here.

#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/paths.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"
#include <unistd.h>

namespace ibatlas::test {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::string script() {
  return source_dir() + "/scripts/netns-fabric.sh";
}

std::string snapshot() {
  return source_dir() + "/fixtures/probe-2tier/snapshot.xml";
}

// One emulated fabric, brought down by the destructor whatever happened.
class NetnsFabric {
 public:
  NetnsFabric(const std::string& dir, const std::string& prefix,
              const std::vector<std::string>& extra)
      : dir_(dir), prefix_(prefix) {
    std::vector<std::string> argv = {"bash", script(), "up", dir_, snapshot(), "--prefix", prefix_};
    argv.insert(argv.end(), extra.begin(), extra.end());
    up_ = run_process(argv, dir_, milliseconds(120000), {"IBATLAS=" + std::string(IBATLAS_BINARY)});
  }

  NetnsFabric(const NetnsFabric&) = delete;
  NetnsFabric& operator=(const NetnsFabric&) = delete;

  ~NetnsFabric() { run_process({"bash", script(), "down", dir_}, dir_, milliseconds(60000)); }

  const ProcessResult& up() const { return up_; }

  // `ibatlas probe` in the management namespace.
  ProcessResult probe(std::vector<std::string> args) const {
    std::vector<std::string> argv = {
        "ip",       "netns",   "exec",          prefix_ + "-m", IBATLAS_BINARY, "probe",
        snapshot(), "--hosts", dir_ + "/hosts", "--key",        dir_ + "/key"};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv, dir_, milliseconds(240000));
  }

  // A TBF rate limit on port `port` of the node in namespace `node_namespace` ("s3"), as
  // netns-fabric.sh --slow puts one: a cable that degrades after a baseline.
  void throttle(const std::string& node_namespace, int port) const {
    run_process({"ip", "netns", "exec", prefix_ + "-" + node_namespace, "tc", "qdisc", "add", "dev",
                 "p" + std::to_string(port), "root", "tbf", "rate", "20mbit", "burst", "4k",
                 "latency", "100ms"},
                dir_, milliseconds(10000));
  }

  // Stops one host's agent (its namespace is hN, N in the order of the snapshot's hosts).
  void kill_agent(const std::string& host_namespace) const {
    run_process(
        {"bash", "-c", "ip netns pids " + prefix_ + "-" + host_namespace + " | xargs -r kill -9"},
        dir_, milliseconds(10000));
  }

 private:
  std::string dir_;
  std::string prefix_;
  ProcessResult up_;
};

bool can_make_namespaces() {
  return ::geteuid() == 0 && fs::exists("/usr/bin/ip") | fs::exists("/sbin/ip");
}

// Where the findings of `check` are: "host8" for a node; for a link its two ends in name
// order, "leaf1 port 4 | spine2 port 1", whichever direction the finding is about.
std::set<std::string> locations(const nlohmann::json& doc, const std::string& check) {
  std::set<std::string> out;
  for (const nlohmann::json& f : doc.at("findings")) {
    if (f.at("check") != check) {
      continue;
    }
    const nlohmann::json& at = f.at("location");
    if (at.at("kind") != "link") {
      out.insert(at.at("text").get<std::string>());
      continue;
    }
    auto end = [](const nlohmann::json& e) {
      return e.at("node").get<std::string>() + " port " + std::to_string(e.at("port").get<int>());
    };
    std::string a = end(at.at("here"));
    std::string b = end(at.at("peer"));
    out.insert(a < b ? a + " | " + b : b + " | " + a);
  }
  return out;
}

class ProbeNetnsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!can_make_namespaces()) {
      GTEST_SKIP() << "needs root and iproute2 to make network namespaces";
    }
  }

  // A short, unique namespace prefix per test (names appear in `ip netns list`).
  static std::string prefix(const std::string& tag) {
    return "ibt" + tag + std::to_string(::getpid() % 100000);
  }

  TempDir dir_;
};

const std::vector<std::string> kSuspects = {"--link", "leaf1:4", "--link", "leaf2:3"};
// One probe at a time: the 8 "hosts" share this machine's 2 CPUs, and two 60,000-byte probes
// at once slow each other by hundreds of microseconds (a false verdict seen under ctest -j2).
const std::vector<std::string> kRun = {"--sizes", "64,60000",      "--samples", "20",    "--blocks",
                                       "6",       "--concurrency", "1",         "--json"};

std::vector<std::string> args(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST_F(ProbeNetnsTest, ASlowSpineUplinkIsBlamedAndNoOtherLink) {
  NetnsFabric fabric(dir_.path(), prefix("a"), {"--slow", "leaf1:4=20"});
  ASSERT_EQ(fabric.up().exit_code, 0) << fabric.up().err;
  ProcessResult r = fabric.probe(args(kSuspects, kRun));
  ASSERT_EQ(r.exit_code, 1) << r.err << r.out;
  nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(locations(doc, "probe.degraded_link"),
            (std::set<std::string>{"leaf1 port 4 | spine2 port 1"}))
      << r.out;
}

TEST_F(ProbeNetnsTest, ASlowHostCableIsBlamedAndNoOtherLink) {
  NetnsFabric fabric(dir_.path(), prefix("d"), {"--slow", "host2:1=20"});
  ASSERT_EQ(fabric.up().exit_code, 0) << fabric.up().err;
  ProcessResult r = fabric.probe(args({"--link", "host2:1", "--link", "host5:1"}, kRun));
  ASSERT_EQ(r.exit_code, 1) << r.err << r.out;
  nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(locations(doc, "probe.degraded_link"),
            (std::set<std::string>{"host2 port 1 | leaf1 port 2"}))
      << r.out;
}

// Baseline -> change -> regression: a healthy run saved with -o, then the cable leaf1 port 4
// <-> spine2 port 1 throttled (namespaces s3 = leaf1 and s2 = spine2, in the snapshot's node
// order), then --baseline measures the same pairs again.
TEST_F(ProbeNetnsTest, ABaselineShowsTheRegressionAfterAChange) {
  NetnsFabric fabric(dir_.path(), prefix("e"), {});
  ASSERT_EQ(fabric.up().exit_code, 0) << fabric.up().err;
  std::string run = dir_.path().string() + "/run.json";
  ProcessResult before = fabric.probe(args(args(kSuspects, kRun), {"-o", run}));
  ASSERT_TRUE(before.exit_code == 0 || before.exit_code == 1) << before.err;
  ASSERT_TRUE(fs::exists(run));
  fabric.throttle("s3", 4);
  fabric.throttle("s2", 1);
  ProcessResult after = fabric.probe({"--baseline", run, "--concurrency", "1", "--json"});
  ASSERT_EQ(after.exit_code, 1) << after.err << after.out;
  nlohmann::json doc = nlohmann::json::parse(after.out);
  EXPECT_TRUE(locations(doc, "probe.regression").count("leaf1 port 4 | spine2 port 1"))
      << after.out;
}

TEST_F(ProbeNetnsTest, NoSlowCableNoDegradedVerdict) {
  NetnsFabric fabric(dir_.path(), prefix("b"), {});
  ASSERT_EQ(fabric.up().exit_code, 0) << fabric.up().err;
  ProcessResult r = fabric.probe(args(kSuspects, kRun));
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_TRUE(locations(doc, "probe.degraded_link").empty()) << r.out;
}

TEST_F(ProbeNetnsTest, ADeadAgentIsReportedAndTheRestRuns) {
  NetnsFabric fabric(dir_.path(), prefix("c"), {"--slow", "leaf1:4=20"});
  ASSERT_EQ(fabric.up().exit_code, 0) << fabric.up().err;
  fabric.kill_agent("h2");  // host2, in every plan for these suspects
  ProcessResult r = fabric.probe(args(kSuspects, kRun));
  nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(locations(doc, "probe.unreachable_host"), (std::set<std::string>{"host2"})) << r.out;
  EXPECT_FALSE(doc.at("report").at("paths").empty());
}

}  // namespace
}  // namespace ibatlas::test
