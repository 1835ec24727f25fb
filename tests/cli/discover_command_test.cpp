// `ibatlas discover` without hardware: its command line only. Crawls themselves are tested
// through the fake transport (tests/unit/discover) and ibsim (tests/sim).

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"

namespace ibatlas {
namespace {

using test::CliRun;
using test::run_cli;

TEST(DiscoverCommandTest, HelpNamesTheWindowOptionAndTheExitStatuses) {
  CliRun r = run_cli({"discover", "--help"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("--outstanding"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-o,--output"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Exit status 4"), std::string::npos) << r.out;
}

TEST(DiscoverCommandTest, OutOfRangeOptionsAreUsageErrors) {
  EXPECT_EQ(run_cli({"discover", "--outstanding", "0"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"discover", "--max-hops", "64"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"discover", "--to", "svg"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"discover", "-t", "0"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"discover", "--retries", "-1"}).status, kExitUsage);
}

TEST(DiscoverCommandTest, AMissingCaIsAnErrorThatNamesIt) {
  CliRun r = run_cli({"discover", "-C", "no-such-ca0", "-P", "1"});
  EXPECT_EQ(r.status, kExitBadInput);
  bool named = r.err.find("no-such-ca0") != std::string::npos;
  bool no_umad = r.err.find("without rdma-core") != std::string::npos;  // hardware_none.cpp
  EXPECT_TRUE(named || no_umad) << r.err;
  EXPECT_TRUE(r.out.empty());  // nothing written when nothing was crawled
}

}  // namespace
}  // namespace ibatlas
