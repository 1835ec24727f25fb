// `ibatlas history DIR` over a snapshot directory as the audit timer leaves it
// (packaging/systemd/ibatlas-audit): snapshots, a file that is not one, a hidden half-written
// file, a reports/ folder. Inputs are written to a private temp dir.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_spec.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

using test::CliRun;
using test::run_cli;

class HistoryDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ibatlas-history-dir-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_ / "reports");
  }

  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  // Three hourly snapshots of the two-tier sample, named as the timer names them; the
  // second has leaf2's port 7 unplugged.
  void write_series() {
    for (int i = 0; i < 3; ++i) {
      test::FabricSpec s = test::two_tier();
      s.time = "2026-12-02T0" + std::to_string(i) + ":00:00Z";
      if (i == 1) {
        s.unplug("leaf2", 7);
      }
      write_xml_snapshot_file(
          s.build(), (dir_ / ("snapshot-20261202T0" + std::to_string(i) + "0000Z.xml")).string());
    }
  }

  static nlohmann::json report_of(const std::string& out) {
    nlohmann::json j = nlohmann::json::parse(out);
    return j.contains("report") ? j["report"] : j;  // inside a findings document, or alone
  }

  fs::path dir_;
};

TEST_F(HistoryDirTest, SkipsWhatIsNotASnapshotWithANote) {
  write_series();
  write("README", "snapshots of the fabric, hourly\n");
  write(".snapshot-20261202T030000Z.xml.tmp", "<?xml version=\"1.0\"?>\n<ibatlas");  // cut off
  write("reports/check-20261202T000000Z.txt", "0 findings\n");
  CliRun r = run_cli({"history", dir_.string(), "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json report = report_of(r.out);
  ASSERT_EQ(report["snapshots"].size(), 3U);
  EXPECT_EQ(report["snapshots"][0]["time"], "2026-12-02T00:00:00Z");
  EXPECT_EQ(report["snapshots"][2]["time"], "2026-12-02T02:00:00Z");
  ASSERT_EQ(report["skipped"].size(), 1U) << report["skipped"];
  EXPECT_EQ(report["skipped"][0]["name"], (dir_ / "README").string());
  EXPECT_FALSE(report["skipped"][0]["reason"].get<std::string>().empty());
  // The unplugged cable went down and came back: two transitions of one link.
  ASSERT_EQ(report["links"].size(), 1U);
  EXPECT_EQ(report["links"][0]["transitions"].size(), 2U);
  // One note, for README: nothing about the hidden file or the reports folder.
  std::string note = "ibatlas: " + (dir_ / "README").string() + ": skipped, not a snapshot: ";
  EXPECT_EQ(r.err.find(note), 0U) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

TEST_F(HistoryDirTest, TextNamesOnlyTheSnapshots) {
  write_series();
  write("notes.txt", "not a fabric\n");
  CliRun r = run_cli({"history", dir_.string()});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("history of 3 snapshots:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("notes.txt"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("notes.txt: skipped, not a snapshot"), std::string::npos) << r.err;
}

TEST_F(HistoryDirTest, ANamedFileThatIsNotASnapshotStillFails) {
  write_series();
  write("notes.txt", "not a fabric\n");
  CliRun r = run_cli({"history", dir_.string(), (dir_ / "notes.txt").string()});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.out, "");
}

TEST_F(HistoryDirTest, ADirectoryOfNothingButJunkHasNoSnapshots) {
  write("notes.txt", "not a fabric\n");
  CliRun r = run_cli({"history", dir_.string()});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("notes.txt: skipped, not a snapshot"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no snapshots to read"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
