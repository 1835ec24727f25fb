// Partial scans (discover -D/-G/--max-hops, docs/discover.md "Partial scans") on a chain
// drawn by hand, so every expected node set below is counted on the drawing:
//
//   H1[1]-[1]S1[2]-[1]S2[2]-[1]S3[2]-[1]H2
//                    S2[3]-[1]H3
//
// The crawl starts at H1's port 1: S1 is at 0,1; S2 at 0,1,2; S3 at 0,1,2,2; H2 at 0,1,2,2,2;
// H3 at 0,1,2,3.

#include <set>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/fabric_sketch.hpp"
#include "support/fabric_transport.hpp"

namespace ibatlas {
namespace {

using test::FabricTransport;
using test::Sketch;

constexpr Guid kH1 = 0x100, kH2 = 0x200, kH3 = 0x300;
constexpr Guid kS1 = 0x1000, kS2 = 0x2000, kS3 = 0x3000;

Fabric chain() {
  Sketch s;
  NodeId h1 = s.ca("H1", kH1);
  NodeId s1 = s.sw("S1", kS1, 4);
  NodeId s2 = s.sw("S2", kS2, 4);
  NodeId s3 = s.sw("S3", kS3, 4);
  NodeId h2 = s.ca("H2", kH2);
  NodeId h3 = s.ca("H3", kH3);
  s.cable(h1, 1, s1, 1);
  s.cable(s1, 2, s2, 1);
  s.cable(s2, 2, s3, 1);
  s.cable(s3, 2, h2, 1);
  s.cable(s2, 3, h3, 1);
  return s.build();
}

DiscoveryResult crawl(const Fabric& fabric, const DirectedRoute& start, std::size_t hops) {
  FabricTransport transport(fabric, {.local_port = test::port_of(fabric, kH1, 1)});
  CrawlOptions options;
  options.start = start;
  options.max_hops = hops;
  return discover(transport, options);
}

std::set<Guid> guids(const Fabric& f) {
  std::set<Guid> out;
  for (const Node& n : f.nodes()) {
    out.insert(n.guid);
  }
  return out;
}

TEST(CrawlerPartialTest, StartsAtASwitchAndCountsHopsFromIt) {
  Fabric f = chain();
  DiscoveryResult one = crawl(f, {1, 2}, 1);  // S2
  EXPECT_EQ(guids(one.fabric), (std::set<Guid>{kS2, kS1, kS3, kH3}));
  DiscoveryResult two = crawl(f, {1, 2}, 2);
  EXPECT_EQ(guids(two.fabric), (std::set<Guid>{kS2, kS1, kS3, kH3, kH1, kH2}));
  EXPECT_EQ(two.fabric.links().size(), 5U);
}

TEST(CrawlerPartialTest, TheSnapshotSaysWhereAPartialScanStartedAndHowFar) {
  Fabric f = chain();
  DiscoveryResult r = crawl(f, {1, 2}, 1);
  ASSERT_TRUE(r.fabric.provenance().partial);
  EXPECT_EQ(r.fabric.provenance().partial->start, "0,1,2");
  EXPECT_EQ(r.fabric.provenance().partial->start_guid, kS2);  // a switch: port 0's GUID
  EXPECT_EQ(r.fabric.provenance().partial->max_hops, 1U);
  EXPECT_FALSE(r.fabric.provenance().local_port_guid);  // the local port was not the start
  // S1's port 1 (to H1) and S3's port 2 (to H2) were LinkUp and not followed.
  std::size_t hop_limited = 0;
  for (const DiscoveryIssue& issue : r.report.issues) {
    hop_limited += issue.kind == IssueKind::HopLimit ? 1 : 0;
  }
  EXPECT_EQ(hop_limited, 2U);
}

TEST(CrawlerPartialTest, AScanThatReachedEverythingIsNotPartial) {
  Fabric f = chain();
  DiscoveryResult r = crawl(f, {1, 2}, 2);
  EXPECT_FALSE(r.fabric.provenance().partial);
  EXPECT_TRUE(r.report.complete());
}

TEST(CrawlerPartialTest, StartsAtARemoteCaByGoingBackOneHop) {
  Fabric f = chain();
  DiscoveryResult one = crawl(f, {1, 2, 2, 2}, 1);  // H2, then back to S3
  EXPECT_EQ(guids(one.fabric), (std::set<Guid>{kH2, kS3}));
  ASSERT_EQ(one.fabric.links().size(), 1U);
  // The cable is S3 port 2 to H2 port 1, as drawn (not the port the route entered S3 by).
  std::optional<NodeId> s3 = one.fabric.find_node(kS3);
  ASSERT_TRUE(s3);
  std::optional<PortId> p2 = one.fabric.find_port(*s3, 2);
  ASSERT_TRUE(p2 && one.fabric.port(*p2).peer);
  EXPECT_EQ(one.fabric.node(one.fabric.node_of(*one.fabric.port(*p2).peer)).guid, kH2);
  DiscoveryResult three = crawl(f, {1, 2, 2, 2}, 3);
  EXPECT_EQ(guids(three.fabric), (std::set<Guid>{kH2, kS3, kS2, kH3, kS1}));
}

TEST(CrawlerPartialTest, StartingAtTheLocalPortIsAnOrdinaryCrawlWithAHopLimit) {
  Fabric f = chain();
  DiscoveryResult r = crawl(f, {}, 2);
  EXPECT_EQ(guids(r.fabric), (std::set<Guid>{kH1, kS1, kS2}));
  ASSERT_TRUE(r.fabric.provenance().partial);
  EXPECT_EQ(r.fabric.provenance().partial->start, "0");
  EXPECT_EQ(r.fabric.provenance().local_port_guid, r.fabric.provenance().partial->start_guid);
}

TEST(CrawlerPartialTest, RouteToGuidFindsTheShortestRouteInAWholeCrawl) {
  Fabric f = chain();
  DiscoveryResult whole = crawl(f, {}, DirectedRoute::kMaxHops);
  EXPECT_EQ(route_to_guid(whole.fabric, kH3), (DirectedRoute{1, 2, 3}));
  EXPECT_EQ(route_to_guid(whole.fabric, kH2 + 1), (DirectedRoute{1, 2, 2, 2}));  // port GUID
  EXPECT_EQ(route_to_guid(whole.fabric, kS3), (DirectedRoute{1, 2, 2}));
  EXPECT_EQ(route_to_guid(whole.fabric, kH1 + 1), DirectedRoute());
  EXPECT_FALSE(route_to_guid(whole.fabric, 0xdead));
}

TEST(CrawlerPartialTest, DirectedRoutesParseAsIbnetdiscoverPrintsThem) {
  EXPECT_EQ(parse_directed_route("0"), DirectedRoute());
  EXPECT_EQ(parse_directed_route("0,1,3"), (DirectedRoute{1, 3}));
  EXPECT_EQ(parse_directed_route("0,255"), (DirectedRoute{255}));
  for (const char* bad : {"", "1,3", "0,", "0,0", "0,256", "0,1,,3", "0, 1", "0,1x", "00,1"}) {
    EXPECT_FALSE(parse_directed_route(bad)) << bad;
  }
  std::string longest = "0";
  for (int i = 0; i < 63; ++i) {
    longest += ",1";
  }
  EXPECT_EQ(parse_directed_route(longest)->size(), 63U);
  EXPECT_FALSE(parse_directed_route(longest + ",1"));
}

TEST(CrawlerPartialTest, TheXmlSnapshotKeepsThePartialMark) {
  Fabric f = chain();
  Fabric partial = crawl(f, {1, 2, 2, 2}, 1).fabric;
  std::ostringstream xml;
  write_xml_snapshot(partial, xml);
  EXPECT_NE(xml.str().find("partial-from=\"0,1,2,2,2\""), std::string::npos) << xml.str();
  Fabric back = read_xml_snapshot(xml.str(), "partial.xml").fabric;
  EXPECT_EQ(back.provenance(), partial.provenance());
  EXPECT_EQ(back.provenance().partial->start_guid, kH2 + 1);  // H2's port 1
}

}  // namespace
}  // namespace ibatlas
