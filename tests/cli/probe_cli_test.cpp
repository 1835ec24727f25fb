// `ibatlas probe` in process, without traffic: the plan for suspects given on the command
// line and in a findings file, and the refusals that stop a run before any socket opens.
// The runs themselves are tests/sim/probe_netns_test.cpp. Routes on fixtures/probe-2tier were
// traced by hand (`ibatlas routes snapshot.xml --trace A B`; the fixture's README).

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <sys/stat.h>

namespace ibatlas {
namespace {

std::string snapshot() {
  return test::source_dir() + "/fixtures/probe-2tier/snapshot.xml";
}

void write(const std::string& path, const std::string& text, mode_t mode = 0600) {
  std::ofstream(path) << text;
  ::chmod(path.c_str(), mode);
}

TEST(ProbeCliTest, PlanOnlyJsonCoversBothDirectionsOfTheLink) {
  test::CliRun r =
      test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--plan-only", "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json plan = nlohmann::json::parse(r.out);
  EXPECT_EQ(plan.at("schema"), "ibatlas.probe-plan/1");
  ASSERT_EQ(plan.at("coverage").size(), 2U);
  for (const nlohmann::json& d : plan.at("coverage")) {
    EXPECT_FALSE(d.at("probes").empty());
    EXPECT_FALSE(d.at("controls").empty());
  }
  // Every probe starts or ends under leaf1 (host1, host2) or is a control, and UDP plans use
  // base LIDs only: each DLID is its port's base LID (2, 5, 8, 10, 11, 12, 13 or 14).
  for (const nlohmann::json& p : plan.at("probes")) {
    int dlid = p.at("dlid").get<int>();
    EXPECT_TRUE(dlid == 2 || dlid == 5 || dlid == 8 || (dlid >= 10 && dlid <= 14)) << dlid;
  }
}

TEST(ProbeCliTest, SuspectsComeFromAFindingsFile) {
  test::TempDir dir;
  std::string findings = dir.path().string() + "/check.json";
  write(findings, R"({"schema": "ibatlas.findings/1", "command": "check", "source": "s",
    "format": "xml", "summary": {"findings": 1, "errors": 1, "warnings": 0, "info": 0},
    "findings": [{"check": "link.degraded", "severity": "error",
      "docs": "docs/checks.md#linkdegraded",
      "location": {"kind": "link", "text": "leaf2 port 3 <-> spine1 port 2",
        "here": {"node_guid": "0x0000000000200003", "node": "leaf2", "port": 3},
        "peer": {"node_guid": "0x0000000000200000", "node": "spine1", "port": 2}},
      "measured": "1xSDR", "expected": "4xSDR", "hint": "", "message": ""}]})");
  test::CliRun r = test::run_cli({"probe", snapshot(), "--suspects", findings, "--plan-only"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("\"leaf2\" port 3 -> \"spine1\" port 2 (link.degraded)"), std::string::npos)
      << r.out;
}

TEST(ProbeCliTest, RefusesWhatCannotRun) {
  test::TempDir dir;
  test::CliRun none = test::run_cli({"probe", snapshot(), "--plan-only"});
  EXPECT_EQ(none.status, kExitBadInput);
  EXPECT_NE(none.err.find("no suspect links"), std::string::npos) << none.err;

  test::CliRun node = test::run_cli({"probe", snapshot(), "--link", "leaf1", "--plan-only"});
  EXPECT_NE(node.err.find("expected NODE:PORT"), std::string::npos) << node.err;

  test::CliRun unplugged = test::run_cli({"probe", snapshot(), "--link", "leaf1:7", "--plan-only"});
  EXPECT_NE(unplugged.err.find("has no cable"), std::string::npos) << unplugged.err;

  std::string key = dir.path().string() + "/key";
  write(key, std::string(64, 'a') + "\n", 0644);
  std::string hosts = dir.path().string() + "/hosts";
  write(hosts, "host1 127.0.0.1:7000\n");
  test::CliRun open_key =
      test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--hosts", hosts, "--key", key});
  EXPECT_EQ(open_key.status, kExitBadInput);
  EXPECT_NE(open_key.err.find(key), std::string::npos) << open_key.err;

  ::chmod(key.c_str(), 0600);
  write(hosts, "host1 127.0.0.1\n");
  test::CliRun bad_hosts =
      test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--hosts", hosts, "--key", key});
  EXPECT_EQ(bad_hosts.status, kExitBadInput);
  EXPECT_NE(bad_hosts.err.find(hosts + ":1: expected ADDRESS:PORT"), std::string::npos)
      << bad_hosts.err;

  write(hosts, "nosuchhost 127.0.0.1:7000\n");
  test::CliRun stranger =
      test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--hosts", hosts, "--key", key});
  EXPECT_EQ(stranger.status, kExitBadInput);
  EXPECT_NE(stranger.err.find(hosts + ":1: "), std::string::npos) << stranger.err;
}

TEST(ProbeCliTest, KeygenWritesAPrivateKeyAndNeverOverwrites) {
  test::TempDir dir;
  std::string key = dir.path().string() + "/key";
  test::CliRun first = test::run_cli({"keygen", key});
  ASSERT_EQ(first.status, kExitOk) << first.err;

  struct stat st {};

  ASSERT_EQ(::stat(key.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600U);
  std::ifstream in(key);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.size(), 64U);
  test::CliRun again = test::run_cli({"keygen", key});
  EXPECT_NE(again.status, kExitOk);
}

}  // namespace
}  // namespace ibatlas
