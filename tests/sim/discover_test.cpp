// `ibatlas discover` against ibsim + opensm, with infiniband-diags as the oracle: the same
// nodes, GUIDs, ports, cables, LIDs, widths, speeds and descriptions as ibnetdiscover; the
// same LFTs as dump_lfts; the same counters as perfquery. Each test starts its own
// simulated fabric (its own IBSIM_SOCKNAME), so ctest -j runs them in parallel.

#include <map>
#include <regex>

#include "discover_sim.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::ibnetdiscover_view;
using test::LiveCrawl;
using test::ProcessResult;
using test::run_ibnetdiscover;
using test::SimFabric;
using test::SimOptions;
using test::view_difference;

SimOptions netfile(const Fabric& f) {
  std::ostringstream text;
  write_ibnetdiscover(f, text);
  SimOptions options;
  options.netfile_text = text.str();
  return options;
}

void expect_same_as_ibnetdiscover(SimFabric& sim, const std::string& host = "") {
  LiveCrawl ours = crawl_live(sim, {}, host);
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_TRUE(check_invariants(ours.fabric).empty());
  std::set<std::string> mine = ibnetdiscover_view(ours.fabric);
  std::set<std::string> theirs = ibnetdiscover_view(run_ibnetdiscover(sim, host));
  EXPECT_EQ(mine, theirs) << view_difference(mine, theirs);
}

TEST(DiscoverSimTest, AgreesWithIbnetdiscoverOnIbsimsExamples) {
  for (const char* name :
       {"net", "net.1", "net.2sw2path", "net.2sw2path4hca", "net.2sw2path4hca2port"}) {
    SCOPED_TRACE(name);
    SimOptions options;
    options.netfile_path = test::realworld(std::string("ibsim-net-examples/") + name);
    SimFabric sim(options);
    expect_same_as_ibnetdiscover(sim);
  }
}

TEST(DiscoverSimTest, AgreesWithIbnetdiscoverAndTheGeneratorOnFatTrees) {
  for (test::FatTreeSpec spec :
       {test::FatTreeSpec{.levels = 2, .radix = 8},
        test::FatTreeSpec{.levels = 3, .radix = 6, .hosts = 40},
        test::FatTreeSpec{.levels = 2, .radix = 4, .speed = LinkSpeed::Fdr10}}) {  // ExtPortInfo
    Fabric generated = test::make_fat_tree(spec);
    SimFabric sim(netfile(generated));
    expect_same_as_ibnetdiscover(sim);
    // ibsim keeps the generator's GUIDs, descriptions and cables (opensm picks the LIDs).
    LiveCrawl ours = crawl_live(sim);
    test::ViewOptions no_lids{.lids = false};
    std::set<std::string> mine = ibnetdiscover_view(ours.fabric, no_lids);
    std::set<std::string> planned = ibnetdiscover_view(generated, no_lids);
    EXPECT_EQ(mine, planned) << view_difference(mine, planned);
  }
}

TEST(DiscoverSimTest, AgreesWithIbnetdiscoverOnTheMixedSpeedFixture) {
  SimOptions options;  // EDR, one link capped to QDR, one cable unplugged
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  SimFabric sim(options);
  expect_same_as_ibnetdiscover(sim);
}

TEST(DiscoverSimTest, StartsFromAnHcaAsIbnetdiscoverDoes) {
  Fabric generated = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 8});
  SimFabric sim(netfile(generated));
  expect_same_as_ibnetdiscover(sim, "host0005 HCA-1");
}

TEST(DiscoverSimTest, IrregularGraphWithDualPortHcasAndLoopbacks) {
  test::IrregularSpec spec;
  spec.switches = 7;
  spec.hosts = 30;
  spec.dual_port_hosts = 6;
  spec.mixed_speeds = false;  // ibsim 0.10 knows neither NDR nor XDR
  spec.seed = 11;
  SimFabric sim(netfile(test::make_irregular(spec)));
  expect_same_as_ibnetdiscover(sim);
}

// dump_lfts: "Unicast lids [...] of switch DR path ...; 0,1 guid 0x... (desc):" then one
// "0x0004 012 : (...)" line per LID that has a route.
std::map<Guid, std::map<Lid, int>> parse_dump_lfts(const std::string& text) {
  std::map<Guid, std::map<Lid, int>> tables;
  std::regex header(R"(of switch .* guid (0x[0-9a-fA-F]+))");
  std::regex entry(R"(^(0x[0-9a-fA-F]+) (\d+) :)");
  std::istringstream lines(text);
  Guid current = 0;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, header)) {
      current = std::stoull(m[1].str(), nullptr, 16);
    } else if (std::regex_search(line, m, entry)) {
      tables[current][static_cast<Lid>(std::stoul(m[1].str(), nullptr, 16))] =
          std::stoi(m[2].str());
    }
  }
  return tables;
}

TEST(DiscoverSimTest, RoutesEqualDumpLfts) {
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  SimFabric sim(options);
  LiveCrawl ours = crawl_live(sim, {"--routes"});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  ProcessResult dumped = sim.run({"dump_lfts"});
  ASSERT_EQ(dumped.exit_code, 0) << dumped.err;
  std::map<Guid, std::map<Lid, int>> theirs = parse_dump_lfts(dumped.out);
  ASSERT_EQ(theirs.size(), 10U);
  ASSERT_EQ(ours.fabric.forwarding_tables().size(), 10U);
  for (const ForwardingTable& table : ours.fabric.forwarding_tables()) {
    Guid guid = ours.fabric.node(table.switch_node).guid;
    const std::map<Lid, int>& routes = theirs[guid];
    EXPECT_FALSE(routes.empty()) << test::hex(guid);
    for (std::size_t lid = 0; lid < table.out_port.size(); ++lid) {
      auto it = routes.find(static_cast<Lid>(lid));
      int expected = it == routes.end() ? ForwardingTable::kNoRoute : it->second;
      EXPECT_EQ(table.out_port[lid], expected) << test::hex(guid) << " lid " << lid;
    }
    EXPECT_LT(routes.rbegin()->first, table.out_port.size());
  }
}

// perfquery's "Name:.....value" lines.
std::map<std::string, std::uint64_t> parse_perfquery(const std::string& text) {
  std::map<std::string, std::uint64_t> values;
  std::regex line(R"(^(\w+):\.+(\d+)$)");
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) {
      values[m[1].str()] = std::stoull(m[2].str());
    }
  }
  return values;
}

TEST(DiscoverSimTest, CountersEqualPerfqueryAndAreNotReset) {
  Fabric generated = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 4});
  SimFabric sim(netfile(generated));
  sim.console("PerformanceSet \"S-0002c90200100002\"[3] PortCounters.SymbolErrorCounter=17");
  sim.console("PerformanceSet \"S-0002c90200100002\"[3] PortCounters.LinkDownedCounter=3");
  sim.console("PerformanceSet \"S-0002c90200100002\"[3] PortCounters.PortRcvErrors=250");
  LiveCrawl first = crawl_live(sim, {"--counters"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  NodeId leaf = *first.fabric.find_node(0x0002c90200100002ULL);
  const Port& port = first.fabric.port(*first.fabric.find_port(leaf, 3));
  ASSERT_TRUE(port.counters);
  Lid lid = *first.fabric.port(*first.fabric.find_port(leaf, 0)).base_lid;
  ProcessResult pq = sim.run({"perfquery", std::to_string(lid), "3"});
  ASSERT_EQ(pq.exit_code, 0) << pq.err;
  std::map<std::string, std::uint64_t> theirs = parse_perfquery(pq.out);
  EXPECT_EQ(port.counters->symbol_errors, theirs.at("SymbolErrorCounter"));
  EXPECT_EQ(port.counters->link_downed, theirs.at("LinkDownedCounter"));
  EXPECT_EQ(port.counters->rcv_errors, theirs.at("PortRcvErrors"));
  EXPECT_EQ(port.counters->symbol_errors, 17U);
  // Traffic counters only grow (our own MADs cross this port too); none was reset.
  EXPECT_LE(*port.counters->xmit_pkts, theirs.at("PortXmitPkts"));
  LiveCrawl second = crawl_live(sim, {"--counters"});
  const Port& again = second.fabric.port(*second.fabric.find_port(leaf, 3));
  EXPECT_EQ(again.counters->symbol_errors, 17U);
  EXPECT_GE(*again.counters->xmit_pkts, *port.counters->xmit_pkts);
}

}  // namespace
}  // namespace ibatlas
