// `ibatlas discover` under faults injected from ibsim's console: MAD drop rates, a switch
// that answers nothing, two nodes sharing a GUID, a cable pulled and put back between
// crawls. Expected results come from a fault-free crawl checked against ibnetdiscover
// (discover_test.cpp) and from the netfile itself.

#include <cstdio>
#include <iostream>
#include <regex>

#include "discover_sim.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::ibnetdiscover_view;
using test::LiveCrawl;
using test::SimFabric;
using test::SimOptions;
using test::view_difference;

// 4 spines (0x...100000-3), 8 leaves (0x...100004-b) with 4 hosts each.
Fabric fat_tree() {
  return test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 8});
}

SimOptions netfile(const Fabric& f) {
  std::ostringstream text;
  write_ibnetdiscover(f, text);
  SimOptions options;
  options.netfile_text = text.str();
  return options;
}

// The netfile id write_ibnetdiscover gives a node: "S-<guid>" or "H-<guid>".
std::string id_of(Guid guid, bool is_switch) {
  char text[24];
  std::snprintf(text, sizeof text, "%s-%016llx", is_switch ? "S" : "H",
                static_cast<unsigned long long>(guid));
  return text;
}

TEST(DiscoverSimFaultTest, DropRatesUpToHalfStillGiveTheWholeFabric) {
  Fabric generated = fat_tree();
  SimFabric sim(netfile(generated));
  std::set<std::string> clean = ibnetdiscover_view(crawl_live(sim).fabric);
  for (int rate : {10, 30, 50}) {
    SCOPED_TRACE(rate);
    // ibsim drops a packet entering an erroring port at every hop, and again where it is
    // handled: a MAD through one such port and back gets through with (1 - rate)^2. A leaf
    // (every port) and three host ports elsewhere: 61 tries at 25% fail 1 time in 10^7.
    std::string rate_text = " " + std::to_string(rate);
    sim.console("Error \"" + id_of(0x0002c90200100005ULL, true) + "\"" + rate_text);
    for (Guid host : {0x0002c90300100004ULL, 0x0002c90300100030ULL, 0x0002c9030010007cULL}) {
      sim.console("Error \"" + id_of(host, false) + "\"[1]" + rate_text);
    }
    LiveCrawl ours = crawl_live(sim, {"--retries", "60", "-t", "100", "-v"});
    EXPECT_EQ(ours.exit_code, 0) << ours.err;
    std::smatch timeouts;  // -v: "..., N timeouts, ...": the simulator did drop MADs
    ASSERT_TRUE(std::regex_search(ours.err, timeouts, std::regex(R"((\d+) timeouts)"))) << ours.err;
    EXPECT_GT(std::stoi(timeouts[1].str()), 0) << ours.err;
    std::set<std::string> seen = ibnetdiscover_view(ours.fabric);
    EXPECT_EQ(seen, clean) << view_difference(seen, clean);
  }
}

// Issue 18 §2: 30% of the MADs dropped at a spine and 10% at the leaf the crawling host
// hangs off (every MAD crosses it), default options. Before the re-probe pass and the
// backoff: 299 of 300 cables and exit 4. Expected: the fault-free crawl, itself checked
// against ibnetdiscover in discover_test.cpp, and the generator's cable count.
TEST(DiscoverSimFaultTest, EveryCableAt30PercentOnASpineAnd10OnTheFirstHopLeaf) {
  // 8 spines, 16 leaves, 128 hosts: 256 cables.
  Fabric generated = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 16});
  const Node* host = nullptr;     // where we crawl from: the first host
  const Node* sm_host = nullptr;  // where opensm runs: the last host, on another leaf
  for (const Node& n : generated.nodes()) {
    if (n.type == NodeType::Ca) {
      host = host == nullptr ? &n : host;
      sm_host = &n;
    }
  }
  ASSERT_NE(host, nullptr);
  // Not on the lossy spine, the netfile's first node: an SM whose own MADs are lost sweeps
  // again and again, and opensm ignores SMInfo Gets while its own port is out of its
  // database (osm_sminfo_rcv.c), so our SMInfo read of it failed 32 times in 2 runs of 10 on
  // a loaded machine. The loss under test is the crawl's, not the SM's.
  SimOptions options = netfile(generated);
  options.opensm_host = id_of(sm_host->guid, false);
  SimFabric sim(options);
  const Port& host_port = generated.ports_of(generated.id_of(*host)).front();
  ASSERT_TRUE(host_port.peer);
  const Node& leaf = generated.node(generated.port(*host_port.peer).node);
  const Node* spine = nullptr;
  for (const Port& p : generated.ports_of(generated.id_of(leaf))) {
    if (!p.peer || spine != nullptr) {
      continue;
    }
    const Node& far = generated.node(generated.port(*p.peer).node);
    if (far.type == NodeType::Switch) {
      spine = &far;
    }
  }
  ASSERT_NE(spine, nullptr);
  std::string at = id_of(host->guid, false);
  std::set<std::string> clean = ibnetdiscover_view(crawl_live(sim, {}, at).fabric);
  sim.console("Error \"" + id_of(spine->guid, true) + "\" 30");
  sim.console("Error \"" + id_of(leaf.guid, true) + "\" 10");
  LiveCrawl ours = crawl_live(sim, {"-v"}, at);
  EXPECT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_EQ(ours.fabric.links().size(), generated.links().size());
  std::set<std::string> seen = ibnetdiscover_view(ours.fabric);
  EXPECT_EQ(seen, clean) << view_difference(seen, clean);
  // -v says how many MADs were retried: the simulator did drop some.
  std::smatch retried;
  ASSERT_TRUE(std::regex_search(ours.err, retried, std::regex(R"(retries of (\d+) MADs)")))
      << ours.err;
  EXPECT_GT(std::stoi(retried[1].str()), 0) << ours.err;
  // ibnetdiscover under the same loss, for the record (not asserted: it gives up early).
  std::vector<std::string> argv = test::attached_at(at);
  argv.push_back("ibnetdiscover");
  test::ProcessResult theirs = sim.run(argv, std::chrono::milliseconds(120000));
  std::cerr << "ibnetdiscover under the same loss: exit " << theirs.exit_code << ", "
            << (theirs.exit_code == 0
                    ? read_ibnetdiscover(theirs.out, "ibnetdiscover").fabric.links().size()
                    : 0)
            << " of " << generated.links().size() << " cables; ours: " << ours.err << '\n';
}

TEST(DiscoverSimFaultTest, SilentSwitchListsExactlyItsLinksAndExitsFour) {
  Fabric generated = fat_tree();
  SimFabric sim(netfile(generated));
  Guid silent = 0x0002c90200100006ULL;  // leaf002: its 4 hosts hang off it alone
  sim.console("Error \"" + id_of(silent, true) + "\" 100");
  LiveCrawl ours = crawl_live(sim, {"--retries", "1", "-t", "100"});
  EXPECT_EQ(ours.exit_code, 4);
  // One "no answer" line per spine port cabled to the silent leaf, naming that spine port.
  NodeId leaf = *generated.find_node(silent);
  std::set<std::string> expected;
  for (const Port& p : generated.ports_of(leaf)) {
    const Port* far = p.peer ? &generated.port(*p.peer) : nullptr;
    if (far && generated.node(far->node).type == NodeType::Switch) {
      expected.insert("\"" + generated.node(far->node).description + "\" port " +
                      std::to_string(far->number) + ":");
    }
  }
  ASSERT_EQ(expected.size(), 4U);
  std::istringstream lines(ours.err);
  std::set<std::string> reported;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("no answer: NodeInfo") != std::string::npos) {
      std::size_t at = line.find("\"spine");
      ASSERT_NE(at, std::string::npos) << line;
      reported.insert(line.substr(at, line.find(':', at) - at + 1));
    }
  }
  EXPECT_EQ(reported, expected) << ours.err;
  EXPECT_NE(ours.err.find("discovery incomplete: 4 problem(s)"), std::string::npos) << ours.err;
  EXPECT_EQ(ours.fabric.nodes().size(), generated.nodes().size() - 5);
  EXPECT_FALSE(ours.fabric.find_node(silent));
}

TEST(DiscoverSimFaultTest, TwoHcasSharingAGuidAreBothKeptAndFlagged) {
  Fabric generated = fat_tree();
  SimFabric sim(netfile(generated));
  // host0020 takes host0003's GUID (ibsim derives port GUIDs from it: a perfect clone).
  Guid original = generated.node(*generated.find_node(0x0002c9030010000cULL)).guid;
  sim.console("Guid \"" + id_of(0x0002c90300100050ULL, false) + "\" 0x" + test::hex(original));
  LiveCrawl ours = crawl_live(sim);
  EXPECT_EQ(ours.exit_code, 0) << ours.err;  // a duplicate is a finding, not a failure
  EXPECT_NE(ours.err.find("duplicate GUID 0x" + std::string(16 - test::hex(original).size(), '0') +
                          test::hex(original) + ": 2 nodes"),
            std::string::npos)
      << ours.err;
  EXPECT_EQ(ours.fabric.nodes().size(), generated.nodes().size());
  EXPECT_EQ(ours.fabric.links().size(), generated.links().size());
  // ibnetdiscover (libibnetdisc) merges them: one node fewer. Documented in docs/discover.md.
  Fabric theirs = test::run_ibnetdiscover(sim);
  EXPECT_EQ(theirs.nodes().size(), generated.nodes().size() - 1);
}

TEST(DiscoverSimFaultTest, UnlinkAndRelinkBetweenCrawlsAreSeen) {
  Fabric generated = fat_tree();
  SimFabric sim(netfile(generated));
  std::string spine = id_of(0x0002c90200100002ULL, true);
  LiveCrawl before = crawl_live(sim);
  ASSERT_EQ(before.exit_code, 0) << before.err;
  sim.console("Unlink \"" + spine + "\"[4]");
  LiveCrawl unplugged = crawl_live(sim);
  EXPECT_EQ(unplugged.exit_code, 0) << unplugged.err;  // a Down port is data, not a failure
  EXPECT_EQ(unplugged.fabric.links().size(), before.fabric.links().size() - 1);
  NodeId s = *unplugged.fabric.find_node(0x0002c90200100002ULL);
  const Port& port4 = unplugged.fabric.port(*unplugged.fabric.find_port(s, 4));
  EXPECT_FALSE(port4.peer);
  EXPECT_NE(port4.phys_state, PhysState::LinkUp);
  sim.console("ReLink \"" + spine + "\"[4]");
  LiveCrawl relinked = crawl_live(sim);
  EXPECT_EQ(relinked.fabric.links().size(), before.fabric.links().size());
}

}  // namespace
}  // namespace ibatlas
