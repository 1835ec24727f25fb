// The crawl under faults: a switch that never answers, nodes that share a GUID, a hop limit,
// rejected attributes, a transport that loses replies. Expected results are worked out from
// the generated fabric independently of the crawl (reachability, hand-made edits).

#include <functional>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

using test::copy_fabric;
using test::DroppingTransport;
using test::FabricTransport;
using test::FatTreeSpec;
using test::make_fat_tree;
using test::topology_equal;

DiscoveryResult crawl(const Fabric& f, const CrawlOptions& options = {}) {
  FabricTransport transport(f);
  return discover(transport, options);
}

std::optional<NodeId> find_by_description(const Fabric& f, const std::string& description) {
  for (const Node& n : f.nodes()) {
    if (n.description == description) {
      return f.id_of(n);
    }
  }
  return std::nullopt;
}

TEST(CrawlerFaultTest, SilentSwitchListsExactlyTheProbesIntoIt) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});  // 4 spines, 8 leaves
  NodeId leaf = *find_by_description(f, "leaf005");
  FabricTransport inner(f);
  ASSERT_NE(f.node_of(inner.local_port()), leaf);
  DroppingTransport silent(inner, 1.0, 1, [&inner, leaf](const SmpRequest& r) {
    auto reached = inner.walk(r.route);
    return reached && reached->first == leaf;
  });
  DiscoveryResult r = discover(silent, CrawlOptions{.retries = 2});
  // Expected: every spine's probe into leaf005 fails; leaf005 and its 4 hosts are missing.
  std::set<std::uint32_t> missing = {leaf.value};
  std::set<std::pair<Guid, int>> expected_issues;
  for (const Port& p : f.ports_of(leaf)) {
    if (!p.peer) {
      continue;
    }
    const Port& far = f.port(*p.peer);
    if (f.node(far.node).type == NodeType::Switch) {
      expected_issues.emplace(f.node(far.node).guid, far.number);
    } else {
      missing.insert(far.node.value);
    }
  }
  ASSERT_EQ(missing.size(), 5U);
  ASSERT_EQ(expected_issues.size(), 4U);
  std::set<std::pair<Guid, int>> issues;
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.kind, IssueKind::NoAnswer);
    EXPECT_EQ(issue.attribute, "NodeInfo");
    EXPECT_EQ(issue.attempts, 24);  // 1 + 2 retries, and 7 re-probe passes of as many
    ASSERT_TRUE(issue.node_guid && issue.port);
    issues.emplace(*issue.node_guid, *issue.port);
  }
  EXPECT_EQ(issues, expected_issues);
  EXPECT_EQ(r.report.issues.size(), 4U);
  EXPECT_TRUE(topology_equal(copy_fabric(f, missing), r.fabric));
}

TEST(CrawlerFaultTest, ClonedHcasAreBothFoundAndFlagged) {
  Fabric base = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  NodeId a = *find_by_description(base, "host0001 HCA-1");
  NodeId b = *find_by_description(base, "host0030 HCA-1");  // on another leaf
  // host0030 becomes a clone of host0001: same node, system and port GUIDs.
  const Node& original = base.node(a);
  Guid port_guid = *base.ports_of(a)[0].guid;
  Fabric f = copy_fabric(
      base, {},
      [&](NodeId id, Node& n) {
        if (id == b) {
          n.guid = original.guid;
          n.system_guid = original.system_guid;
        }
      },
      [&](NodeId id, Port& p) {
        if (id == b) {
          p.guid = port_guid;
        }
      });
  DiscoveryResult r = crawl(f);
  ASSERT_EQ(r.report.duplicates.size(), 1U);
  EXPECT_EQ(r.report.duplicates[0].guid, original.guid);
  EXPECT_EQ(r.report.duplicates[0].nodes.size(), 2U);
  EXPECT_EQ(r.report.duplicates[0].routes.size(), 2U);
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_TRUE(r.report.complete());  // a duplicate is a finding, not a failure
}

TEST(CrawlerFaultTest, TwoSwitchesSharingEveryIdentityFieldAreTwoNodes) {
  Fabric base = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  NodeId keep = *find_by_description(base, "leaf002");
  NodeId twin = *find_by_description(base, "leaf006");
  Guid guid = base.node(keep).guid;
  // Only the cabling can tell these apart: GUID and system GUID equal, same kind of switch.
  Fabric f = copy_fabric(base, {}, [&](NodeId id, Node& n) {
    if (id == twin) {
      n.guid = guid;
      n.system_guid = guid;
    }
  });
  DiscoveryResult r = crawl(f);
  ASSERT_EQ(r.report.duplicates.size(), 1U);
  EXPECT_EQ(r.report.duplicates[0].nodes.size(), 2U);
  EXPECT_TRUE(topology_equal(f, r.fabric));
  EXPECT_EQ(r.fabric.links().size(), f.links().size());
}

TEST(CrawlerFaultTest, SpineTwinsAreToldApartToo) {
  Fabric base = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  NodeId keep = *find_by_description(base, "spine000");
  NodeId twin = *find_by_description(base, "spine003");
  Guid guid = base.node(keep).guid;
  Fabric f = copy_fabric(base, {}, [&](NodeId id, Node& n) {
    if (id == twin) {
      n.guid = guid;
      n.system_guid = guid;
    }
  });
  DiscoveryResult r = crawl(f);
  ASSERT_EQ(r.report.duplicates.size(), 1U);
  EXPECT_TRUE(topology_equal(f, r.fabric));
}

// A small fabric built by hand, every switch with all its ports, cables LinkUp 4x HDR.
class HandFabric {
 public:
  NodeId add(NodeType type, Guid guid, const std::string& name, int ports) {
    Node n{.type = type,
           .guid = guid,
           .system_guid = guid,
           .vendor_id = 0x2c9,
           .device_id = 1,
           .revision = 1,
           .description = name,
           .port_count = static_cast<std::uint8_t>(ports)};
    if (type == NodeType::Switch) {
      n.enhanced_port0 = false;
    }
    NodeId id = b_.add_node(n);
    for (int p = type == NodeType::Switch ? 0 : 1; p <= ports; ++p) {
      Port port{.number = static_cast<std::uint8_t>(p),
                .state = PortState::Down,
                .phys_state = PhysState::Polling};
      if (p == 0 || type != NodeType::Switch) {
        port.guid = guid + static_cast<Guid>(p);
        port.base_lid = lid_++;
        port.lmc = 0;
      }
      b_.add_port(id, port);
    }
    return id;
  }

  void cable(NodeId a, int pa, NodeId b, int pb) {
    PortId x = *b_.find_port(a, static_cast<std::uint8_t>(pa));
    PortId y = *b_.find_port(b, static_cast<std::uint8_t>(pb));
    for (PortId id : {x, y}) {
      b_.port_data(id).state = PortState::Active;
      b_.port_data(id).phys_state = PhysState::LinkUp;
      b_.port_data(id).width_active = LinkWidth::X4;
      b_.port_data(id).speed_active = LinkSpeed::Hdr;
    }
    b_.connect(x, y);
  }

  Fabric build() { return std::move(b_).build(); }

 private:
  FabricBuilder b_;
  Lid lid_ = 1;
};

TEST(CrawlerFaultTest, TwinReachedThroughItsTwinsUnprobedPortWaitsForThatProbe) {
  // host - s1; s1:2 - s2; s1:3 - twin A:1; A:2 - s3:1; s2:2 - twin B:2; B:1 - s4:1.
  // s2 is read before A, so s2's probe reaches B's port 2 while A's own probe out of its
  // port 2 is still out: merging B into A there would invent the cable s2 - A:2.
  HandFabric h;
  NodeId host = h.add(NodeType::Ca, 0x100, "host", 1);
  NodeId s1 = h.add(NodeType::Switch, 0x200, "s1", 4);
  NodeId s2 = h.add(NodeType::Switch, 0x300, "s2", 4);
  NodeId a = h.add(NodeType::Switch, 0x999, "twin-a", 4);
  NodeId s3 = h.add(NodeType::Switch, 0x400, "s3", 4);
  NodeId b = h.add(NodeType::Switch, 0x999, "twin-b", 4);
  NodeId s4 = h.add(NodeType::Switch, 0x500, "s4", 4);
  h.cable(host, 1, s1, 1);
  h.cable(s1, 2, s2, 1);
  h.cable(s1, 3, a, 1);
  h.cable(a, 2, s3, 1);
  h.cable(s2, 2, b, 2);
  h.cable(b, 1, s4, 1);
  Fabric f = h.build();
  for (std::size_t window : {1, 4, 64}) {
    FabricTransport transport(f);
    DiscoveryResult r = discover(transport, CrawlOptions{.max_in_flight = window});
    EXPECT_TRUE(topology_equal(f, r.fabric)) << "window " << window;
    EXPECT_EQ(r.report.duplicates.size(), 1U) << "window " << window;
  }
}

TEST(CrawlerFaultTest, HopLimitStopsTheCrawlAndSaysWhere) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 3, .radix = 4});  // host-leaf-agg-core-...
  CrawlOptions options;
  options.max_hops = 2;  // the local HCA, its leaf, and one switch beyond
  DiscoveryResult r = crawl(f, options);
  EXPECT_FALSE(r.report.complete());
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.kind, IssueKind::HopLimit);
    EXPECT_EQ(issue.route.size(), 3U);
  }
  EXPECT_LT(r.fabric.nodes().size(), f.nodes().size());
  options.max_hops = 10;
  EXPECT_TRUE(crawl(f, options).report.complete());
}

// Rejects every MAD for one attribute, as a device that does not implement it would.
class RejectingTransport : public SmpTransport {
 public:
  RejectingTransport(SmpTransport& inner, SmpAttribute attribute)
      : inner_(inner), attribute_(attribute) {}

  std::size_t max_in_flight() const override { return inner_.max_in_flight(); }

  void send(const SmpRequest& r) override {
    if (r.attribute == attribute_) {
      SmpReply reply;
      reply.tag = r.tag;
      reply.status = SmpStatus::Rejected;
      reply.mad_status = 0x000c;
      rejected_.push_back(reply);
    } else {
      inner_.send(r);
    }
  }

  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override {
    std::vector<SmpReply> out = inner_.poll(timeout);
    out.insert(out.end(), rejected_.begin(), rejected_.end());
    rejected_.clear();
    return out;
  }

 private:
  SmpTransport& inner_;
  SmpAttribute attribute_;
  std::vector<SmpReply> rejected_;
};

TEST(CrawlerFaultTest, RejectedAttributeIsAnIssuePerNodeAndTheRestIsRead) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});  // 2 spines, 4 leaves
  FabricTransport inner(f);
  RejectingTransport rejecting(inner, SmpAttribute::SwitchInfo);
  DiscoveryResult r = discover(rejecting, {});
  ASSERT_EQ(r.report.issues.size(), 6U);
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.kind, IssueKind::Rejected);
    EXPECT_EQ(issue.attribute, "SwitchInfo");
    EXPECT_NE(issue.what.find("0x000c"), std::string::npos);
    EXPECT_EQ(issue.attempts, 1);  // a rejection is an answer: never resent
  }
  EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size());
  EXPECT_EQ(r.fabric.links().size(), f.links().size());
}

TEST(CrawlerFaultTest, MlnxExtPortInfoRejectedIsNotAnIssue) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .speed = LinkSpeed::Qdr});
  FabricTransport inner(f);
  RejectingTransport rejecting(inner, SmpAttribute::MlnxExtPortInfo);
  EXPECT_TRUE(discover(rejecting, {}).report.complete());
}

TEST(CrawlerFaultTest, Fdr10IsSeenOnlyThroughExtPortInfo) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .speed = LinkSpeed::Fdr10});
  DiscoveryResult with = crawl(f);
  EXPECT_TRUE(topology_equal(f, with.fabric));
  CrawlOptions options;
  options.mlnx_ext_port_info = false;
  DiscoveryResult without = crawl(f, options);
  for (PortId link : without.fabric.links()) {
    EXPECT_EQ(without.fabric.port(link).speed_active, LinkSpeed::Qdr);
  }
}

TEST(CrawlerFaultTest, ExtPortInfoIsAskedOnlyOfVendorsThatDefineIt) {
  Fabric base = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .speed = LinkSpeed::Fdr10});
  // The same fabric from another vendor: 0xFF90 may mean something else there.
  Fabric other = copy_fabric(base, {}, [](NodeId, Node& n) { n.vendor_id = 0x001175; });
  DiscoveryResult r = crawl(other);
  EXPECT_TRUE(r.report.complete());
  for (PortId link : r.fabric.links()) {
    EXPECT_EQ(r.fabric.port(link).speed_active, LinkSpeed::Qdr);
  }
  EXPECT_TRUE(topology_equal(base, crawl(base).fabric));  // Mellanox: FDR10 seen
}

// Never answers NodeDescription: neither a reply nor a timeout.
class BlackHoleTransport : public SmpTransport {
 public:
  explicit BlackHoleTransport(SmpTransport& inner) : inner_(inner) {}

  std::size_t max_in_flight() const override { return inner_.max_in_flight(); }

  void send(const SmpRequest& r) override {
    if (r.attribute != SmpAttribute::NodeDescription) {
      inner_.send(r);
    }
  }

  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override {
    return inner_.poll(timeout);
  }

 private:
  SmpTransport& inner_;
};

TEST(CrawlerFaultTest, LostRepliesTimeOutInsteadOfHanging) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  FabricTransport inner(f);
  BlackHoleTransport hole(inner);
  CrawlOptions options;
  options.retries = 1;
  options.stall_timeout = std::chrono::milliseconds(30);
  DiscoveryResult r = discover(hole, options);
  EXPECT_EQ(r.report.issues.size(), f.nodes().size());
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.attribute, "NodeDescription");
    EXPECT_EQ(issue.attempts, 16);  // 1 + 1 retry, and 7 re-probe passes of as many
  }
}

TEST(CrawlerFaultTest, ReportNamesPathNodeAndPort) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  NodeId leaf = *find_by_description(f, "leaf003");
  FabricTransport inner(f);
  DroppingTransport silent(inner, 1.0, 1, [&inner, leaf](const SmpRequest& r) {
    auto reached = inner.walk(r.route);
    return reached && reached->first == leaf;
  });
  DiscoveryResult r = discover(silent, CrawlOptions{.retries = 0});
  std::ostringstream text;
  write_discovery_report(r.report, text);
  EXPECT_NE(text.str().find("discovery incomplete: 2 problem(s)"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("no answer: NodeInfo at DR path 0,1,"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("\"spine000\" port 4"), std::string::npos) << text.str();
  std::ostringstream clean;
  write_discovery_report(crawl(f).report, clean);
  EXPECT_EQ(clean.str(), "");
}

TEST(CrawlerFaultTest, DirectedRoutesPrintLikeInfinibandDiags) {
  EXPECT_EQ(to_string(DirectedRoute{}), "0");
  EXPECT_EQ(to_string(DirectedRoute{1, 3, 12}), "0,1,3,12");
  EXPECT_EQ(DirectedRoute{1}.extended(7), (DirectedRoute{1, 7}));
  EXPECT_FALSE(DirectedRoute{1} == (DirectedRoute{1, 0}));
}

}  // namespace
}  // namespace ibatlas
