// diff with a partial scan on one side (docs/discover.md, "Partial scans"): what the scan did
// not reach is no change. The partial snapshots are made by the crawler itself, over the
// in-process transport, on the chain of crawler_partial_test.cpp:
//
//   H1[1]-[1]S1[2]-[1]S2[2]-[1]S3[2]-[1]H2
//                    S2[3]-[1]H3
//
// From S2 (route 0,1,2) with 1 hop the crawl reads S2, S1, S3, H3 and follows only S2's
// ports, so the whole chain differs from it by H1 and H2 (2 node removals; their cables are
// part of the node's change, diff/cable_diff.hpp), neither of which it could have seen.
// Counted on the drawing.

#include <set>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/discover/crawler.hpp"

#include "support/fabric_sketch.hpp"
#include "support/fabric_transport.hpp"

namespace ibatlas {
namespace {

constexpr Guid kH1 = 0x100, kH2 = 0x200, kH3 = 0x300;
constexpr Guid kS1 = 0x1000, kS2 = 0x2000, kS3 = 0x3000;

Fabric chain(bool with_h3 = true) {
  test::Sketch s;
  NodeId h1 = s.ca("H1", kH1);
  NodeId s1 = s.sw("S1", kS1, 4);
  NodeId s2 = s.sw("S2", kS2, 4);
  NodeId s3 = s.sw("S3", kS3, 4);
  NodeId h2 = s.ca("H2", kH2);
  s.cable(h1, 1, s1, 1);
  s.cable(s1, 2, s2, 1);
  s.cable(s2, 2, s3, 1);
  s.cable(s3, 2, h2, 1);
  if (with_h3) {
    s.cable(s2, 3, s.ca("H3", kH3), 1);
  }
  return s.build();
}

Fabric crawl(const Fabric& fabric, const DirectedRoute& start, std::size_t hops) {
  test::FabricTransport transport(fabric, {.local_port = test::port_of(fabric, kH1, 1)});
  CrawlOptions options;
  options.start = start;
  options.max_hops = hops;
  return discover(transport, options).fabric;
}

std::multiset<ChangeKind> kinds(const FabricDiff& d) {
  std::multiset<ChangeKind> out;
  for (const Change& c : d.changes) {
    out.insert(c.kind);
  }
  return out;
}

std::string notes(const FabricDiff& d) {
  std::string out;
  for (const std::string& n : d.notes) {
    out += n + "\n";
  }
  return out;
}

TEST(DiffPartialTest, WhatAPartialScanDidNotReachIsNoChange) {
  Fabric whole = chain();
  Fabric partial = crawl(whole, {1, 2}, 1);
  ASSERT_TRUE(partial.provenance().partial);
  ASSERT_EQ(partial.nodes().size(), 4U);  // S2, S1, S3, H3

  FabricDiff d = diff_fabrics(whole, partial);
  EXPECT_TRUE(d.changes.empty()) << d.changes.size() << " changes, first "
                                 << to_string(d.changes.front().kind);
  EXPECT_NE(notes(d).find("NEW is a partial scan (from 0,1,2, 1 hop): only what it reached is "
                          "compared; 2 removals beyond it left out"),
            std::string::npos)
      << notes(d);

  // The other way round the same two are additions OLD's scan could not have seen.
  FabricDiff back = diff_fabrics(partial, whole);
  EXPECT_TRUE(back.changes.empty());
  EXPECT_NE(notes(back).find("OLD is a partial scan (from 0,1,2, 1 hop): only what it reached "
                             "is compared; 2 additions beyond it left out"),
            std::string::npos)
      << notes(back);
}

TEST(DiffPartialTest, TwoHopsReachFurtherAndLeaveOutLess) {
  Fabric whole = chain();
  Fabric partial = crawl(whole, {1, 2}, 2);  // every node; the cables at H1 and H2 seen too
  FabricDiff d = diff_fabrics(whole, partial);
  EXPECT_TRUE(d.changes.empty());
  // Nothing was cut, so the crawl did not mark itself partial: no note at all.
  EXPECT_FALSE(partial.provenance().partial);
  EXPECT_TRUE(d.notes.empty()) << notes(d);
}

TEST(DiffPartialTest, ARemovalInsideTheScanIsStillOne) {
  Fabric whole = chain();
  Fabric partial = crawl(chain(/*with_h3=*/false), {1, 2}, 1);  // H3 unplugged at S2 port 3
  FabricDiff d = diff_fabrics(whole, partial);
  // S2 was followed, so H3 (cabled to it) is a node the scan would have found.
  ASSERT_EQ(kinds(d), (std::multiset<ChangeKind>{ChangeKind::NodeRemoved})) << notes(d);
  EXPECT_EQ(d.changes[0].at.node_guid, kH3);
  EXPECT_NE(notes(d).find("2 removals beyond it left out"), std::string::npos) << notes(d);
}

TEST(DiffPartialTest, APartialScanWithoutItsStartIsComparedWhole) {
  Fabric whole = chain();
  FabricBuilder b;
  b.set_provenance(Provenance{
      .source = "hand.xml", .format = "xml", .partial = PartialScan{"0,1,2", 0xdead, 1}});
  b.add_node(Node{.type = NodeType::Switch, .guid = kS2, .description = "S2", .port_count = 4});
  Fabric lonely = std::move(b).build();
  FabricDiff d = diff_fabrics(whole, lonely);
  EXPECT_EQ(kinds(d).count(ChangeKind::NodeRemoved), 5U) << notes(d);
  EXPECT_NE(notes(d).find("whose start is not in it: nodes and cables beyond it show as removed"),
            std::string::npos)
      << notes(d);
}

}  // namespace
}  // namespace ibatlas
