// `ibatlas probe` reports the host doctor's findings of every agent it connects to, per
// host (docs/probe.md, "Host checks"): real `ibatlas agent` processes on 127.0.0.1, each
// pointed at a fixture sysfs tree with --sysfs-root, and the probe command in process.
// Expected findings are worked out by hand from the fixtures (tests/net/
// agent_host_checks_test.cpp says how): edr-gen3-x8 gives host.pcie_bottleneck (warning) on
// its HCA, port-polling host.port_polling (error) on port 1, hdr-gen4-x16 nothing. Neither
// fixture's HCA GUID is in fixtures/probe-2tier, so each is named "<host> mlx5_0".

#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/background_process.hpp"
#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <sys/stat.h>

namespace ibatlas {
namespace {

using namespace std::chrono_literals;

std::string snapshot() {
  return test::source_dir() + "/fixtures/probe-2tier/snapshot.xml";
}

// Every host of the fabric gets an agent: the hosts `fixtures` names their fixtures, the
// rest the clean one. The agents pick free ports (--listen 127.0.0.1:0) and say which in
// their logs.
class ProbeHostChecksCliTest : public ::testing::Test {
 protected:
  void start_agents(const std::map<std::string, std::string>& fixtures) {
    key_ = dir_.path().string() + "/key";
    ASSERT_EQ(test::run_cli({"keygen", key_}).status, kExitOk);
    std::string hosts;
    for (int i = 1; i <= 8; ++i) {
      std::string host = "host" + std::to_string(i);
      auto fixture = fixtures.find(host);
      std::string root = test::source_dir() + "/fixtures/host/" +
                         (fixture == fixtures.end() ? "hdr-gen4-x16" : fixture->second);
      std::string log = dir_.path().string() + "/" + host + ".log";
      agents_.push_back(std::make_unique<test::BackgroundProcess>(
          std::vector<std::string>{test::ibatlas_binary(), "agent", "--listen", "127.0.0.1:0",
                                   "--key", key_, "--sysfs-root", root},
          log));
      ASSERT_TRUE(agents_.back()->wait_for_log("listening on", 10s)) << agents_.back()->log();
      std::smatch port;
      std::string text = agents_.back()->log();
      ASSERT_TRUE(std::regex_search(text, port, std::regex("port ([0-9]+)\\)"))) << text;
      hosts += host + " 127.0.0.1:" + port[1].str() + " 127.0.0.1\n";
    }
    hosts_ = dir_.path().string() + "/hosts";
    std::ofstream(hosts_) << hosts;
  }

  // The hosts the plan for `link` probes from or to (its --plan-only JSON).
  std::set<std::string> plan_hosts(const std::string& link) {
    test::CliRun r = test::run_cli({"probe", snapshot(), "--link", link, "--plan-only", "--json"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
    nlohmann::json plan = nlohmann::json::parse(r.out);
    std::set<std::string> hosts;
    for (const nlohmann::json& p : plan.at("probes")) {
      hosts.insert(p.at("from").at("name").get<std::string>());
      hosts.insert(p.at("to").at("name").get<std::string>());
    }
    return hosts;
  }

  test::CliRun probe(const std::string& link, bool json) {
    std::vector<std::string> args{"probe",   snapshot(), "--link",        link, "--hosts",  hosts_,
                                  "--key",   key_,       "--samples",     "10", "--blocks", "2",
                                  "--sizes", "64",       "--concurrency", "1"};
    if (json) {
      args.push_back("--json");
    }
    return test::run_cli(args);
  }

  test::TempDir dir_;
  std::string key_;
  std::string hosts_;
  std::vector<std::unique_ptr<test::BackgroundProcess>> agents_;
};

const std::map<std::string, std::string> kTwoFaultyHosts = {{"host1", "edr-gen3-x8"},
                                                            {"host2", "port-polling"}};

TEST_F(ProbeHostChecksCliTest, JsonHoldsEachPlannedHostsFindingsAtThatHost) {
  start_agents(kTwoFaultyHosts);
  std::set<std::string> planned = plan_hosts("leaf1:4");
  ASSERT_TRUE(planned.count("host1") == 1 && planned.count("host2") == 1)
      << testing::PrintToString(planned);
  test::CliRun r = probe("leaf1:4", true);
  nlohmann::json doc = nlohmann::json::parse(r.out);
  std::map<std::string, std::string> host_findings;  // check -> location text
  for (const nlohmann::json& f : doc.at("findings")) {
    std::string check = f.at("check").get<std::string>();
    if (check.starts_with("host.")) {
      EXPECT_EQ(host_findings.count(check), 0U) << check << " twice";
      host_findings[check] = f.at("location").at("text").get<std::string>();
    }
  }
  std::map<std::string, std::string> expected{{"host.pcie_bottleneck", "host1 mlx5_0"},
                                              {"host.port_polling", "host2 mlx5_0 port 1"}};
  EXPECT_EQ(host_findings, expected) << r.out;
  EXPECT_EQ(r.status, kExitFindings) << r.err;  // host.port_polling is an error
}

TEST_F(ProbeHostChecksCliTest, TextListsThemPerHost) {
  start_agents(kTwoFaultyHosts);
  test::CliRun r = probe("leaf1:4", false);
  // Rows of the findings table: columns padded to the widest cell.
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\nerror +host\.port_polling +host2 mlx5_0 port 1 )")))
      << r.out;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\nwarning +host\.pcie_bottleneck +host1 mlx5_0 )")))
      << r.out;
}

TEST_F(ProbeHostChecksCliTest, CleanHostsAddNothing) {
  start_agents({});
  test::CliRun r = probe("leaf1:4", false);
  EXPECT_EQ(r.out.find("host."), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("no host checks"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
