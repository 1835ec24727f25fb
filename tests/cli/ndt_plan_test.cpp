// `check --plan` and `render --plan` with a UFM NDT design file. The oracle is hand-made: an
// ibnetdiscover dump of a small fabric (two leaves, a director with two line ASICs and a
// spine ASIC, three hosts) written by hand, and its NDT, with one cable moved by hand: leaf02
// port 21 sits in line blade 1's port 3 where the design says port 2.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

using test::run_cli;

constexpr const char* kFabric =
    R"(Switch	41 "S-0000000000000101"		# "MF0;leaf01:MQM8700/U1" enhanced port 0 lid 1 lmc 0
[1]	"H-0000000000001001"[1](1001) 		# "node01 ibp11s0f0" lid 11 4xHDR
[2]	"H-0000000000002001"[1](2001) 		# "node02 ibp11s0f0" lid 12 4xHDR
[21]	"S-0000000000000a01"[1]		# "MF0;dir-a:MCS8500/L01/U1" lid 3 4xHDR
[22]	"S-0000000000000a02"[1]		# "MF0;dir-a:MCS8500/L02/U1" lid 4 4xHDR

Switch	41 "S-0000000000000102"		# "MF0;leaf02:MQM8700/U1" enhanced port 0 lid 2 lmc 0
[1]	"H-0000000000003001"[1](3001) 		# "node03 ibp11s0f0" lid 13 4xHDR
[21]	"S-0000000000000a01"[3]		# "MF0;dir-a:MCS8500/L01/U1" lid 3 4xHDR
[22]	"S-0000000000000a02"[2]		# "MF0;dir-a:MCS8500/L02/U1" lid 4 4xHDR

Switch	41 "S-0000000000000a01"		# "MF0;dir-a:MCS8500/L01/U1" base port 0 lid 3 lmc 0
[1]	"S-0000000000000101"[21]		# "MF0;leaf01:MQM8700/U1" lid 1 4xHDR
[3]	"S-0000000000000102"[21]		# "MF0;leaf02:MQM8700/U1" lid 2 4xHDR
[19]	"S-0000000000000a10"[1]		# "MF0;dir-a:MCS8500/S01/U1" lid 5 4xHDR

Switch	41 "S-0000000000000a02"		# "MF0;dir-a:MCS8500/L02/U1" base port 0 lid 4 lmc 0
[1]	"S-0000000000000101"[22]		# "MF0;leaf01:MQM8700/U1" lid 1 4xHDR
[2]	"S-0000000000000102"[22]		# "MF0;leaf02:MQM8700/U1" lid 2 4xHDR
[19]	"S-0000000000000a10"[2]		# "MF0;dir-a:MCS8500/S01/U1" lid 5 4xHDR

Switch	41 "S-0000000000000a10"		# "MF0;dir-a:MCS8500/S01/U1" base port 0 lid 5 lmc 0
[1]	"S-0000000000000a01"[19]		# "MF0;dir-a:MCS8500/L01/U1" lid 3 4xHDR
[2]	"S-0000000000000a02"[19]		# "MF0;dir-a:MCS8500/L02/U1" lid 4 4xHDR

Ca	1 "H-0000000000001001"		# "node01 ibp11s0f0"
[1](1001) 	"S-0000000000000101"[1]		# lid 11 lmc 0 "MF0;leaf01:MQM8700/U1" lid 1 4xHDR

Ca	1 "H-0000000000002001"		# "node02 ibp11s0f0"
[1](2001) 	"S-0000000000000101"[2]		# lid 12 lmc 0 "MF0;leaf01:MQM8700/U1" lid 1 4xHDR

Ca	1 "H-0000000000003001"		# "node03 ibp11s0f0"
[1](3001) 	"S-0000000000000102"[1]		# lid 13 lmc 0 "MF0;leaf02:MQM8700/U1" lid 2 4xHDR
)";

// The design, as UFM's NDTs are written: upper-case names, CRLF, a cable listed both ways,
// a host row whose LinkType has a leading blank, and a port planned with no cable.
constexpr const char* kDesign =
    "#StartDevice,StartPort,EndDevice,EndPort,LinkType\r\n"
    "LEAF01,Port 21,DIR-A,Blade 1_Port 1/1,Data\r\n"
    "LEAF01,Port 22,DIR-A,Blade 2_Port 1/1,Data\r\n"
    "LEAF02,Port 21,DIR-A,Blade 1_Port 1/2,Data\r\n"
    "LEAF02,Port 22,DIR-A,Blade 2_Port 1/2,Data\r\n"
    "DIR-A,Blade 1_Port 1/1,LEAF01,Port 21,Data\r\n"
    "NODE01,NODE01 ibp11s0f0,LEAF01,Port 1,Data\r\n"
    "NODE02,NODE02 ibp11s0f0,LEAF01,Port 2,Data\r\n"
    "NODE03,NODE03 ibp11s0f0,LEAF02,Port 1, Data\r\n"
    "LEAF02,Port 40,,,Disabled\r\n";

class NdtPlanCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_file(fabric_path, kFabric);
    test::write_file(design_path, kDesign);
  }

  test::TempDir dir;
  std::string fabric_path = dir.file("fabric.txt");
  std::string design_path = dir.file("design.ndt");
};

std::vector<nlohmann::json> plan_findings(const std::string& json) {
  std::vector<nlohmann::json> out;
  nlohmann::json doc = nlohmann::json::parse(json);
  for (const nlohmann::json& f : doc["findings"]) {
    if (f["check"].get<std::string>().rfind("plan.", 0) == 0) {
      out.push_back(f);
    }
  }
  return out;
}

TEST_F(NdtPlanCliTest, CheckReportsExactlyTheMovedCable) {
  test::CliRun r = run_cli({"check", fabric_path, "--plan", design_path, "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  std::vector<nlohmann::json> findings = plan_findings(r.out);
  ASSERT_EQ(findings.size(), 1u) << r.out;
  EXPECT_EQ(findings[0]["check"], "plan.miswired");
  std::string message = findings[0]["message"].get<std::string>();
  EXPECT_NE(message.find("MF0;leaf02:MQM8700/U1 port 21 should reach "
                         "MF0;dir-a:MCS8500/L01/U1 port 2 but reaches "
                         "MF0;dir-a:MCS8500/L01/U1 port 3"),
            std::string::npos)
      << message;
  EXPECT_NE(r.err.find("design.ndt: 1 row(s) plan no cable"), std::string::npos) << r.err;
}

TEST_F(NdtPlanCliTest, TheFabricAsDesignedHasNoPlanFindings) {
  std::string as_designed = kFabric;
  auto fix = [&as_designed](const std::string& from, const std::string& to) {
    as_designed.replace(as_designed.find(from), from.size(), to);
  };
  fix("\"S-0000000000000a01\"[3]", "\"S-0000000000000a01\"[2]");
  fix("[3]\t\"S-0000000000000102\"[21]", "[2]\t\"S-0000000000000102\"[21]");
  test::write_file(fabric_path, as_designed);
  test::CliRun r = run_cli({"check", fabric_path, "--plan", design_path, "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err << r.out;
  EXPECT_TRUE(plan_findings(r.out).empty()) << r.out;
}

TEST_F(NdtPlanCliTest, RenderMarksThePlanFindings) {
  std::string svg = dir.file("map.svg");
  test::CliRun r = run_cli({"render", fabric_path, "--plan", design_path, "--check", "-o", svg});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  // The miswire and link.unknown_capability, as check reports them.
  EXPECT_NE(r.err.find(", 2 findings marked)"), std::string::npos) << r.err;
}

TEST_F(NdtPlanCliTest, ABadPortIsAnInputErrorWithItsLine) {
  test::write_file(design_path,
                   "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
                   "LEAF01,Port 21,DIR-A,Blade 1_Port 1/1,Data\n"
                   "LEAF01,Port 1/2,DIR-A,Blade 2_Port 1/1,Data\n");
  test::CliRun r = run_cli({"check", fabric_path, "--plan", design_path});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find(design_path + ":3: expected a port `Port N`"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("found \"Port 1/2\" (a port label"), std::string::npos) << r.err;
}

TEST_F(NdtPlanCliTest, AFileInNoPlanFormatNamesThePlanFormats) {
  std::string plan = dir.file("plan.txt");
  test::write_file(plan, "# cables\nleaf01 21 -> dir-a L01 1\n");
  const std::vector<std::vector<std::string>> runs = {
      {"check", fabric_path, "--plan", plan},
      {"render", fabric_path, "--plan", plan, "-o", dir.file("map.svg")},
  };
  for (const std::vector<std::string>& args : runs) {
    test::CliRun r = run_cli(args);
    EXPECT_EQ(r.status, kExitBadInput) << args[0];
    EXPECT_NE(
        r.err.find(plan + ":2: expected a cabling plan (ibatlas plan CSV header "
                          "`node,port,peer_node,peer_port`, UFM NDT CSV `#StartDevice,StartPort,"),
        std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("or a fabric dump), found \"leaf01 21 -> dir-a L01 1\""),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("ibnetdiscover"), std::string::npos) << r.err;
  }
}

TEST_F(NdtPlanCliTest, AFabricDumpIsStillAGoldenPlan) {
  test::CliRun r = run_cli({"check", fabric_path, "--plan", fabric_path, "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(plan_findings(r.out).empty()) << r.out;
}

}  // namespace
}  // namespace ibatlas
