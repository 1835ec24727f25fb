// The config file from the command line (docs/cli.md, "Config file"): its keys are defaults
// of the options they name, the command line wins, IBATLAS_CONFIG= reads none, --config
// FILE wins over IBATLAS_CONFIG, a key the command has no option for is left out (and -v
// says so), a bad file stops the command with exit 3. The fabric is the two-node one of
// threshold_file_test.cpp: switch "sw1" (GUID 0x2c903006e29b0) port 1 cabled to host
// "h1 mlx4_0" at 4xFDR, switch port 1 with SymbolErrorCounter 50 (default threshold 10).
// Every expected name, count and finding below follows from those lines by hand.

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/config_file.hpp"

#include "support/cli/cli_run.hpp"
#include "support/cli/sw1_h1_fabric.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

constexpr const char* kFabric = test::kSw1H1Fabric;

constexpr const char* kCounters =
    "Errors for 0x0002c903006e29b0 \"sw1\"\n"
    "   GUID 0x2c903006e29b0 port 1: [SymbolErrorCounter == 50]\n";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

class ConfigFileCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fabric_ = dir_.file("fabric.txt");
    test::write_file(fabric_, kFabric);
    map_a_ = dir_.file("map-a");
    test::write_file(map_a_, "0x0002c903006e29b0 \"spine-A\"\n");
    map_b_ = dir_.file("map-b");
    test::write_file(map_b_, "0x0002c903006e29b0 \"spine-B\"\n");
    setenv("IBATLAS_ERROR_THRESHOLDS", "", 1);
    setenv("IBATLAS_CONFIG", "", 1);
  }

  void TearDown() override {
    unsetenv("IBATLAS_ERROR_THRESHOLDS");
    unsetenv("IBATLAS_CONFIG");
  }

  // Writes `text` as a config file and returns its path.
  std::string config(const std::string& text, const std::string& name = "ibatlas.conf") {
    std::string path = dir_.file(name);
    test::write_file(path, text);
    return path;
  }

  std::vector<std::string> show(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"show", fabric_, "--switches-only", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  test::TempDir dir_;
  std::string fabric_;
  std::string map_a_;
  std::string map_b_;
};

TEST_F(ConfigFileCliTest, WithoutConfigTheSwitchKeepsItsDescription) {
  test::CliRun r = test::run_cli(show());
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "\"sw1\"")) << r.out;
  EXPECT_FALSE(has(r.out, "spine-A")) << r.out;
}

TEST_F(ConfigFileCliTest, NodeNameMapFromConfigRenamesTheSwitch) {
  std::string file = config("node-name-map = " + map_a_ + "\n");
  test::CliRun r = test::run_cli({"--config", file, "show", fabric_, "--switches-only", "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "\"spine-A\"")) << r.out;
  EXPECT_FALSE(has(r.out, "\"sw1\"")) << r.out;
}

TEST_F(ConfigFileCliTest, ConfigOptionAfterTheSubcommandToo) {
  std::string file = config("node-name-map = " + map_a_ + "\n");
  test::CliRun r = test::run_cli(show({"--config", file}));
  EXPECT_TRUE(has(r.out, "\"spine-A\"")) << r.out << r.err;
}

TEST_F(ConfigFileCliTest, CommandLineWinsOverTheConfig) {
  std::string file = config("node-name-map = " + map_a_ + "\n");
  test::CliRun r = test::run_cli(show({"--config", file, "--node-name-map", map_b_, "-v"}));
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "\"spine-B\"")) << r.out;
  EXPECT_FALSE(has(r.out, "spine-A")) << r.out;
  EXPECT_TRUE(has(r.err, "config: read " + file +
                             ": nothing applied; given on the command line: node-name-map"))
      << r.err;
}

TEST_F(ConfigFileCliTest, EnvironmentNamesTheFileAndEmptyReadsNone) {
  std::string file = config("node-name-map = " + map_a_ + "\n");
  setenv("IBATLAS_CONFIG", file.c_str(), 1);
  test::CliRun named = test::run_cli(show());
  EXPECT_TRUE(has(named.out, "\"spine-A\"")) << named.out << named.err;
  setenv("IBATLAS_CONFIG", "", 1);
  test::CliRun none = test::run_cli(show({"-v"}));
  EXPECT_TRUE(has(none.out, "\"sw1\"")) << none.out;
  EXPECT_TRUE(has(none.err, "config: none (IBATLAS_CONFIG is empty)")) << none.err;
}

TEST_F(ConfigFileCliTest, ConfigOptionWinsOverTheEnvironment) {
  std::string bad = config("no-such-key = 1\n", "bad.conf");
  setenv("IBATLAS_CONFIG", bad.c_str(), 1);
  std::string good = config("node-name-map = " + map_a_ + "\n");
  test::CliRun r = test::run_cli(show({"--config", good}));
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "\"spine-A\"")) << r.out;
  test::CliRun none = test::run_cli(show({"--config", ""}));  // empty: none at all
  EXPECT_EQ(none.status, kExitOk) << none.err;
  EXPECT_TRUE(has(none.out, "\"sw1\"")) << none.out;
}

TEST_F(ConfigFileCliTest, KeyWithoutAnOptionInTheCommandIsLeftOutAndSaid) {
  // show has --node-name-map but no --expect-speed (check's) or --snapshot-dir (history's).
  std::string file = config("expect-speed = HDR\nnode-name-map = " + map_a_ +
                            "\nsnapshot-dir = /var/lib/ibatlas\n");
  test::CliRun r = test::run_cli(show({"--config", file, "-v"}));
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "\"spine-A\"")) << r.out;
  EXPECT_TRUE(has(r.err, "config: read " + file +
                             ": set node-name-map; not options of show: expect-speed, "
                             "snapshot-dir"))
      << r.err;
}

TEST_F(ConfigFileCliTest, ThresholdFileFromConfigChangesCheckFindings) {
  std::string counters = dir_.file("ibqueryerrors.txt");
  test::write_file(counters, kCounters);
  std::vector<std::string> args = {"check", fabric_, "--counters", counters, "--json"};
  test::CliRun before = test::run_cli(args);
  EXPECT_EQ(count(before.out, "\"counter.symbol_errors\""), 1u) << before.out;  // 50 > 10
  std::string thresholds = dir_.file("error_thresholds");
  test::write_file(thresholds, "SymbolErrorCounter=50\n");
  args.push_back("--config");
  args.push_back(config("threshold-file = " + thresholds + "\n"));
  test::CliRun after = test::run_cli(args);
  EXPECT_EQ(count(after.out, "\"counter.symbol_errors\""), 0u) << after.out << after.err;
}

TEST_F(ConfigFileCliTest, ExpectSpeedFromConfigFlagsTheFdrLink) {
  std::vector<std::string> args = {"check", fabric_, "--json"};
  test::CliRun before = test::run_cli(args);
  EXPECT_EQ(count(before.out, "\"link.unexpected\""), 0u) << before.out;
  args.push_back("--config");
  args.push_back(config("expect-speed = HDR\n"));
  test::CliRun after = test::run_cli(args);
  EXPECT_EQ(count(after.out, "\"link.unexpected\""), 1u) << after.out << after.err;
  EXPECT_TRUE(has(after.out, "runs 4xFDR, expected at least 4xHDR")) << after.out;
  args.push_back("--expect-speed");
  args.push_back("FDR");  // the command line wins: FDR is met
  test::CliRun given = test::run_cli(args);
  EXPECT_EQ(count(given.out, "\"link.unexpected\""), 0u) << given.out;
}

TEST_F(ConfigFileCliTest, GlobalMaxInputSizeFromConfigAndTheCommandLineWins) {
  // kFabric is more than 100 bytes long.
  std::string file = config("max-input-size = 100\n");
  test::CliRun r = test::run_cli(show({"--config", file}));
  EXPECT_EQ(r.status, kExitBadInput) << r.out;
  EXPECT_TRUE(has(r.err, fabric_)) << r.err;
  test::CliRun wins = test::run_cli(show({"--config", file, "--max-input-size", "1MiB"}));
  EXPECT_EQ(wins.status, kExitOk) << wins.err;
}

TEST_F(ConfigFileCliTest, BadFileIsBadInputWithFileAndLineBeforeAnyOutput) {
  std::string file = config("# site\nnode-name-map = " + map_a_ + "\nport = 300\n");
  test::CliRun r = test::run_cli(show({"--config", file}));
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.err,
            "ibatlas: " + file + ":3: expected port: a port number from 0 to 255, found \"300\"\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(ConfigFileCliTest, BadFileStopsEvenACommandWithoutItsKeys) {
  std::string file = config("node-name-map = " + map_a_ + "\nnode-name-map = " + map_b_ + "\n");
  test::CliRun r = test::run_cli({"--config", file, "completion", "bash"});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_TRUE(has(r.err, file + ":2: expected each key once (line 1 set node-name-map)")) << r.err;
}

TEST_F(ConfigFileCliTest, MissingNamedFileIsBadInput) {
  test::CliRun r = test::run_cli(show({"--config", dir_.file("absent.conf")}));
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_TRUE(has(r.err, dir_.file("absent.conf"))) << r.err;
  setenv("IBATLAS_CONFIG", dir_.file("absent.conf").c_str(), 1);
  EXPECT_EQ(test::run_cli(show()).status, kExitBadInput);
}

TEST_F(ConfigFileCliTest, HistoryReadsTheSnapshotDirWhenGivenNoSnapshot) {
  std::string snapshots = dir_.file("snapshots");
  std::filesystem::create_directory(snapshots);
  test::write_file(snapshots + "/snapshot-1.txt", kFabric);
  test::write_file(snapshots + "/snapshot-2.txt", kFabric);
  test::CliRun none = test::run_cli({"history", "--json"});
  EXPECT_EQ(none.status, kExitUsage) << none.err;
  std::string file = config("snapshot-dir = " + snapshots + "\n");
  test::CliRun r = test::run_cli({"--config", file, "history", "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, snapshots + "/snapshot-1.txt")) << r.out;
  EXPECT_TRUE(has(r.out, snapshots + "/snapshot-2.txt")) << r.out;
  // A SNAPSHOT on the command line: the directory is not read.
  test::CliRun given =
      test::run_cli({"--config", file, "history", snapshots + "/snapshot-1.txt", fabric_});
  EXPECT_EQ(given.status, kExitOk) << given.err;
  EXPECT_FALSE(has(given.out + given.err, "snapshot-2.txt")) << given.out;
}

// Every key is the default of an option some subcommand (or the top level) has: looked up in
// `--help` of each, so a renamed option cannot leave a key behind silently. ca and port are
// -C/--Ca and -P/--Port (ibnetdiscover's spelling) and agent's --ca and --port.
TEST_F(ConfigFileCliTest, EveryKeyNamesAnOptionOfSomeCommand) {
  std::string help = test::run_cli({"--help"}).out;
  for (const char* cmd : {"show", "check", "discover", "history", "render", "agent"}) {
    help += test::run_cli({cmd, "--help"}).out;
  }
  for (const ConfigKey& key : config_keys()) {
    std::string name(key.name);
    EXPECT_TRUE(has(help, "--" + name + " ")) << name;
  }
  EXPECT_TRUE(has(help, "-C,--Ca ")) << help;
  EXPECT_TRUE(has(help, "-P,--Port ")) << help;
}

}  // namespace
}  // namespace ibatlas
