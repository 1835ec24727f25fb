// link.degraded, link.capped, link.unexpected and link.unknown_capability on hand-built
// fabrics whose expected answer follows from the port fields set here.

#include "ibatlas/analysis/link_speed.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;
using test::speeds_up_to;
using test::widths;

std::vector<Finding> only(const std::vector<Finding>& all, std::string_view check) {
  std::vector<Finding> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const Finding& f) { return f.check == check; });
  return out;
}

std::vector<Finding> audit(const Fabric& f, const AuditOptions& options = {}) {
  return check_link_speed(f, infer_tiers(f), options);
}

constexpr Guid kLeaf = 0x100;
constexpr Guid kSpine = 0x200;
constexpr Guid kHost = 0x1000;

// A leaf, a spine, one ISL and a host; `tweak` edits the sketch before building.
template <typename Tweak>
Fabric small(Tweak tweak) {
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  NodeId spine = s.sw("spine", kSpine);
  NodeId host = s.ca("host", kHost);
  s.cable(leaf, 1, host, 1);
  s.cable(leaf, 36, spine, 1);
  tweak(s, leaf, spine, host);
  return s.build();
}

TEST(LinkSpeedTest, DegradedFiresWhenBothEndsAllow4xButTheLinkRuns1x) {
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    s.data(leaf, 36).width_active = LinkWidth::X1;
    s.data(spine, 1).width_active = LinkWidth::X1;
  });
  std::vector<Finding> d = only(audit(f), "link.degraded");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::Error);
  EXPECT_EQ(d[0].measured, "1xHDR");
  EXPECT_EQ(d[0].expected, "4xHDR");
  EXPECT_EQ(d[0].location.kind, LocationKind::Link);
  EXPECT_EQ(d[0].location.here.node_guid, kLeaf);  // the lower-named switch end first
  EXPECT_EQ(d[0].location.peer->node_guid, kSpine);
  EXPECT_TRUE(only(audit(f), "link.capped").empty());
  EXPECT_TRUE(only(audit(f), "link.unexpected").empty()) << "degraded already explains it";
}

TEST(LinkSpeedTest, DegradedFiresForSpeedToo) {
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    s.data(leaf, 36).speed_active = LinkSpeed::Edr;
    s.data(spine, 1).speed_active = LinkSpeed::Edr;
  });
  std::vector<Finding> d = only(audit(f), "link.degraded");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].measured, "4xEDR");
  EXPECT_EQ(d[0].expected, "4xHDR");
}

TEST(LinkSpeedTest, NothingFiresOnAHealthyFabric) {
  Fabric f = small([](Sketch&, NodeId, NodeId, NodeId) {});
  EXPECT_TRUE(audit(f).empty());
}

TEST(LinkSpeedTest, CappedFiresWhenOneEndEnablesOnly1xAndNamesThatEnd) {
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    s.data(spine, 1).width_enabled = widths({LinkWidth::X1});
    s.data(leaf, 36).width_active = LinkWidth::X1;
    s.data(spine, 1).width_active = LinkWidth::X1;
  });
  std::vector<Finding> all = audit(f);
  std::vector<Finding> c = only(all, "link.capped");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].severity, Severity::Warning);
  EXPECT_EQ(c[0].location.here.node_guid, kSpine) << "the capping end comes first";
  EXPECT_EQ(c[0].measured, "1xHDR");
  EXPECT_EQ(c[0].expected, "4xHDR");
  EXPECT_NE(c[0].message.find("spine port 1 enables at most 1x"), std::string::npos)
      << c[0].message;
  EXPECT_TRUE(only(all, "link.degraded").empty()) << "1x is the best both ends enable";
}

TEST(LinkSpeedTest, CappedSpeedWhenAnEndEnablesUpToEdrOnly) {
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    s.data(leaf, 36).speed_enabled = speeds_up_to(LinkSpeed::Edr);
    s.data(leaf, 36).speed_active = LinkSpeed::Edr;
    s.data(spine, 1).speed_active = LinkSpeed::Edr;
  });
  std::vector<Finding> c = only(audit(f), "link.capped");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].location.here.node_guid, kLeaf);
  EXPECT_EQ(c[0].expected, "4xHDR");
}

TEST(LinkSpeedTest, NotCappedByWidthsThatNoPortOfTheFabricEnables) {
  // ibsim's habit: every port claims 1x..12x supported but enables 1x|4x. No port enables
  // 12x, so 12x is the fabric's policy, not this link's cap.
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId host) {
    WidthSet all =
        widths({LinkWidth::X1, LinkWidth::X2, LinkWidth::X4, LinkWidth::X8, LinkWidth::X12});
    for (auto [n, p] : {std::pair{leaf, 36}, {spine, 1}, {leaf, 1}, {host, 1}}) {
      s.data(n, p).width_supported = all;
    }
  });
  EXPECT_TRUE(only(audit(f), "link.capped").empty());
}

TEST(LinkSpeedTest, BothEndsCappedTo1xIsCappedWhenOtherPortsEnable4x) {
  // ibsim's robust width cap: both port lines say 1x.
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId) {
    for (auto [n, p] : {std::pair{leaf, 36}, {spine, 1}}) {
      s.data(n, p).width_enabled = widths({LinkWidth::X1});
      s.data(n, p).width_active = LinkWidth::X1;
    }
  });
  std::vector<Finding> c = only(audit(f), "link.capped");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].expected, "4xHDR");
}

TEST(LinkSpeedTest, UnexpectedFiresBelowExpectSpeedAndNotAtIt) {
  Fabric f = small([](Sketch&, NodeId, NodeId, NodeId) {});
  AuditOptions want_ndr;
  want_ndr.expect_speed = LinkSpeed::Ndr;
  EXPECT_EQ(only(audit(f, want_ndr), "link.unexpected").size(), 2u);
  AuditOptions want_hdr;
  want_hdr.expect_speed = LinkSpeed::Hdr;
  want_hdr.expect_width = LinkWidth::X4;
  EXPECT_TRUE(only(audit(f, want_hdr), "link.unexpected").empty());
}

// A leaf with `n` host links, all 4xHDR but host `slow` (1-based; 0: none) at 4xSDR, and one
// spine; both ends of the slow link enable and support only up to SDR (an old HCA).
Fabric hosts_on_a_leaf(int n, int slow) {
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  NodeId spine = s.sw("spine", kSpine);
  s.cable(leaf, 36, spine, 1);
  for (int i = 1; i <= n; ++i) {
    NodeId h = s.ca("host" + std::to_string(i), kHost + static_cast<Guid>(16 * i));
    s.cable(leaf, i, h, 1, LinkWidth::X4, i == slow ? LinkSpeed::Sdr : LinkSpeed::Hdr);
    if (i == slow) {
      s.data(h, 1).speed_supported = speeds_up_to(LinkSpeed::Sdr);
      s.data(h, 1).speed_enabled = speeds_up_to(LinkSpeed::Sdr);
    }
  }
  return s.build();
}

TEST(LinkSpeedTest, TierPolicyFlagsTheOneSlowHostLink) {
  std::vector<Finding> all = audit(hosts_on_a_leaf(6, 3));
  std::vector<Finding> u = only(all, "link.unexpected");
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0].location.peer->name, "host3");
  EXPECT_EQ(u[0].measured, "4xSDR");
  EXPECT_EQ(u[0].expected, "4xHDR");
  EXPECT_TRUE(only(all, "link.degraded").empty()) << "SDR is all the host supports";
  EXPECT_TRUE(only(all, "link.capped").empty());
}

TEST(LinkSpeedTest, TierPolicyNeedsThreeQuartersOfTheTier) {
  // 2 of 6 host links slow: HDR holds only 4/6 < 3/4, so there is no policy to break.
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  for (int i = 1; i <= 6; ++i) {
    NodeId h = s.ca("host" + std::to_string(i), kHost + static_cast<Guid>(16 * i));
    s.dump_cable(leaf, i, h, 1, LinkWidth::X4, i <= 2 ? LinkSpeed::Sdr : LinkSpeed::Hdr);
  }
  EXPECT_TRUE(only(audit(s.build()), "link.unexpected").empty());
}

TEST(LinkSpeedTest, SmallTierBorrowsTheFabricWidePolicy) {
  // Topo.3's shape: two hosts, both at SDR, on a switch fabric of HDR links. The host tier
  // alone has too few links for a policy; the fabric's (8 of 10 links) is 4xHDR.
  Sketch s;
  NodeId leaf1 = s.sw("leaf1", 0x101);
  NodeId leaf2 = s.sw("leaf2", 0x102);
  for (int k = 1; k <= 4; ++k) {
    NodeId spine = s.sw("spine" + std::to_string(k), 0x200 + static_cast<Guid>(k));
    s.dump_cable(leaf1, 30 + k, spine, 1);
    s.dump_cable(leaf2, 30 + k, spine, 2);
  }
  s.dump_cable(leaf1, 1, s.ca("h1", 0x1001), 1, LinkWidth::X4, LinkSpeed::Sdr);
  s.dump_cable(leaf2, 1, s.ca("h2", 0x1002), 1, LinkWidth::X4, LinkSpeed::Sdr);
  std::vector<Finding> u = only(audit(s.build()), "link.unexpected");
  ASSERT_EQ(u.size(), 2u);
  EXPECT_EQ(u[0].expected, "4xHDR");
  EXPECT_EQ(u[1].measured, "4xSDR");
}

TEST(LinkSpeedTest, NoFabricWidePolicyWithoutAClearMajority) {
  // The same with two spines: 4 HDR links of 6 are not three quarters.
  Sketch s;
  NodeId leaf1 = s.sw("leaf1", 0x101);
  NodeId leaf2 = s.sw("leaf2", 0x102);
  for (int k = 1; k <= 2; ++k) {
    NodeId spine = s.sw("spine" + std::to_string(k), 0x200 + static_cast<Guid>(k));
    s.dump_cable(leaf1, 30 + k, spine, 1);
    s.dump_cable(leaf2, 30 + k, spine, 2);
  }
  s.dump_cable(leaf1, 1, s.ca("h1", 0x1001), 1, LinkWidth::X4, LinkSpeed::Sdr);
  s.dump_cable(leaf2, 1, s.ca("h2", 0x1002), 1, LinkWidth::X4, LinkSpeed::Sdr);
  EXPECT_TRUE(only(audit(s.build()), "link.unexpected").empty());
}

TEST(LinkSpeedTest, DumpWithoutEnabledSetsSaysWhatItCannotConclude) {
  // Active 1x on one ISL of a dump: it could be a bad cable or a cap; without enabled and
  // supported sets neither is claimed, and one info finding says so.
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  NodeId spine = s.sw("spine", kSpine);
  s.dump_cable(leaf, 35, spine, 1, LinkWidth::X1);
  s.dump_cable(leaf, 36, spine, 2);
  s.dump_cable(leaf, 1, s.ca("h", kHost), 1);
  std::vector<Finding> all = audit(s.build());
  EXPECT_TRUE(only(all, "link.degraded").empty());
  EXPECT_TRUE(only(all, "link.capped").empty());
  std::vector<Finding> u = only(all, "link.unknown_capability");
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0].severity, Severity::Info);
  EXPECT_EQ(u[0].location.kind, LocationKind::Fabric);
  EXPECT_EQ(u[0].measured, "3 of 3 links");
  EXPECT_NE(u[0].message.find("cannot be concluded"), std::string::npos);
}

TEST(LinkSpeedTest, SupportedWithoutEnabledCountsLinksBelowWhatBothSupport) {
  Fabric f = small([](Sketch& s, NodeId leaf, NodeId spine, NodeId host) {
    for (auto [n, p] : {std::pair{leaf, 36}, {spine, 1}, {leaf, 1}, {host, 1}}) {
      s.data(n, p).width_enabled.reset();
    }
    s.data(leaf, 36).width_active = LinkWidth::X1;
    s.data(spine, 1).width_active = LinkWidth::X1;
  });
  std::vector<Finding> all = audit(f);
  EXPECT_TRUE(only(all, "link.degraded").empty());
  std::vector<Finding> u = only(all, "link.unknown_capability");
  ASSERT_EQ(u.size(), 1u);
  EXPECT_NE(u[0].message.find("1 of them run below what both ends support"), std::string::npos)
      << u[0].message;
}

TEST(LinkSpeedTest, LinksToAggregationNodesHaveNoPolicy) {
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  for (int i = 1; i <= 5; ++i) {
    s.cable(leaf, i, s.ca("h" + std::to_string(i), kHost + static_cast<Guid>(16 * i)), 1);
  }
  NodeId agg = s.ca("Mellanox Technologies Aggregation Node", 0x9000);
  s.cable(leaf, 36, agg, 1, LinkWidth::X4, LinkSpeed::Edr);
  s.data(agg, 1).speed_enabled = speeds_up_to(LinkSpeed::Edr);
  s.data(agg, 1).speed_supported = speeds_up_to(LinkSpeed::Edr);
  EXPECT_TRUE(only(audit(s.build()), "link.unexpected").empty());
}

}  // namespace
}  // namespace ibatlas
