// `probe --transport mad --hosts` under ibsim: the agents send the echo MADs on the
// controller's command, so probes start at every host with an agent (PlanOptions::sources),
// and a suspect next to one host gets controls from the others. Oracles: ibsim's `Error`
// (the drop rate on the packets one switch port receives) and the routes ibtracert prints
// (tests/sim/mad_echo_sim_test.cpp checks them on this fabric: every path between the two
// switches' hosts crosses one of the two inter-switch cables; a host cable is crossed only
// by the round trips that start or end at its host).
//
// Fabric: Hca1, Hca3 on Switch1; Hca2, Hca4 on Switch2; the switches joined by ports 3 and
// 5; opensm -o with LMC 1. Each HCA runs `ibatlas agent --transport mad --listen --key`
// (SIM_SET_ISSM=1: one SM-capable client per node, so the agent answers and sends through
// one attachment). The controller (`ibatlas probe`) needs no port of its own.

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "mad_echo_sim.hpp"
#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::milliseconds;
using test::ProcessResult;
using test::read_text;
using test::SimFabric;
using test::SimOptions;

constexpr milliseconds kTimeout{120000};
constexpr int kSamples = 100;
constexpr int kBlocks = 2;

class MadEchoAgentsSim : public ::testing::Test {
 protected:
  void SetUp() override {
    SimOptions options;
    options.netfile_text = test::kMadEchoFourHcas;
    options.start_opensm = false;
    sim = std::make_unique<SimFabric>(options);
    snapshot = sim->dir() + "/fabric.xml";
    ASSERT_NO_FATAL_FAILURE(test::bring_up_with_lmc1(*sim, snapshot, kTimeout));
    key = sim->dir() + "/key";
    ProcessResult r = sim->run({test::ibatlas_binary(), "keygen", key}, kTimeout);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::string hosts_text;
    for (const char* host : {"Hca1", "Hca2", "Hca3", "Hca4"}) {
      std::string log = sim->dir() + "/agent-" + host + ".log";
      sim->start_client({test::ibatlas_binary(), "agent", "--transport", "mad", "--listen",
                         "127.0.0.1:0", "--key", key},
                        {std::string("SIM_HOST=") + host, "SIM_SET_ISSM=1"}, "listening on", log);
      std::smatch port;
      std::string text = read_text(log);
      ASSERT_TRUE(std::regex_search(text, port, std::regex("port ([0-9]+)\\)"))) << text;
      hosts_text += std::string(host) + " 127.0.0.1:" + port[1].str() + " 127.0.0.1\n";
    }
    hosts = sim->dir() + "/hosts";
    std::ofstream(hosts) << hosts_text;
  }

  ProcessResult probe(const std::vector<std::string>& extra) {
    std::vector<std::string> argv{test::ibatlas_binary(),
                                  "probe",
                                  snapshot,
                                  "--transport",
                                  "mad",
                                  "--samples",
                                  std::to_string(kSamples),
                                  "--blocks",
                                  std::to_string(kBlocks),
                                  "--sample-timeout",
                                  "2000"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    ProcessResult r = sim->run(argv, kTimeout);
    EXPECT_FALSE(r.timed_out);
    return r;
  }

  std::unique_ptr<SimFabric> sim;
  std::string snapshot;
  std::string key;
  std::string hosts;
};

// The plan's probes as "from -> to" names, and per coverage entry its probe and control
// indices.
struct PlanView {
  std::vector<std::string> from;
  std::vector<std::string> to;
  std::vector<std::pair<std::vector<int>, std::vector<int>>> coverage;
};

PlanView view(const std::string& json) {
  nlohmann::json plan = nlohmann::json::parse(json);
  PlanView v;
  for (const nlohmann::json& p : plan.at("probes")) {
    v.from.push_back(p.at("from").at("name"));
    v.to.push_back(p.at("to").at("name"));
  }
  for (const nlohmann::json& c : plan.at("coverage")) {
    v.coverage.emplace_back(c.at("probes").get<std::vector<int>>(),
                            c.at("controls").get<std::vector<int>>());
  }
  return v;
}

// From Hca1's port alone, every round trip crosses Hca1's cable: no control. With the agents
// as sources, both directions get controls that avoid Hca1 and probes that start elsewhere.
TEST_F(MadEchoAgentsSim, ASuspectNextToOneHostGetsControlsFromTheOthers) {
  ProcessResult alone =
      sim->run({"env", "SIM_HOST=Hca1", test::ibatlas_binary(), "probe", snapshot, "--transport",
                "mad", "--link", "Hca1:1", "--plan-only", "--json"},
               kTimeout);
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  for (const auto& [probes, controls] : view(alone.out).coverage) {
    EXPECT_TRUE(controls.empty()) << alone.out;
  }
  ProcessResult r =
      probe({"--hosts", hosts, "--key", key, "--link", "Hca1:1", "--plan-only", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  PlanView plan = view(r.out);
  ASSERT_EQ(plan.coverage.size(), 2U);
  std::set<std::string> sources(plan.from.begin(), plan.from.end());
  EXPECT_GT(sources.size(), 1U) << r.out;
  for (const auto& [probes, controls] : plan.coverage) {
    EXPECT_FALSE(probes.empty()) << r.out;
    ASSERT_FALSE(controls.empty()) << r.out;
    for (int c : controls) {
      EXPECT_NE(plan.from[c], "Hca1") << r.out;
      EXPECT_NE(plan.to[c], "Hca1") << r.out;
    }
  }
}

// 30 % of what Switch1 receives from Hca1 is dropped: every round trip that starts or ends
// at Hca1 loses about 30 % (its request, or its reply, crosses that cable once), and no
// other path loses anything.
TEST_F(MadEchoAgentsSim, LossOnTheSuspectsProbesOnlyNoneOnTheirControls) {
  sim->console("Error \"Switch1\"[1] 30");
  ProcessResult plan_run =
      probe({"--hosts", hosts, "--key", key, "--link", "Hca1:1", "--plan-only", "--json"});
  ASSERT_EQ(plan_run.exit_code, 0) << plan_run.err;
  PlanView plan = view(plan_run.out);
  ProcessResult r = probe({"--hosts", hosts, "--key", key, "--link", "Hca1:1", "--json"});
  nlohmann::json doc = nlohmann::json::parse(r.out);
  std::map<std::string, int> lost;  // "from -> to (LID n)" -> lost
  for (const nlohmann::json& f : doc.at("findings")) {
    if (f.at("check") == "probe.loss") {
      std::string message = f.at("message");
      lost[message.substr(0, message.find("):") + 1)] =
          std::stoi(f.at("measured").get<std::string>());
    }
  }
  std::set<std::string> crossing;
  for (std::size_t i = 0; i < plan.from.size(); ++i) {
    if (plan.from[i] == "Hca1" || plan.to[i] == "Hca1") {
      crossing.insert(plan.from[i] + " -> " + plan.to[i]);
    }
  }
  EXPECT_FALSE(crossing.empty());
  for (const auto& [path, n] : lost) {
    bool on_hca1 = path.starts_with("Hca1 ") || path.find("-> Hca1 ") != std::string::npos;
    EXPECT_TRUE(on_hca1) << path << " lost " << n << "\n" << r.out;
    // Binomial(200, 0.3): mean 60, sd 6.5; the bounds are 6 sd away.
    EXPECT_GT(n, 20) << path;
    EXPECT_LT(n, 100) << path;
  }
  for (const std::string& pair : crossing) {
    bool found = false;
    for (const auto& [path, n] : lost) {
      found = found || path.starts_with(pair + " (");
    }
    EXPECT_TRUE(found) << pair << " crosses the lossy cable and lost nothing\n" << r.out;
  }
  EXPECT_EQ(r.err.find("blocks failed"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("\"probe.unreachable_host\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ibatlas
