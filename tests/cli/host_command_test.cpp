// `ibatlas host` in process on the hand-built sysfs trees of fixtures/host/ (make-fixtures.sh
// says what each holds; the findings expected were worked out by hand from those values and
// docs/checks.md), the refusals (a link out of the root, no HCA), and --capture read back.

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/findings_json.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

std::string fixture(const std::string& name) {
  return test::source_dir() + "/fixtures/host/" + name;
}

// The check ids of a --json run, in report order.
std::vector<std::string> checks_of(const test::CliRun& run) {
  FindingsDocument doc = read_findings_json(run.out, "host.json");
  std::vector<std::string> ids;
  for (const Finding& f : doc.findings) {
    ids.push_back(f.check);
  }
  return ids;
}

test::CliRun host_json(const std::string& name) {
  return test::run_cli({"host", "--sysfs-root", fixture(name), "--json"});
}

using Ids = std::vector<std::string>;

TEST(HostCommandTest, HdrOnGen4X16IsClean) {
  test::CliRun run = test::run_cli({"host", "--sysfs-root", fixture("hdr-gen4-x16")});
  EXPECT_EQ(run.status, kExitOk) << run.err;
  EXPECT_NE(run.out.find("mlx5_0: fw 20.31.1014, board MT_0000000223"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("port 1: ACTIVE, LinkUp, 200 Gb/sec (4X HDR), InfiniBand, LID 0x1a, "
                         "SM LID 0x1"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("0 findings"), std::string::npos);
}

TEST(HostCommandTest, EdrOnGen3X8IsABottleneck) {
  test::CliRun run = host_json("edr-gen3-x8");
  EXPECT_EQ(run.status, kExitFindings) << run.err;
  EXPECT_EQ(checks_of(run), Ids{"host.pcie_bottleneck"});
  nlohmann::json report = nlohmann::json::parse(run.out).at("report");
  const nlohmann::json& d = report.at("devices").at(0);
  EXPECT_NEAR(d.at("pcie_usable_gbps").get<double>(), 63.015, 0.001);  // 8 * 8 * 128/130
  EXPECT_EQ(d.at("ports_need_gbps").get<double>(), 100.0);
  EXPECT_EQ(d.at("pcie").at(0).at("address"), "0000:03:00.0");
}

TEST(HostCommandTest, APollingPortIsReported) {
  test::CliRun run = host_json("port-polling");
  EXPECT_EQ(run.status, kExitFindings);
  EXPECT_EQ(checks_of(run), Ids{"host.port_polling"});
}

TEST(HostCommandTest, ABridgeBelowTheHcaIsDegradedAndTheBottleneck) {
  test::CliRun run = host_json("bridge-below-endpoint");
  EXPECT_EQ(run.status, kExitFindings);
  // The root port (Gen3 of Gen4) and the switch's upstream port (Gen3 under a Gen4 HCA);
  // 126 Gb/s * 0.9 < 200 Gb/s of HDR.
  EXPECT_EQ(checks_of(run),
            (Ids{"host.pcie_bottleneck", "host.pcie_degraded", "host.pcie_degraded"}));
  EXPECT_NE(run.out.find("limited at bridge 0000:01:00.0"), std::string::npos);
}

TEST(HostCommandTest, APortWithoutAnSmIsReported) {
  test::CliRun run = host_json("no-sm");
  EXPECT_EQ(run.status, kExitFindings);
  EXPECT_EQ(checks_of(run), Ids{"host.no_sm"});
}

TEST(HostCommandTest, TheCapturedProcessLimitsAreChecked) {
  test::CliRun run = host_json("process-limits");
  EXPECT_EQ(run.status, kExitFindings);
  EXPECT_EQ(checks_of(run), (Ids{"host.memlock_low", "host.numa_far"}));
  // --fail-on error: warnings alone do not fail.
  test::CliRun lenient =
      test::run_cli({"host", "--sysfs-root", fixture("process-limits"), "--fail-on", "error"});
  EXPECT_EQ(lenient.status, kExitOk);
}

TEST(HostCommandTest, ALinkOutOfTheRootIsRefused) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "sys/class/infiniband");
  fs::create_directories(dir.path() / "elsewhere/ports/1");
  fs::create_symlink("../../../elsewhere", dir.path() / "sys/class/infiniband/mlx5_0");
  test::CliRun run = test::run_cli({"host", "--sysfs-root", dir.file("sys")});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("refused"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(HostCommandTest, NoHcaIsAClearMessageAndStatus3) {
  test::TempDir dir;
  test::CliRun run = test::run_cli({"host", "--sysfs-root", dir.path().string()});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("no InfiniBand device"), std::string::npos) << run.err;
}

TEST(HostCommandTest, OnThisHostWithoutAnHcaTheLiveRunSaysSo) {
  if (fs::exists("/sys/class/infiniband")) {
    GTEST_SKIP() << "this host has InfiniBand devices";
  }
  test::CliRun run = test::run_cli({"host"});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("/sys/class/infiniband"), std::string::npos) << run.err;
}

TEST(HostCommandTest, ACaptureReadsBackToTheSameFindings) {
  test::TempDir dir;
  std::string tar = dir.file("capture.tar");
  test::CliRun capture =
      test::run_cli({"host", "--sysfs-root", fixture("bridge-below-endpoint"), "--capture", tar});
  ASSERT_EQ(capture.status, kExitOk) << capture.err;
  fs::create_directory(dir.path() / "x");
  std::string command = "tar -xf '" + tar + "' -C '" + dir.file("x") + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_TRUE(fs::exists(dir.path() / "x/ibatlas-process"));
  EXPECT_FALSE(fs::exists(dir.path() / "x/devices/pci0000:00/0000:00:03.1/0000:01:00.0/"
                                       "0000:02:00.0/0000:03:00.0/infiniband/mlx5_0/node_type"));
  test::CliRun original = host_json("bridge-below-endpoint");
  test::CliRun again = test::run_cli({"host", "--sysfs-root", dir.file("x"), "--json"});
  EXPECT_EQ(again.status, kExitFindings) << again.err;
  EXPECT_EQ(read_findings_json(again.out, "a").findings,
            read_findings_json(original.out, "o").findings);
  EXPECT_EQ(nlohmann::json::parse(again.out).at("report"),
            nlohmann::json::parse(original.out).at("report"));
}

}  // namespace
}  // namespace ibatlas
