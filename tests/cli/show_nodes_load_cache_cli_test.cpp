// Issue 20 §2 habits of infiniband-diags users, in-process: `show --switches-only` /
// `--cas-only` on fixtures/show-text (counted by hand in its README, and against
// ibnetdiscover under ibsim there: spine 12 ports LID 1 with 2 cables, leaf 8 ports LID 2
// with 5; h1, h2, h3 one port each, LIDs 3, 4, 5), both together exit 2; `--load-cache`
// refuses what is not an ibnetdiscover --cache file (exit 3, saying what it wanted) and a
// SOURCE beside it (exit 2). A real cache file needs rdma-core: tests/sim.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string fixture() {
  return test::source_dir() + "/fixtures/show-text/input.txt";
}

TEST(ShowNodesCliTest, SwitchesOnlyListsTheTwoSwitches) {
  test::CliRun r = test::run_cli({"show", fixture(), "--switches-only", "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "ibatlas.show-nodes/1");
  EXPECT_EQ(j["node_type"], "switch");
  EXPECT_EQ(j["count"], 2);
  ASSERT_EQ(j["nodes"].size(), 2u);
  const nlohmann::json& spine = j["nodes"][0];
  EXPECT_EQ(spine["guid"], "0x0002c90300000200");
  EXPECT_EQ(spine["description"], "spine");
  EXPECT_EQ(spine["lids"], nlohmann::json::array({1}));
  EXPECT_EQ(spine["ports"], 12);
  EXPECT_EQ(spine["cabled_ports"], 2);
  const nlohmann::json& leaf = j["nodes"][1];
  EXPECT_EQ(leaf["description"], "leaf");
  EXPECT_EQ(leaf["lids"], nlohmann::json::array({2}));
  EXPECT_EQ(leaf["ports"], 8);
  EXPECT_EQ(leaf["cabled_ports"], 5);
}

TEST(ShowNodesCliTest, CasOnlyListsTheThreeHostsWithTheirLids) {
  test::CliRun r = test::run_cli({"show", fixture(), "--cas-only", "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["node_type"], "ca");
  EXPECT_EQ(j["count"], 3);
  ASSERT_EQ(j["nodes"].size(), 3u);
  std::vector<std::string> names;
  for (const nlohmann::json& n : j["nodes"]) {
    names.push_back(n["description"]);
    EXPECT_EQ(n["ports"], 1);
    EXPECT_EQ(n["cabled_ports"], 1);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"h1 HCA-1", "h2 HCA-1", "h3 HCA-1"}));
  EXPECT_EQ(j["nodes"][2]["lids"], nlohmann::json::array({5}));
}

TEST(ShowNodesCliTest, TextHasOneRowPerNodeAndACountLine) {
  test::CliRun r = test::run_cli({"show", fixture(), "--cas-only"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("CAs:       3 (3 hosts, 0 aggregation nodes)\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0x0002c90300003000"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("spine"), std::string::npos) << r.out;  // no switch listed
  test::CliRun s = test::run_cli({"show", fixture(), "--switches-only"});
  ASSERT_EQ(s.status, kExitOk) << s.err;
  EXPECT_NE(s.out.find("switches:  2\n"), std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("h1 HCA-1"), std::string::npos) << s.out;
}

TEST(ShowNodesCliTest, BothFiltersAreAUsageError) {
  test::CliRun r = test::run_cli({"show", fixture(), "--switches-only", "--cas-only"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
}

TEST(LoadCacheCliTest, ATextDumpIsNotACacheFile) {
  test::CliRun r = test::run_cli({"show", "--load-cache", fixture()});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find("--load-cache expects an ibnetdiscover --cache file, found a file in the "
                       "ibnetdiscover format"),
            std::string::npos)
      << r.err;
  test::CliRun check = test::run_cli({"check", "--load-cache", "/dev/null"});
  EXPECT_EQ(check.status, kExitBadInput) << check.err;
  EXPECT_NE(check.err.find("found an empty file"), std::string::npos) << check.err;
}

TEST(LoadCacheCliTest, ASourceBesideItIsAUsageError) {
  EXPECT_EQ(test::run_cli({"show", fixture(), "--load-cache", fixture()}).status, kExitUsage);
  EXPECT_EQ(test::run_cli({"show", "--load-cache", fixture(), fixture()}).status, kExitUsage);
  EXPECT_EQ(test::run_cli({"convert", "--live", "--load-cache", fixture(), "-o", "-"}).status,
            kExitUsage);
}

}  // namespace
}  // namespace ibatlas
