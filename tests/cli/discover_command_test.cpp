// `ibatlas discover` without hardware: its command line only. Crawls themselves are tested
// through the fake transport (tests/unit/discover) and ibsim (tests/sim).

#include <string>
#include <utility>
#include <vector>

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

// --per-node takes 0 (no cap) to 4096 SMPs, --deadline 0.001 to 1000000 seconds (left out:
// none; 0 would give up before the first MAD). Everything else is exit 2 with a message that
// says what the option takes and what it found, on discover and on a live SOURCE alike.
TEST(DiscoverCommandTest, PerNodeAndDeadlineUsageErrorsSayWhatTheyTake) {
  struct Case {
    const char* option;
    const char* value;
    const char* says;
  };

  const Case cases[] = {
      {"--per-node", "-1",
       "expected a whole number of SMPs from 0 to 4096 (0: no cap), found \"-1\""},
      {"--per-node", "two", "found \"two\""},
      {"--per-node", "1.5", "found \"1.5\""},
      {"--per-node", "4097", "found \"4097\""},
      {"--deadline", "0",
       "expected seconds from 0.001 to 1000000 (leave --deadline out for none), found \"0\""},
      {"--deadline", "-5", "found \"-5\""},
      {"--deadline", "soon", "found \"soon\""},
      {"--deadline", "0.0001", "found \"0.0001\""},  // 0 ms, which would mean none
      {"--deadline", "nan", "found \"nan\""},
      {"--deadline", "inf", "found \"inf\""},
      {"--deadline", "10s", "found \"10s\""},
  };
  for (const Case& c : cases) {
    for (const char* command : {"discover", "show"}) {
      std::vector<std::string> args{command};
      if (std::string(command) == "show") {
        args.emplace_back("live");
      }
      args.insert(args.end(), {c.option, c.value});
      CliRun r = run_cli(args);
      EXPECT_EQ(r.status, kExitUsage) << command << ' ' << c.option << ' ' << c.value;
      EXPECT_NE(r.err.find(std::string(c.option) + ": expected "), std::string::npos)
          << command << ' ' << c.option << ' ' << c.value << ": " << r.err;
      EXPECT_NE(r.err.find(c.says), std::string::npos)
          << command << ' ' << c.option << ' ' << c.value << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
}

// The edges are accepted: the command gets past its options (to "no CA" without rdma-core,
// exit 3, or a crawl that fails on this machine), never exit 2.
TEST(DiscoverCommandTest, PerNodeAndDeadlineEdgesAreAccepted) {
  for (auto [option, value] : {std::pair{"--per-node", "0"}, std::pair{"--per-node", "4096"},
                               std::pair{"--deadline", "0.001"}, std::pair{"--deadline", "1e6"},
                               std::pair{"--deadline", "2.5"}}) {
    CliRun r = run_cli({"discover", "-C", "no-such-ca0", option, value});
    EXPECT_NE(r.status, kExitUsage) << option << ' ' << value << ": " << r.err;
  }
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
