// `ibatlas show` and `ibatlas check` on ibdiagnet's files: found by content, read end to end,
// findings from PM_INFO counters and PORTS widths, bad input as exit status 3. Expected
// findings are counted by hand from fixtures/ibdiagnet-small/README.

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

using test::run_cli;

std::string fixture(const std::string& name) {
  return test::source_dir() + "/fixtures/ibdiagnet-small/" + name;
}

bool has(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(IbdiagnetCliTest, ShowCountsTheFixturesFabric) {
  test::CliRun r = run_cli({"show", fixture("ibdiagnet2.db_csv")});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "(ibdiagnet-csv)")) << r.out;
  EXPECT_TRUE(has(r.out, "switches:  2")) << r.out;
  EXPECT_TRUE(has(r.out, "links:     4")) << r.out;
  EXPECT_TRUE(has(r.out, "1xHDR: 1")) << r.out;
}

TEST(IbdiagnetCliTest, CheckFindsTheCounterAndTheNarrowLink) {
  test::CliRun r = run_cli({"check", fixture("ibdiagnet2.db_csv"), "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;  // link.degraded is an error
  // leaf1 port 2: SymbolErrorCounter 25 > 10; its cable to h2 runs 1x, both ends enable 4x.
  EXPECT_TRUE(has(r.out, "\"counter.symbol_errors\"")) << r.out;
  EXPECT_TRUE(has(r.out, "\"link.degraded\"")) << r.out;
  EXPECT_FALSE(has(r.out, "\"counter.link_downed\"")) << "LinkDownedCounter 1 is under 10";
}

TEST(IbdiagnetCliTest, TwoDatabasesAnHourApartGiveCounterRates) {
  // The fixture at 10:00 as the baseline; at 11:00 leaf1 port 2's SymbolErrorCounter went
  // from 25 to 30 (5/h, under 10/h) and LinkDownedCounter from 1 to 13 (12/h, over 10/h).
  std::string later = test::slurp(fixture("ibdiagnet2.db_csv"));
  auto replace = [&later](const std::string& from, const std::string& to) {
    std::size_t at = later.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    later.replace(at, from.size(), to);
  };
  replace("2026-12-02 10:00:00 UTC", "2026-12-02 11:00:00 UTC");
  replace("0x0002c90300000100,0x0002c90300000100,2,1,2,25,",
          "0x0002c90300000100,0x0002c90300000100,2,13,2,30,");
  test::TempDir dir;
  test::write_file(dir.file("ibdiagnet2.db_csv"), later);
  test::CliRun r = run_cli({"check", dir.file("ibdiagnet2.db_csv"), "--baseline",
                            fixture("ibdiagnet2.db_csv"), "--json"});
  EXPECT_EQ(r.status, kExitFindings) << r.err;
  EXPECT_TRUE(has(r.out, "\"counter.link_downed\"")) << r.out;
  EXPECT_FALSE(has(r.out, "\"counter.symbol_errors\"")) << "25 -> 30 in an hour is 5/h";
  EXPECT_FALSE(has(r.out, "\"counter.no_interval\"")) << r.out;
}

TEST(IbdiagnetCliTest, NetDumpShowsTheSameLinksAndCheckRuns) {
  test::CliRun r = run_cli({"show", fixture("ibdiagnet2.net_dump")});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(has(r.out, "(ibdiagnet-net-dump)")) << r.out;
  EXPECT_TRUE(has(r.out, "links:     4")) << r.out;
  EXPECT_TRUE(has(r.out, "1xHDR: 1")) << r.out;
  // No enabled or supported widths in a net_dump: the 1x link cannot be called degraded.
  test::CliRun c = run_cli({"check", fixture("ibdiagnet2.net_dump"), "--json"});
  EXPECT_TRUE(c.status == kExitOk || c.status == kExitFindings) << c.err;
  EXPECT_FALSE(has(c.out, "\"link.degraded\"")) << c.out;
}

TEST(IbdiagnetCliTest, BadTableIsBadInputWithFileAndLine) {
  test::TempDir dir;
  std::string path = dir.file("ibdiagnet2.db_csv");
  test::write_file(path, "START_NODES\nNodeDesc,NodeType\n\"x\",2\nEND_NODES\n");
  test::CliRun r = run_cli({"check", path});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_TRUE(has(r.err, path + ":2: expected column NodeGUID in START_NODES header")) << r.err;
}

}  // namespace
}  // namespace ibatlas
