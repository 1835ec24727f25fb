// `ibatlas diff` and `ibatlas history` through cli::run: exit statuses like diff(1), text
// and JSON output. Inputs are written to a private temp dir (never into the repository).

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_spec.hpp"
#include "support/paths.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

using test::CliRun;
using test::run_cli;

class DiffCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ibatlas-diff-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }

  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  std::string write(const std::string& name, const Fabric& f) {
    std::string path = (dir_ / name).string();
    write_xml_snapshot_file(f, path);
    return path;
  }

  // Topo.2 as published, and with Host3_1's cable moved from switch port 33 to 30.
  std::pair<std::string, std::string> topo2_pair() {
    std::string text = read_file(test::realworld("hyungkwang-topo-examples/Topo.2.txt"));
    std::string moved = text;
    for (auto [from, to] : {std::pair<std::string, std::string>{"[33]    \"H-0cccccccccccccc1\"",
                                                                "[30]    \"H-0cccccccccccccc1\""},
                            {"\"S-3333333333333333\"[33]", "\"S-3333333333333333\"[30]"}}) {
      moved.replace(moved.find(from), from.size(), to);
    }
    return {write("old.txt", text), write("new.txt", moved)};
  }

  fs::path dir_;
};

TEST_F(DiffCommandTest, SameSnapshotExitsZeroAndPrintsNothing) {
  auto [old_path, new_path] = topo2_pair();
  CliRun r = run_cli({"diff", old_path, old_path});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(DiffCommandTest, MovedCableExitsOneAndTheTextNamesIt) {
  auto [old_path, new_path] = topo2_pair();
  CliRun r = run_cli({"diff", old_path, new_path});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_NE(r.out.find("1 change: 1 cable.moved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cables moved (1):\n  0x0cccccccccccccc1[1] \"Host3_1 HCA-1\": "
                       "0x3333333333333333[33] \"MF0;IB_switch_3:MSB7800/U1\" -> "
                       "0x3333333333333333[30] \"MF0;IB_switch_3:MSB7800/U1\"\n"),
            std::string::npos)
      << r.out;
}

TEST_F(DiffCommandTest, JsonListsChangesWithTheDocumentedKeys) {
  auto [old_path, new_path] = topo2_pair();
  CliRun r = run_cli({"diff", old_path, new_path, "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["same"], false);
  EXPECT_EQ(j["counts"]["cable.moved"], 1);
  ASSERT_EQ(j["changes"].size(), 1U);
  const nlohmann::json& c = j["changes"][0];
  EXPECT_EQ(c["kind"], "cable.moved");
  EXPECT_EQ(c["node_guid"], "0x0cccccccccccccc1");
  EXPECT_EQ(c["port"], 1);
  EXPECT_EQ(c["before"], "0x3333333333333333[33]");
  EXPECT_EQ(c["after"], "0x3333333333333333[30]");
  EXPECT_EQ(c["peer_after"]["port"], 30);
  CliRun same = run_cli({"diff", old_path, old_path, "--json"});
  EXPECT_EQ(same.status, kExitOk);
  EXPECT_EQ(nlohmann::json::parse(same.out)["changes"].size(), 0U);
}

TEST_F(DiffCommandTest, IgnoredKindsDoNotMakeADifference) {
  test::FabricSpec spec = test::two_tier();
  std::string a = write("a.xml", spec.build());
  spec.node("h1").lid = 50;
  std::string b = write("b.xml", spec.build());
  EXPECT_EQ(run_cli({"diff", a, b}).status, kExitFindings);
  CliRun r = run_cli({"diff", a, b, "--ignore", "lids,counters"});
  EXPECT_EQ(r.status, kExitOk) << r.out;
  EXPECT_EQ(r.out, "");
}

TEST_F(DiffCommandTest, TroubleExitsAboveOne) {
  auto [old_path, new_path] = topo2_pair();
  CliRun missing = run_cli({"diff", old_path, (dir_ / "nope.txt").string()});
  EXPECT_EQ(missing.status, kExitBadInput);
  EXPECT_NE(missing.err.find("nope.txt"), std::string::npos) << missing.err;
  EXPECT_EQ(missing.out, "");
  std::string garbage = write("garbage.txt", "this is not a fabric\n");
  EXPECT_EQ(run_cli({"diff", garbage, old_path}).status, kExitBadInput);
  EXPECT_EQ(run_cli({"diff", old_path, new_path, "--ignore", "cables"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"diff", old_path}).status, kExitUsage);
}

TEST_F(DiffCommandTest, HistoryOverADirectoryFindsTheFlappingLink) {
  test::FabricSpec spec = test::two_tier();
  fs::create_directory(dir_ / "series");
  // Written in reverse name order of time: the order comes from the snapshots' times.
  for (int i = 0; i < 4; ++i) {
    test::FabricSpec s = spec;
    s.time = "2026-11-0" + std::to_string(i + 1) + "T00:00:00Z";
    if (i % 2 == 1) {
      s.unplug("leaf2", 7);
    }
    write("series/" + std::string(1, static_cast<char>('d' - i)) + ".xml", s.build());
  }
  CliRun r = run_cli({"history", (dir_ / "series").string(), "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out)["report"];  // the history itself
  ASSERT_EQ(j["snapshots"].size(), 4U);
  EXPECT_EQ(j["snapshots"][0]["time"], "2026-11-01T00:00:00Z");
  EXPECT_EQ(j["timeline"].size(), 3U);
  ASSERT_EQ(j["links"].size(), 1U);
  EXPECT_EQ(j["links"][0]["flapping"], true);
  EXPECT_EQ(j["links"][0]["transitions"].size(), 3U);
  EXPECT_EQ(j["links"][0]["a"]["node_guid"], "0x0000000000000010");
  EXPECT_EQ(j["links"][0]["a"]["port"], 2);
  CliRun text = run_cli({"history", (dir_ / "series").string()});
  EXPECT_NE(text.out.find("flapping links (1):"), std::string::npos) << text.out;
}

TEST_F(DiffCommandTest, HistoryOfABadFileExitsThree) {
  std::string garbage = write("garbage.txt", "nothing here\n");
  EXPECT_EQ(run_cli({"history", garbage}).status, kExitBadInput);
  fs::create_directory(dir_ / "empty");
  EXPECT_EQ(run_cli({"history", (dir_ / "empty").string()}).status, kExitBadInput);
}

}  // namespace
}  // namespace ibatlas
