// `ibatlas history` over hand-written XML snapshots of two SM hosts, A (guid ...a1) and B
// (...b1), where one or the other is master: sm.flapping in the findings JSON and text, and
// the exit status. Expected moves and times are read off the snapshots as written.

#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

// A snapshot at `time` where `master` ('a' or 'b') is master and the other standby.
std::string snapshot(const std::string& time, char master) {
  auto state = [&](char sm) { return sm == master ? "master" : "standby"; };
  return std::string(R"(<?xml version="1.0" encoding="UTF-8"?>
<ibatlas-snapshot version="1">
  <provenance source="live:mlx5_0/1" format="live" tool="ibatlas 0.1.0" time=")") +
         time + R"(" />
  <node index="0" type="Switch" guid="0x0000000000000010" port-count="8" description="leaf1">
    <port number="0" guid="0x0000000000000010" lid="1" lmc="0" />
    <port number="1" width="4x" speed="EDR" peer-node="1" peer-port="1" />
    <port number="2" width="4x" speed="EDR" peer-node="2" peer-port="1" />
  </node>
  <node index="1" type="CA" guid="0x00000000000000a0" port-count="1" description="smA HCA-1">
    <port number="1" guid="0x00000000000000a1" lid="2" lmc="0" width="4x" speed="EDR" peer-node="0" peer-port="1" />
  </node>
  <node index="2" type="CA" guid="0x00000000000000b0" port-count="1" description="smB HCA-1">
    <port number="1" guid="0x00000000000000b1" lid="3" lmc="0" width="4x" speed="EDR" peer-node="0" peer-port="2" />
  </node>
  <subnet-managers>
    <sm port-guid="0x00000000000000a1" lid="2" guid="0x00000000000000a1" priority="5" state=")" +
         state('a') + R"(" act-count="10" />
    <sm port-guid="0x00000000000000b1" lid="3" guid="0x00000000000000b1" priority="5" state=")" +
         state('b') + R"(" act-count="20" />
  </subnet-managers>
</ibatlas-snapshot>
)";
}

class HistorySmTest : public ::testing::Test {
 protected:
  // One file per master in `masters`, an hour apart from 10:00, named so that the name order
  // is not the time order (the order must come from the times).
  std::string series(const std::string& masters) {
    for (std::size_t i = 0; i < masters.size(); ++i) {
      std::string time = "2026-11-01T1" + std::to_string(i) + ":00:00Z";
      test::write_file(dir_.file(std::string(1, static_cast<char>('z' - i)) + ".xml"),
                       snapshot(time, masters[i]));
    }
    return dir_.path().string();
  }

  test::TempDir dir_;
};

TEST_F(HistorySmTest, MasterMovingTwiceIsSmFlappingInTheFindingsJson) {
  test::CliRun r = test::run_cli({"history", series("abba"), "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;  // a warning: below the default --fail-on error
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "ibatlas.findings/1");
  EXPECT_EQ(j["command"], "history");
  EXPECT_EQ(j["summary"]["findings"], 1);
  EXPECT_EQ(j["summary"]["warnings"], 1);
  ASSERT_EQ(j["findings"].size(), 1U);
  const nlohmann::json& f = j["findings"][0];
  EXPECT_EQ(f["check"], "sm.flapping");
  EXPECT_EQ(f["severity"], "warning");
  EXPECT_EQ(f["docs"], "docs/checks.md#smflapping");
  EXPECT_EQ(f["location"]["kind"], "port");  // A, master again at #3 (13:00)
  EXPECT_EQ(f["location"]["here"]["node_guid"], "0x00000000000000a0");
  EXPECT_EQ(f["location"]["here"]["port"], 1);
  EXPECT_EQ(f["measured"], "master changed 2 times");
  EXPECT_EQ(f["message"],
            "the master SM moved 2 times: 0x00000000000000a1 -> 0x00000000000000b1 at #1 "
            "(2026-11-01T11:00:00Z); 0x00000000000000b1 -> 0x00000000000000a1 at #3 "
            "(2026-11-01T13:00:00Z)");
  // The history itself is the document's report.
  const nlohmann::json& report = j["report"];
  ASSERT_EQ(report["snapshots"].size(), 4U);
  EXPECT_EQ(report["snapshots"][0]["time"], "2026-11-01T10:00:00Z");
  ASSERT_EQ(report["subnet_managers"]["changes"].size(), 2U);
  EXPECT_EQ(report["subnet_managers"]["changes"][1]["time"], "2026-11-01T13:00:00Z");
  EXPECT_EQ(report["subnet_managers"]["flapping"], true);
}

TEST_F(HistorySmTest, FailOnWarningExitsOneAndTheTextListsIt) {
  std::string dir = series("aba");
  test::CliRun r = test::run_cli({"history", dir, "--fail-on", "warning"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_NE(r.out.find("master SM changes (2):"), std::string::npos) << r.out;
  // The findings table (columns padded to their widest cell), piped: one line per finding.
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex("\n1 findings \\(0 errors, 1 warnings, 0 info\\)\n"
                                          "SEVERITY +CHECK +LOCATION +MESSAGE\n"
                                          "warning +sm\\.flapping +smA HCA-1 port 1 +the master")))
      << r.out;
}

TEST_F(HistorySmTest, MasterMovingOnceIsNoFinding) {
  std::string dir = series("aabb");
  test::CliRun r = test::run_cli({"history", dir, "--json", "--fail-on", "info"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["summary"]["findings"], 0);
  EXPECT_EQ(j["report"]["subnet_managers"]["changes"].size(), 1U);
  EXPECT_EQ(j["report"]["subnet_managers"]["flapping"], false);
  test::CliRun text = test::run_cli({"history", dir});
  EXPECT_NE(text.out.find("\n0 findings (0 errors, 0 warnings, 0 info)\n"), std::string::npos)
      << text.out;
}

}  // namespace
}  // namespace ibatlas
