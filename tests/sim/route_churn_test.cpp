// Route churn in `history` against ibsim: opensm -o routes the fabric once, we crawl with
// --routes; an uplink is unplugged and opensm -o routes it again, we crawl again. The LFT
// entries that changed per switch are counted from ibroute (infiniband-diags) before and
// after, on the same simulator: the oracle.
//
// Two spines, two leaves with one uplink to each spine, one host per leaf. Unplugging
// leaf2[8] (to spine2) moves every route between leaf2 and spine2 onto spine1.

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/input_file.hpp"

#include "discover_sim.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

constexpr const char* kNetfile = R"(Switch	8 "spine1"	# "spine1" base port 0 lid 1 lmc 0
[1]	"leaf1"[7]	# "leaf1" lid 3 4xEDR
[2]	"leaf2"[7]	# "leaf2" lid 4 4xEDR

Switch	8 "spine2"	# "spine2" base port 0 lid 2 lmc 0
[1]	"leaf1"[8]	# "leaf1" lid 3 4xEDR
[2]	"leaf2"[8]	# "leaf2" lid 4 4xEDR

Switch	8 "leaf1"	# "leaf1" base port 0 lid 3 lmc 0
[1]	"h1"[1]	# "h1" lid 11 4xEDR
[7]	"spine1"[1]	# "spine1" lid 1 4xEDR
[8]	"spine2"[1]	# "spine2" lid 2 4xEDR

Switch	8 "leaf2"	# "leaf2" base port 0 lid 4 lmc 0
[1]	"h2"[1]	# "h2" lid 12 4xEDR
[7]	"spine1"[2]	# "spine1" lid 1 4xEDR
[8]	"spine2"[2]	# "spine2" lid 2 4xEDR

Ca	1 "h1"	# "h1"
[1]	"leaf1"[1]	# lid 11 lmc 0 "leaf1" lid 3 4xEDR

Ca	1 "h2"	# "h2"
[1]	"leaf2"[1]	# lid 12 lmc 0 "leaf2" lid 4 4xEDR
)";

void route_once(SimFabric& sim, const std::string& name) {
  std::string conf = sim.dir() + "/" + name + ".conf";
  std::ofstream(conf) << read_file(test::source_dir() + "/fixtures/opensm.conf")
                      << "dump_files_dir " << sim.dir() << "/\n";
  ProcessResult r = sim.run({"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
                             test::find_program("opensm"), "-o", "-F", conf, "-f",
                             sim.dir() + "/" + name + ".log"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// ibroute's table of the switch at `lid`: "0x000b 001 : (Channel Adapter ...)" lines.
std::map<int, int> ibroute(SimFabric& sim, Lid lid) {
  ProcessResult r = sim.run({"ibroute", std::to_string(lid)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::map<int, int> table;
  static const std::regex line("^0x([0-9a-fA-F]+) ([0-9]+) :");
  std::istringstream in(r.out);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_search(text, m, line)) {
      table[std::stoi(m[1].str(), nullptr, 16)] = std::stoi(m[2].str());
    }
  }
  return table;
}

std::size_t differing(const std::map<int, int>& a, const std::map<int, int>& b) {
  std::map<int, std::pair<int, int>> all;
  for (const auto& [lid, port] : a) {
    all[lid] = {port, 255};
  }
  for (const auto& [lid, port] : b) {
    auto it = all.find(lid);
    all[lid] = {it == all.end() ? 255 : it->second.first, port};
  }
  std::size_t n = 0;
  for (const auto& [lid, ports] : all) {
    n += ports.first != ports.second ? 1 : 0;
  }
  return n;
}

TEST(RouteChurnSim, HistoryCountsTheLftEntriesIbrouteSeesChange) {
  SimOptions options;
  options.netfile_text = kNetfile;
  options.start_opensm = false;
  SimFabric sim(options);
  const std::vector<std::pair<std::string, Lid>> switches = {
      {"spine1", 1}, {"spine2", 2}, {"leaf1", 3}, {"leaf2", 4}};
  route_once(sim, "first");
  std::map<std::string, std::map<int, int>> before;
  for (const auto& [name, lid] : switches) {
    before[name] = ibroute(sim, lid);
  }
  LiveCrawl a = crawl_live(sim, {"--routes"});
  ASSERT_EQ(a.exit_code, 0) << a.err;

  sim.console("Unlink \"leaf2\"[8]");
  route_once(sim, "second");
  std::map<std::string, std::size_t> expected;
  for (const auto& [name, lid] : switches) {
    std::size_t n = differing(before[name], ibroute(sim, lid));
    if (n > 0) {
      expected[name] = n;
    }
  }
  ASSERT_FALSE(expected.empty()) << "opensm routed nothing differently: the test proves nothing";
  LiveCrawl b = crawl_live(sim, {"--routes"});
  ASSERT_EQ(b.exit_code, 0) << b.err;

  History h = build_history({{"a", 1, &a.fabric}, {"b", 2, &b.fabric}});
  ASSERT_EQ(h.route_churn.size(), 1U);
  std::map<std::string, std::size_t> got;
  for (const LftChurn& s : h.route_churn[0].switches) {
    got[s.at.node] = s.entries;
  }
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(h.route_churn[0].lids.empty()) << "opensm kept every LID";
}

}  // namespace
}  // namespace ibatlas
