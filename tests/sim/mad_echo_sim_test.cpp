// The MAD-echo probe transport (`probe --transport mad`, `agent --transport mad`) under
// ibsim, which has no latency model: these tests prove that echoes are answered, that the
// DLID picks the LMC path, and that loss lands on the probe that crosses a lossy cable.
// Oracles: ibaddr (LIDs), ibtracert (the path of each LID), perfquery (PMA packet
// counters), ibping and ibping -S (our responder and our prober speak their protocol),
// ibsim's `Error` (the drop rate).
//
// Fabric: Hca1 - Switch1 =(ports 3 and 5)= Switch2 - Hca2, opensm -o with LMC 1, so Hca2's
// two LIDs take the two inter-switch cables. The prober attaches at Hca1, the responder at
// Hca2 (SIM_SET_ISSM=1: ibsim hands QP1 requests only to an SM-capable client).
// MadEchoSimFour adds Hca3 on Switch1 and Hca4 on Switch2, with agents on all three: the plan
// must still start every probe at Hca1, the prober's port (PlanOptions::sources), so no
// block is Refused.

#include "mad_echo_sim.hpp"

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::milliseconds;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

constexpr milliseconds kTimeout{120000};
constexpr int kSamples = 100;
constexpr int kBlocks = 2;
constexpr int kWarmup = 10;  // RunOptions' default: sent, never a sample

constexpr const char* kNetfile = R"(Switch 8 "Switch1"
[1] "Hca1"[1]
[3] "Switch2"[3]
[5] "Switch2"[5]

Switch 8 "Switch2"
[1] "Hca2"[1]
[3] "Switch1"[3]
[5] "Switch1"[5]

Hca 2 "Hca1"
[1] "Switch1"[1]

Hca 2 "Hca2"
[1] "Switch2"[1]
)";

ProcessResult run_at(SimFabric& sim, const std::string& host, std::vector<std::string> argv) {
  argv.insert(argv.begin(), {"env", "SIM_HOST=" + host});
  ProcessResult r = sim.run(argv, kTimeout);
  EXPECT_FALSE(r.timed_out) << argv[2];
  return r;
}

// ibaddr at `host`: its base LID.
int base_lid(SimFabric& sim, const std::string& host) {
  ProcessResult r = run_at(sim, host, {"ibaddr"});
  std::smatch m;
  EXPECT_TRUE(std::regex_search(r.out, m, std::regex("LID start 0x([0-9a-f]+)"))) << r.out << r.err;
  return m.empty() ? 0 : std::stoi(m[1], nullptr, 16);
}

struct Trace {
  int switch1_lid = 0;
  int switch1_exit = 0;   // the port the path leaves Switch1 by
  int switch2_entry = 0;  // the port it enters Switch2 by
};

// ibtracert from `from` to `dlid`, read at the hop from Switch1 to Switch2.
Trace trace(SimFabric& sim, int from, int dlid) {
  ProcessResult r = run_at(sim, "Hca1", {"ibtracert", std::to_string(from), std::to_string(dlid)});
  Trace t;
  std::smatch m;
  if (std::regex_search(r.out, m, std::regex(R"(lid (\d+)-\d+ "Switch1")"))) {
    t.switch1_lid = std::stoi(m[1]);
  }
  if (std::regex_search(
          r.out, m,
          std::regex(R"(\n\[(\d+)\] -> switch port \{[^}]*\}\[(\d+)\][^\n]*"Switch2")"))) {
    t.switch1_exit = std::stoi(m[1]);
    t.switch2_entry = std::stoi(m[2]);
  }
  EXPECT_NE(t.switch1_exit, 0) << r.out << r.err;
  return t;
}

// perfquery: PortXmitPkts of one port.
long xmit_packets(SimFabric& sim, int lid, int port) {
  ProcessResult r = run_at(sim, "Hca1", {"perfquery", std::to_string(lid), std::to_string(port)});
  std::smatch m;
  EXPECT_TRUE(std::regex_search(r.out, m, std::regex(R"(PortXmitPkts:\.*(\d+))"))) << r.err;
  return m.empty() ? -1 : std::stol(m[1]);
}

struct PathRow {
  int samples = -1;
  int lost = -1;
};

// The probe report's rows "Hca1 -> Hca2 (LID n)  bytes samples p50 p99 p99.9 max lost".
std::map<int, PathRow> hca1_rows(const std::string& report) {
  std::map<int, PathRow> rows;
  std::regex row(R"(Hca1 -> Hca2 \(LID (\d+)\)\s+256\s+(\d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(\d+))");
  for (auto it = std::sregex_iterator(report.begin(), report.end(), row);
       it != std::sregex_iterator(); ++it) {
    rows[std::stoi((*it)[1])] = PathRow{std::stoi((*it)[2]), std::stoi((*it)[3])};
  }
  return rows;
}

// The DLIDs of the probe.loss findings, in report order: piped, the findings table puts
// each on one line, "warning  probe.loss  LOCATION  MESSAGE" (the message names the LID).
std::vector<int> loss_finding_lids(const std::string& report) {
  std::regex loss(R"(probe\.loss[^\n]*\(LID (\d+)\))");
  std::vector<int> lids;
  for (auto it = std::sregex_iterator(report.begin(), report.end(), loss);
       it != std::sregex_iterator(); ++it) {
    lids.push_back(std::stoi((*it)[1]));
  }
  return lids;
}

class MadEchoSim : public ::testing::Test {
 protected:
  virtual const char* netfile() const { return kNetfile; }

  void SetUp() override {
    SimOptions options;
    options.netfile_text = netfile();
    options.start_opensm = false;
    sim = std::make_unique<SimFabric>(options);
    snapshot = sim->dir() + "/fabric.xml";
    ASSERT_NO_FATAL_FAILURE(test::bring_up_with_lmc1(*sim, snapshot, kTimeout));
    hca1 = base_lid(*sim, "Hca1");
    hca2 = base_lid(*sim, "Hca2");
  }

  void start_agent(const std::string& host = "Hca2") {
    sim->start_client({test::ibatlas_binary(), "agent", "--transport", "mad"},
                      {"SIM_HOST=" + host, "SIM_SET_ISSM=1"}, "mad echo ready",
                      sim->dir() + "/agent-" + host + ".log");
  }

  // Probes across both inter-switch cables from Hca1.
  ProcessResult probe(std::vector<std::string> extra = {}) {
    std::vector<std::string> argv{
        test::ibatlas_binary(), "probe", snapshot, "--transport", "mad", "--link", "Switch1:3",
        "--link", "Switch1:5", "--samples", std::to_string(kSamples), "--blocks",
        std::to_string(kBlocks),
        // ibsim returns a dropped MAD at once, so a long timeout costs nothing
        // and a loaded machine's slow reply is never taken for a loss.
        "--sample-timeout", "2000"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return run_at(*sim, "Hca1", argv);
  }

  std::unique_ptr<SimFabric> sim;
  std::string snapshot;
  int hca1 = 0;
  int hca2 = 0;
};

TEST_F(MadEchoSim, IbpingIsAnsweredByOurAgent) {
  start_agent();
  ProcessResult r = run_at(*sim, "Hca1", {"ibping", "-f", "-c", "200", "-L", std::to_string(hca2)});
  EXPECT_NE(r.out.find("200 packets transmitted, 200 received"), std::string::npos)
      << r.out << r.err;
}

TEST_F(MadEchoSim, CleanProbeEveryEchoAnsweredOnBothLids) {
  start_agent();
  ProcessResult r = probe();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  std::map<int, PathRow> rows = hca1_rows(r.out);
  ASSERT_EQ(rows.size(), 2U) << r.out;  // Hca2's base LID and base + 1
  for (int dlid : {hca2, hca2 + 1}) {
    EXPECT_EQ(rows[dlid].samples, kSamples * kBlocks) << "LID " << dlid << "\n" << r.out;
    EXPECT_EQ(rows[dlid].lost, 0) << "LID " << dlid;
  }
  EXPECT_EQ(r.out.find("probe.loss"), std::string::npos) << r.out;
  // Planned from Hca1 only: the way back is measured by the echoes' replies, not by probes
  // from Hca2 (which this prober could not send: Refused, "blocks failed").
  EXPECT_EQ(r.out.find("Hca2 -> "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("blocks failed:"), std::string::npos) << r.out;
}

// The stock responder writes its host name over our payload: replies match by TID alone.
TEST_F(MadEchoSim, IbpingServerAnswersOurProbes) {
  sim->start_client({"sh", "-c", "echo ibping-server ready; exec ibping -S"},
                    {"SIM_HOST=Hca2", "SIM_SET_ISSM=1"}, "ibping-server ready",
                    sim->dir() + "/ibping-server.log");
  ProcessResult r = probe();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  std::map<int, PathRow> rows = hca1_rows(r.out);
  ASSERT_EQ(rows.size(), 2U) << r.out;
  for (int dlid : {hca2, hca2 + 1}) {
    EXPECT_EQ(rows[dlid].samples, kSamples * kBlocks) << "LID " << dlid << "\n" << r.out;
    EXPECT_EQ(rows[dlid].lost, 0) << "LID " << dlid;
  }
}

TEST_F(MadEchoSim, LmcLidPicksThePathShownByPmaCounters) {
  start_agent();
  Trace base = trace(*sim, hca1, hca2);
  Trace other = trace(*sim, hca1, hca2 + 1);
  ASSERT_NE(base.switch1_exit, other.switch1_exit) << "LMC 1 should spread Hca2's LIDs";
  long before_base = xmit_packets(*sim, base.switch1_lid, base.switch1_exit);
  long before_other = xmit_packets(*sim, base.switch1_lid, other.switch1_exit);
  ProcessResult r = probe();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  long per_lid = static_cast<long>(kBlocks) * (kWarmup + kSamples);
  EXPECT_EQ(xmit_packets(*sim, base.switch1_lid, base.switch1_exit) - before_base, per_lid);
  EXPECT_EQ(xmit_packets(*sim, base.switch1_lid, other.switch1_exit) - before_other, per_lid);
}

TEST_F(MadEchoSim, LossOnOneCableOnlyOnTheProbeCrossingIt) {
  start_agent();
  Trace base = trace(*sim, hca1, hca2);
  // 30 % of the packets Switch2 receives on the base LID's cable are dropped.
  sim->console("Error \"Switch2\"[" + std::to_string(base.switch2_entry) + "] 30");
  ProcessResult r = probe();
  std::map<int, PathRow> rows = hca1_rows(r.out);
  ASSERT_EQ(rows.size(), 2U) << r.out;
  int sent = kSamples * kBlocks;
  // Binomial(200, 0.3): mean 60, sd 6.5; the bounds are 6 sd away.
  EXPECT_GT(rows[hca2].lost, 20) << r.out;
  EXPECT_LT(rows[hca2].lost, 100) << r.out;
  EXPECT_EQ(rows[hca2].samples + rows[hca2].lost, sent);
  EXPECT_EQ(rows[hca2 + 1].lost, 0) << r.out;
  EXPECT_EQ(rows[hca2 + 1].samples, sent);
  EXPECT_EQ(loss_finding_lids(r.out), std::vector<int>{hca2}) << r.out;
}

class MadEchoSimFour : public MadEchoSim {
 protected:
  const char* netfile() const override { return test::kMadEchoFourHcas; }
};

// Agents everywhere, prober at Hca1: every planned probe starts at Hca1 (the plan's JSON),
// and every block runs: no "blocks failed:" line, every row from Hca1 with all its samples.
TEST_F(MadEchoSimFour, PlannedFromTheProbersPortOnlyNoBlockRefused) {
  for (const char* host : {"Hca2", "Hca3", "Hca4"}) {
    start_agent(host);
  }
  ProcessResult plan = probe({"--plan-only", "--json"});
  ASSERT_EQ(plan.exit_code, 0) << plan.out << plan.err;
  std::regex from(R"re("from": \{[^}]*"name": "([^"]*)")re");
  int probes = 0;
  for (auto it = std::sregex_iterator(plan.out.begin(), plan.out.end(), from);
       it != std::sregex_iterator(); ++it) {
    EXPECT_EQ((*it)[1], "Hca1") << plan.out;
    ++probes;
  }
  EXPECT_GT(probes, 0) << plan.out;
  ProcessResult r = probe();
  EXPECT_EQ(r.out.find("blocks failed:"), std::string::npos) << r.out << r.err;
  for (const char* other : {"Hca2 -> ", "Hca3 -> ", "Hca4 -> "}) {
    EXPECT_EQ(r.out.find(other), std::string::npos) << r.out;
  }
  std::regex row(R"((Hca1 -> \S+ \(LID \d+\))\s+256\s+(\d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(\d+))");
  int rows = 0;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), row);
       it != std::sregex_iterator(); ++it) {
    EXPECT_EQ(std::stoi((*it)[2]), kSamples * kBlocks) << (*it)[1];
    EXPECT_EQ(std::stoi((*it)[3]), 0) << (*it)[1];
    ++rows;
  }
  EXPECT_GT(rows, 0) << r.out;
}

}  // namespace
}  // namespace ibatlas
