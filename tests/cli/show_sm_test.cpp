// `ibatlas show` of a snapshot that read SMInfo: the subnet managers in text and JSON. The
// snapshot is the hand-written XML below; expected values are read off it.

#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

// One switch and one CA; the CA runs the master (read twice), the switch a not-active SM
// read once.
constexpr const char* kSnapshot = R"(<?xml version="1.0" encoding="UTF-8"?>
<ibatlas-snapshot version="1">
  <provenance source="live:mlx5_0/1" format="live" tool="ibatlas 0.1.0" />
  <node index="0" type="Switch" guid="0x7cfe900300992080" port-count="36" enhanced-port0="true" description="leaf1">
    <port number="0" guid="0x7cfe900300992080" lid="3" lmc="0" />
    <port number="1" width="4x" speed="EDR" peer-node="1" peer-port="1" />
  </node>
  <node index="1" type="CA" guid="0x7cfe9003004b0700" port-count="1" description="host1 HCA-1">
    <port number="1" guid="0x7cfe9003004b0701" lid="5" lmc="0" width="4x" speed="EDR" peer-node="0" peer-port="1" />
  </node>
  <subnet-managers>
    <sm port-guid="0x7cfe900300992080" guid="0x7cfe900300992080" priority="0" state="not active" act-count="0" />
    <sm port-guid="0x7cfe9003004b0701" lid="5" guid="0x7cfe9003004b0701" priority="15" state="master" act-count="1200" act-count-again="1203" interval-ms="501" />
  </subnet-managers>
</ibatlas-snapshot>
)";

constexpr const char* kNoSmRead = R"(<?xml version="1.0" encoding="UTF-8"?>
<ibatlas-snapshot version="1">
  <provenance source="x.txt" format="ibnetdiscover" tool="ibnetdiscover" />
  <node index="0" type="Switch" guid="0x7cfe900300992080" port-count="36" description="leaf1" />
</ibatlas-snapshot>
)";

std::string write(const test::TempDir& dir, const std::string& name, const char* text) {
  std::string path = (dir.path() / name).string();
  std::ofstream(path) << text;
  return path;
}

TEST(ShowSmTest, JsonListsEverySmMasterFirstWithWhatWasRead) {
  test::TempDir dir;
  test::CliRun r = test::run_cli({"show", write(dir, "sm.xml", kSnapshot), "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["subnet_managers"].size(), 2u) << r.out;
  const nlohmann::json& idle = j["subnet_managers"][1];
  EXPECT_EQ(idle["guid"], "0x7cfe900300992080");
  EXPECT_TRUE(idle["lid"].is_null());
  EXPECT_EQ(idle["state"], "not active");
  EXPECT_EQ(idle["priority"], 0);
  EXPECT_FALSE(idle.contains("act_count_again"));
  const nlohmann::json& master = j["subnet_managers"][0];
  EXPECT_EQ(master["guid"], "0x7cfe9003004b0701");
  EXPECT_EQ(master["port_guid"], "0x7cfe9003004b0701");
  EXPECT_EQ(master["lid"], 5);
  EXPECT_EQ(master["state"], "master");
  EXPECT_EQ(master["priority"], 15);
  EXPECT_EQ(master["act_count"], 1200);
  EXPECT_EQ(master["act_count_again"], 1203);
  EXPECT_EQ(master["interval_ms"], 501);
}

TEST(ShowSmTest, TextPutsTheMasterFirst) {
  test::TempDir dir;
  test::CliRun r = test::run_cli({"show", write(dir, "sm.xml", kSnapshot)});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::size_t block = r.out.find("subnet managers: 2");
  ASSERT_NE(block, std::string::npos) << r.out;
  std::size_t master = r.out.find("master: 0x7cfe9003004b0701 lid 5 priority 15", block);
  std::size_t idle = r.out.find("not active: 0x7cfe900300992080", block);
  ASSERT_NE(master, std::string::npos) << r.out;
  ASSERT_NE(idle, std::string::npos) << r.out;
  EXPECT_LT(master, idle);
  EXPECT_NE(r.out.find("ActCount 1200 -> 1203 in 501 ms", master), std::string::npos) << r.out;
}

TEST(ShowSmTest, NeverReadMeansNoKeyNotAnEmptyList) {
  test::TempDir dir;
  test::CliRun r = test::run_cli({"show", write(dir, "none.xml", kNoSmRead), "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_FALSE(nlohmann::json::parse(r.out).contains("subnet_managers")) << r.out;
  test::CliRun text = test::run_cli({"show", write(dir, "none.xml", kNoSmRead)});
  EXPECT_EQ(text.out.find("subnet managers"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace ibatlas
