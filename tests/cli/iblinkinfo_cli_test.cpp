// `ibatlas show` and `ibatlas check` on each iblinkinfo layout (support/iblinkinfo_text
// writes them with iblinkinfo.c's printf formats), end to end through cli::run. Counts come
// from linkinfo_sample()'s comment: 2 switches, 3 hosts (h2 dual-port), 5 cables, one 1X SDR.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/iblinkinfo_text.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

using test::LinkinfoFilter;

struct Layout {
  std::string name;
  std::string text;
  int switches;
  int cas;
  int links;
};

std::vector<Layout> layouts() {
  std::vector<test::LinkinfoRow> rows = test::linkinfo_sample();
  return {
      {"default", test::linkinfo_default(rows), 2, 3, 5},
      {"-l", test::linkinfo_lines(rows), 2, 3, 5},
      // h2's two ports are two LIDs and, unlisted, two nodes.
      {"--switches-only", test::linkinfo_default(rows, LinkinfoFilter::SwitchesOnly), 2, 4, 5},
      {"--cas-only", test::linkinfo_default(rows, LinkinfoFilter::CasOnly), 2, 3, 4},
      {"-l --switches-only", test::linkinfo_lines(rows, LinkinfoFilter::SwitchesOnly), 2, 4, 5},
      {"-l --cas-only", test::linkinfo_lines(rows, LinkinfoFilter::CasOnly), 2, 3, 4},
  };
}

TEST(IblinkinfoCliTest, ShowCountsEveryLayout) {
  test::TempDir dir;
  for (const Layout& l : layouts()) {
    SCOPED_TRACE(l.name);
    std::string path = dir.file("linkinfo.txt");
    test::write_file(path, l.text);
    test::CliRun r = test::run_cli({"show", path, "--json"});
    ASSERT_EQ(r.status, kExitOk) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["switches"], l.switches);
    EXPECT_EQ(j["cas"], l.cas);
    EXPECT_EQ(j["links"], l.links);
    EXPECT_EQ(j["links_by_rate"]["1xSDR"], 1) << r.out;
  }
}

TEST(IblinkinfoCliTest, CheckRunsOnEveryLayout) {
  test::TempDir dir;
  for (const Layout& l : layouts()) {
    SCOPED_TRACE(l.name);
    std::string path = dir.file("linkinfo.txt");
    test::write_file(path, l.text);
    test::CliRun r = test::run_cli({"check", path});
    EXPECT_TRUE(r.status == kExitOk || r.status == kExitFindings) << r.status << r.err;
    std::string summary = "checked " + std::to_string(l.switches) + " switches, " +
                          std::to_string(l.cas) + " hosts, " + std::to_string(l.links) + " links";
    EXPECT_NE(r.out.find(summary), std::string::npos) << r.out;
  }
}

TEST(IblinkinfoCliTest, MalformedLineIsBadInputWithFileAndLine) {
  test::TempDir dir;
  std::string path = dir.file("bad.txt");
  std::string text = test::linkinfo_lines(test::linkinfo_sample());
  text +=
      "0x0000000000000009 \"x\" 9 1[ ] ==( 4X 10.0 Gbps Active/ LinkUp)==>  0xZZ 1 1[ ] \"y\"\n";
  test::write_file(path, text);
  for (const char* command : {"show", "check"}) {
    test::CliRun r = test::run_cli({command, path});
    EXPECT_EQ(r.status, kExitBadInput) << command;
    EXPECT_NE(r.err.find(path + ":13: expected a peer port GUID (0x followed by hex digits), "
                                "found \"0xZZ\""),
              std::string::npos)
        << r.err;
  }
}

}  // namespace
}  // namespace ibatlas
