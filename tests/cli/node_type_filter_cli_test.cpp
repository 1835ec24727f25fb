// `check --switches-only` / `--cas-only` (iblinkinfo and ibqueryerrors habits). One switch,
// two hosts; ibqueryerrors counters written here put SymbolErrorCounter 50 on the switch's
// port 1 and LinkDownedCounter 20 on h1's port 1 (both above the default 10), and h2's link
// runs 1x under --expect-width 4x. By hand: counter.symbol_errors at a switch port,
// counter.link_downed at a CA port, link.unexpected on a switch-CA link (kept by both
// filters: either end), link.unknown_capability fabric-wide (no source says enabled or
// supported widths; kept by neither filter).

#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"
#include "support/text_count.hpp"

namespace ibatlas {
namespace {

constexpr const char* kFabric =
    "switchguid=0x2c903006e29b0(2c903006e29b0)\n"
    "Switch\t4 \"S-0002c903006e29b0\"\t\t# \"sw1\" enhanced port 0 lid 2 lmc 0\n"
    "[1]\t\"H-7cfe900300179b30\"[1](7cfe900300179b31)\t\t# \"h1 mlx4_0\" lid 3 4xFDR\n"
    "[2]\t\"H-7cfe900300179c30\"[1](7cfe900300179c31)\t\t# \"h2 mlx4_0\" lid 4 1xFDR\n"
    "\n"
    "caguid=0x7cfe900300179b30\n"
    "Ca\t1 \"H-7cfe900300179b30\"\t\t# \"h1 mlx4_0\"\n"
    "[1](7cfe900300179b31)\t\"S-0002c903006e29b0\"[1]\t\t# lid 3 lmc 0 \"sw1\" lid 2 4xFDR\n"
    "\n"
    "caguid=0x7cfe900300179c30\n"
    "Ca\t1 \"H-7cfe900300179c30\"\t\t# \"h2 mlx4_0\"\n"
    "[1](7cfe900300179c31)\t\"S-0002c903006e29b0\"[2]\t\t# lid 4 lmc 0 \"sw1\" lid 2 1xFDR\n";

constexpr const char* kCounters =
    "Errors for 0x0002c903006e29b0 \"sw1\"\n"
    "   GUID 0x2c903006e29b0 port 1: [SymbolErrorCounter == 50]\n"
    "Errors for \"h1 mlx4_0\"\n"
    "   GUID 0x7cfe900300179b31 port 1: [LinkDownedCounter == 20]\n";

class NodeTypeFilterCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fabric_ = dir_.file("fabric.txt");
    counters_ = dir_.file("ibqueryerrors.txt");
    test::write_file(fabric_, kFabric);
    test::write_file(counters_, kCounters);
    setenv("IBATLAS_ERROR_THRESHOLDS", "", 1);  // the defaults, whatever this machine's /etc
  }

  void TearDown() override { unsetenv("IBATLAS_ERROR_THRESHOLDS"); }

  test::CliRun check(const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check",          fabric_, "--counters", counters_,
                                     "--expect-width", "4x",    "--fail-on",  "warning"};
    args.insert(args.end(), extra.begin(), extra.end());
    return test::run_cli(args);
  }

  test::TempDir dir_;
  std::string fabric_;
  std::string counters_;
};

TEST_F(NodeTypeFilterCliTest, UnfilteredHasAllFour) {
  test::CliRun r = check({"--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_EQ(test::count_of(r.out, "\"check\":"), 4u) << r.out;
}

TEST_F(NodeTypeFilterCliTest, SwitchesOnlyKeepsSwitchPortAndLink) {
  test::CliRun r = check({"--switches-only", "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_EQ(test::count_of(r.out, "\"check\":"), 2u) << r.out;
  EXPECT_EQ(test::count_of(r.out, "\"counter.symbol_errors\""), 1u) << r.out;
  EXPECT_EQ(test::count_of(r.out, "\"link.unexpected\""), 1u) << r.out;
}

TEST_F(NodeTypeFilterCliTest, CasOnlyKeepsCaPortAndLink) {
  test::CliRun r = check({"--cas-only", "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_EQ(test::count_of(r.out, "\"check\":"), 2u) << r.out;
  EXPECT_EQ(test::count_of(r.out, "\"counter.link_downed\""), 1u) << r.out;
  EXPECT_EQ(test::count_of(r.out, "\"link.unexpected\""), 1u) << r.out;
}

TEST_F(NodeTypeFilterCliTest, TextCountLineCountsWhatIsListed) {
  test::CliRun r = check({"--switches-only", "--width", "200"});
  EXPECT_NE(r.out.find(": 2 findings (0 errors, 2 warnings, 0 info)"), std::string::npos) << r.out;
  EXPECT_EQ(test::count_of(r.out, "counter.link_downed"), 0u) << r.out;
}

TEST_F(NodeTypeFilterCliTest, BothAreAUsageError) {
  test::CliRun r = check({"--switches-only", "--cas-only"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("--switches-only excludes --cas-only"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
