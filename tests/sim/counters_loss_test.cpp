// `discover --counters` under loss (issue 18 §2 for the counters phase): ibsim drops 30% of
// the MADs entering every port of one spine ("Error"), so about half the PerfMgt reads of
// that spine's ports, each in and out of it, are lost on a try. Every cabled port's counters
// must still be read and the crawl exit 0; the values are perfquery's (read once the loss is
// switched off) and the ones set through ibsim's console.

#include <map>
#include <regex>

#include "discover_sim.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// perfquery's "Name:.....value" lines.
std::map<std::string, std::uint64_t> perfquery(SimFabric& sim, const std::string& flag, Lid lid,
                                               int port) {
  std::vector<std::string> argv{"perfquery"};
  if (!flag.empty()) {
    argv.push_back(flag);
  }
  argv.push_back(std::to_string(lid));
  argv.push_back(std::to_string(port));
  ProcessResult pq = sim.run(argv);
  EXPECT_EQ(pq.exit_code, 0) << flag << ' ' << lid << ' ' << port << ": " << pq.err;
  std::map<std::string, std::uint64_t> values;
  std::regex line(R"(^(\w+):\.+(\d+)$)");
  std::istringstream lines(pq.out);
  for (std::string l; std::getline(lines, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) {
      values[m[1].str()] = std::stoull(m[2].str());
    }
  }
  return values;
}

TEST(CountersLossSimTest, EveryPortsCountersAt30PercentLossOnASpine) {
  // 2 spines (0x...100000-1), 4 leaves, 8 hosts: 16 cables.
  Fabric generated = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 4});
  std::ostringstream text;
  write_ibnetdiscover(generated, text);
  SimOptions options;
  options.netfile_text = text.str();
  SimFabric sim(options);
  const Guid spine = 0x0002c90200100000ULL;
  const std::string id = "\"S-0002c90200100000\"";
  // A value per spine port that no other port has, so a read put at the wrong port shows.
  for (int p = 1; p <= 4; ++p) {
    std::string at = id + "[" + std::to_string(p) + "] ";
    for (const std::string& set :
         {"PortCounters.SymbolErrorCounter=" + std::to_string(100 + p),
          "PortRcvErrorDetails.PortLocalPhysicalErrors=" + std::to_string(10 + p)}) {
      std::string said = sim.console("PerformanceSet " + at + set);
      ASSERT_NE(said.find("has been set"), std::string::npos) << set << ": " << said;
    }
  }
  sim.console("Error " + id + " 30");
  LiveCrawl ours = crawl_live(sim, {"--counters", "-v", "-t", "200"});
  sim.console("Error " + id + " 0");
  ASSERT_EQ(ours.exit_code, 0) << ours.err;  // every read answered in the end
  EXPECT_EQ(ours.fabric.links().size(), generated.links().size());
  std::size_t cabled = 0;
  for (const Port& p : ours.fabric.ports()) {
    if (p.peer) {
      ++cabled;
      SCOPED_TRACE(ours.fabric.node(p.node).description + " port " + std::to_string(p.number));
      ASSERT_TRUE(p.counters);
      EXPECT_TRUE(p.counters->symbol_errors);
      EXPECT_TRUE(p.counters->local_physical_errors);  // the details probe was not lost for good
    }
  }
  EXPECT_EQ(cabled, 2 * generated.links().size());
  // The spine's ports: what was set, and what perfquery reads now.
  NodeId s = *ours.fabric.find_node(spine);
  Lid lid = *ours.fabric.port(*ours.fabric.find_port(s, 0)).base_lid;
  for (int p = 1; p <= 4; ++p) {
    SCOPED_TRACE(p);
    const Port& port = ours.fabric.port(*ours.fabric.find_port(s, static_cast<std::uint8_t>(p)));
    ASSERT_TRUE(port.counters);
    std::map<std::string, std::uint64_t> basic = perfquery(sim, "", lid, p);
    std::map<std::string, std::uint64_t> details = perfquery(sim, "-E", lid, p);
    EXPECT_EQ(port.counters->symbol_errors, static_cast<std::uint64_t>(100 + p));
    EXPECT_EQ(port.counters->symbol_errors, basic["SymbolErrorCounter"]);
    EXPECT_EQ(port.counters->link_downed, basic["LinkDownedCounter"]);
    EXPECT_EQ(port.counters->local_physical_errors, static_cast<std::uint64_t>(10 + p));
    EXPECT_EQ(port.counters->local_physical_errors, details["PortLocalPhysicalErrors"]);
  }
  // -v: the simulator did drop MADs, and the crawl says how many it retried.
  std::smatch retried;
  ASSERT_TRUE(std::regex_search(ours.err, retried, std::regex(R"(retries of (\d+) MADs)")))
      << ours.err;
  EXPECT_GT(std::stoi(retried[1].str()), 0) << ours.err;
}

}  // namespace
}  // namespace ibatlas
