// The key property (STYLE.md 7.5): crawling FabricTransport(f) gives back f, over generated
// fat-trees and irregular graphs, with and without MADs being dropped.

#include "ibatlas/discover/crawler.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

using test::as_crawled;
using test::DroppingTransport;
using test::FabricTransport;
using test::FatTreeSpec;
using test::IrregularSpec;
using test::make_fat_tree;
using test::make_irregular;
using test::topology_equal;

DiscoveryResult crawl(const Fabric& fabric, CrawlOptions options = {}) {
  FabricTransport transport(fabric);
  return discover(transport, options, &transport);
}

TEST(CrawlerTest, TwoLevelFatTreeComesBackWhole) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  DiscoveryResult r = crawl(f);
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_TRUE(r.report.complete());
  EXPECT_TRUE(r.report.duplicates.empty());
  EXPECT_TRUE(check_invariants(r.fabric).empty());
}

TEST(CrawlerTest, ThreeLevelFatTreeComesBackWhole) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 3, .radix = 8, .speed = LinkSpeed::Ndr});
  DiscoveryResult r = crawl(f);
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_TRUE(r.report.complete());
  EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size());
}

TEST(CrawlerTest, DualRailHostsKeepBothPortsOnOneNode) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8, .hosts = 12, .hca_ports = 2});
  DiscoveryResult r = crawl(f);
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_TRUE(r.report.duplicates.empty());  // two ports of one HCA are not two nodes
}

TEST(CrawlerTest, IrregularGraphsComeBackWholeForManySeeds) {
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    IrregularSpec spec;
    spec.switches = 4 + static_cast<int>(seed % 9);  // enough ports for every end node
    spec.routers = 1;
    spec.seed = seed;
    Fabric f = make_irregular(spec);
    DiscoveryResult r = crawl(f);
    EXPECT_TRUE(topology_equal(as_crawled(f), r.fabric)) << "seed " << seed;
    EXPECT_TRUE(r.report.complete()) << "seed " << seed;
    EXPECT_TRUE(r.report.duplicates.empty()) << "seed " << seed;
  }
}

TEST(CrawlerTest, CrawlStartsFromASwitchPortZeroToo) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  NodeId spine = *f.find_node(f.nodes()[0].guid);
  ASSERT_EQ(f.node(spine).type, NodeType::Switch);
  FabricTransport transport(f, {.local_port = f.find_port(spine, 0)});
  DiscoveryResult r = discover(transport, {});
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_EQ(r.fabric.provenance().local_port_guid, f.nodes()[0].guid);
}

TEST(CrawlerTest, ProvenanceNamesTheLocalPort) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  FabricTransport transport(f);
  CrawlOptions options;
  options.provenance.source = "live:mlx5_0/1";
  DiscoveryResult r = discover(transport, options);
  EXPECT_EQ(r.fabric.provenance().source, "live:mlx5_0/1");
  EXPECT_EQ(r.fabric.provenance().format, "live");
  EXPECT_EQ(r.fabric.provenance().local_port_guid, f.port(transport.local_port()).guid);
}

TEST(CrawlerTest, WindowBoundsTheMadsInFlight) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  for (std::size_t window : {1, 2, 16}) {
    FabricTransport transport(f);
    CrawlOptions options;
    options.max_in_flight = window;
    options.per_node = 0;  // the window alone
    DiscoveryResult r = discover(transport, options);
    EXPECT_TRUE(topology_equal(f, r.fabric)) << window;
    EXPECT_LE(transport.peak_in_flight(), window);
    EXPECT_EQ(r.report.statistics.peak_in_flight, window);
  }
  FabricTransport transport(f, {.max_in_flight = 4});
  CrawlOptions asks_more;
  asks_more.max_in_flight = 1000;  // the transport's limit wins
  discover(transport, asks_more);
  EXPECT_LE(transport.peak_in_flight(), 4U);
}

TEST(CrawlerTest, DroppedMadsAreRetriedUntilTheFabricIsWhole) {
  Fabric f = make_irregular(IrregularSpec{.switches = 10, .hosts = 40, .seed = 7});
  for (double rate : {0.1, 0.3, 0.5}) {
    FabricTransport inner(f);
    DroppingTransport dropping(inner, rate, 42);
    CrawlOptions options;
    options.retries = 40;  // at 50%, 41 tries all failing is a 1 in 2^41 event
    DiscoveryResult r = discover(dropping, options);
    EXPECT_GT(dropping.dropped(), 0U);
    EXPECT_TRUE(topology_equal(as_crawled(f), r.fabric)) << rate;
    EXPECT_TRUE(r.report.complete()) << rate;
    EXPECT_EQ(r.report.statistics.timeouts, dropping.dropped());
    EXPECT_EQ(r.report.statistics.retries, dropping.dropped());
  }
}

TEST(CrawlerTest, MadsThatRunOutOfRetriesBecomeIssues) {
  Fabric f = make_irregular(IrregularSpec{.switches = 10, .hosts = 40, .seed = 7});
  FabricTransport inner(f);
  DroppingTransport dropping(inner, 0.5, 3);
  CrawlOptions options;
  options.retries = 0;
  options.reprobe = false;
  DiscoveryResult r = discover(dropping, options);
  EXPECT_FALSE(r.report.complete());
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.kind, IssueKind::NoAnswer);
    EXPECT_EQ(issue.attempts, 1);
  }
  EXPECT_TRUE(check_invariants(r.fabric).empty());
  EXPECT_LE(r.fabric.nodes().size(), f.nodes().size());
}

TEST(CrawlerTest, ProgressIsReportedAndEndsWithDone) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  std::vector<CrawlProgress> seen;
  CrawlOptions options;
  options.progress = [&seen](const CrawlProgress& p) { seen.push_back(p); };
  options.progress_interval = std::chrono::milliseconds(0);
  DiscoveryResult r = crawl(f, options);
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(seen.back().done);
  EXPECT_EQ(seen.back().nodes, f.nodes().size());
  EXPECT_EQ(seen.back().in_flight, 0U);
  EXPECT_EQ(seen.back().mads_sent, r.report.statistics.mads_sent);
  CrawlOptions quiet;  // no callback: nothing to call, nothing breaks
  EXPECT_TRUE(crawl(f, quiet).report.complete());
}

TEST(CrawlerTest, RoutesReadEverySwitchTableOnlyWhenAsked) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8, .routes = true});
  CrawlOptions options;
  options.routes = true;
  DiscoveryResult r = crawl(f, options);
  EXPECT_EQ(r.fabric.forwarding_tables().size(), 12U);  // 4 spines, 8 leaves
  EXPECT_TRUE(topology_equal(f, r.fabric));
  DiscoveryResult without = crawl(f);
  EXPECT_TRUE(without.fabric.forwarding_tables().empty());
}

TEST(CrawlerTest, CountersAreReadForEveryCabledPortOnlyWhenAsked) {
  Fabric f = make_irregular(IrregularSpec{.switches = 6, .hosts = 20, .seed = 3, .counters = true});
  CrawlOptions options;
  options.counters = true;
  DiscoveryResult r = crawl(f, options);
  EXPECT_TRUE(topology_equal(as_crawled(f), r.fabric));
  EXPECT_TRUE(r.report.complete());
  DiscoveryResult without = crawl(f);
  for (const Port& p : without.fabric.ports()) {
    EXPECT_FALSE(p.counters);
  }
}

TEST(CrawlerTest, CountersWithoutAPerfTransportAreOneIssue) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  FabricTransport transport(f);
  CrawlOptions options;
  options.counters = true;
  DiscoveryResult r = discover(transport, options, nullptr);
  ASSERT_EQ(r.report.issues.size(), 1U);
  EXPECT_EQ(r.report.issues[0].attribute, "PortCounters");
}

}  // namespace
}  // namespace ibatlas
