// `show --load-cache FILE --switches-only / --cas-only` on a real `ibnetdiscover --cache`
// file of fixtures/fat-tree-3tier under ibsim + opensm, against infiniband-diags on the same
// fabric: the GUIDs, port counts and descriptions of `ibnetdiscover -S` / `-H`, and the LIDs
// and LinkUp ports of `iblinkinfo -l --switches-only` / `--cas-only`.

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

std::string run_ok(SimFabric& sim, const std::vector<std::string>& argv) {
  ProcessResult r = sim.run(argv, test::milliseconds(120000));
  EXPECT_EQ(r.exit_code, 0) << argv[0] << ": " << r.err;
  return r.out;
}

// ibnetdiscover -S / -H: GUID -> (ports, description).
std::map<std::string, std::pair<int, std::string>> listed(const std::string& text) {
  std::map<std::string, std::pair<int, std::string>> out;
  std::regex line(R"re((?:Switch|Ca)\s*: (0x[0-9a-f]{16}) ports (\d+) .*"(.*)")re");
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_search(l, m, line)) {
      out[m[1]] = {std::stoi(m[2]), m[3]};
    }
  }
  return out;
}

// iblinkinfo -l: description -> (LID, LinkUp ports).
std::map<std::string, std::pair<int, int>> linked(const std::string& text) {
  std::map<std::string, std::pair<int, int>> out;
  std::regex line(R"re(^0x[0-9a-f]+ "\s*(.*?)"\s+(\d+)\s+\d+\[)re");
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_search(l, m, line)) {
      auto& [lid, up] = out[m[1]];
      lid = std::stoi(m[2]);
      up += l.find("LinkUp") != std::string::npos ? 1 : 0;
    }
  }
  return out;
}

nlohmann::json show(SimFabric& sim, const std::string& cache, const std::string& filter) {
  ProcessResult r =
      test::run_process({test::ibatlas_binary(), "show", "--load-cache", cache, filter, "--json"},
                        sim.dir(), test::milliseconds(60000));
  EXPECT_EQ(r.exit_code, kExitOk) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(ShowNodesSimTest, LoadCacheListsWhatIbnetdiscoverAndIblinkinfoList) {
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  SimFabric sim(options);
  std::string cache = sim.dir() + "/fabric.cache";
  run_ok(sim, {"ibnetdiscover", "--cache", cache});
  for (const char* filter : {"--switches-only", "--cas-only"}) {
    bool switches = std::string(filter) == "--switches-only";
    nlohmann::json j = show(sim, cache, filter);
    auto diags = listed(run_ok(sim, {"ibnetdiscover", switches ? "-S" : "-H"}));
    auto links = linked(run_ok(sim, {"iblinkinfo", "-l", filter}));
    ASSERT_EQ(diags.size(), switches ? 10U : 12U);  // the fixture's README
    EXPECT_EQ(j["count"], diags.size());
    std::map<std::string, std::pair<int, std::string>> ours;
    for (const nlohmann::json& n : j["nodes"]) {
      ours[n["guid"]] = {n["ports"], n["description"]};
      const std::string& name = n["description"];
      ASSERT_EQ(n["lids"].size(), 1U) << name;
      EXPECT_EQ(n["lids"][0], links[name].first) << name;
      EXPECT_EQ(n["cabled_ports"], links[name].second) << name;
    }
    EXPECT_EQ(ours, diags) << filter;
  }
  // What is not a cache file is refused; a SOURCE beside --load-cache is a usage error.
  ProcessResult text =
      test::run_process({test::ibatlas_binary(), "check", "--load-cache",
                         test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net"},
                        sim.dir(), test::milliseconds(60000));
  EXPECT_EQ(text.exit_code, kExitBadInput) << text.err;
  ProcessResult both =
      test::run_process({test::ibatlas_binary(), "show", cache, "--load-cache", cache}, sim.dir(),
                        test::milliseconds(60000));
  EXPECT_EQ(both.exit_code, kExitUsage) << both.err;
}

}  // namespace
}  // namespace ibatlas
