// discover with CrawlOptions::ar on the fake transport: a small fat-tree whose switches serve
// AR state (support/ar_state.hpp builds a consistent one from the LFTs) must come back as
// served; a switch without AR, one that does not answer, a legacy device, the old port-bit
// mapping and garbage masks each end as docs/discover.md says. MAD counts are worked out
// from the served state by the read plan (ar-spec.md §3.7), not taken from a crawl.

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"

#include "support/ar_state.hpp"
#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"

namespace ibatlas {
namespace {

using test::FabricTransport;
using test::FabricTransportOptions;

Fabric small_tree() {
  return make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 4, .hosts = 4, .routes = true});
}

std::vector<NodeId> switches_of(const Fabric& f) {
  std::vector<NodeId> ids;
  for (const Node& node : f.nodes()) {
    if (node.type == NodeType::Switch) {
      ids.push_back(f.id_of(node));
    }
  }
  return ids;
}

// The tree with AR state on every switch. with_consistent_ar takes DefaultPort from the
// generator's LFTs, which are random and need not lie in the min-hop group; here each
// adaptive entry's DefaultPort is its group's lowest port, as an SM would program it.
Fabric served_tree() {
  Fabric f = test::with_consistent_ar(small_tree());
  for (NodeId sw : switches_of(f)) {
    SwitchAr ar = test::switch_ar(f, sw);
    for (std::optional<ArLftEntry>& entry : ar.lfts.front().entries) {
      if (entry && is_adaptive(entry->state)) {
        entry->default_port = test::ar_group(ar, entry->group).ports.front();
      }
    }
    f = test::with_switch_ar(f, ar);
  }
  return f;
}

struct Crawled {
  DiscoveryResult result;
  std::vector<test::ArRequestSeen> requests;  // node ids of the served fabric
};

Crawled crawl(const Fabric& f, bool ar, FabricTransportOptions options = {}) {
  FabricTransport transport(f, options);
  CrawlOptions crawl_options;
  crawl_options.ar = ar;
  Crawled c{discover(transport, crawl_options), transport.ar_requests()};
  return c;
}

// The crawled SwitchAr of the switch with `guid`, or nullptr.
const SwitchAr* crawled_ar(const Fabric& got, Guid guid) {
  std::optional<NodeId> id = got.find_node(guid);
  return id ? got.adaptive_routing_of(*id) : nullptr;
}

// What a crawl of `served` should hold: the same, with an entry the served state lacks read
// as the transport serves it (Static toward port 255: DefaultPort on 0xFF23, the group field
// on the legacy 0xFF22), and the crawl's own fields (its node id, the port-bit verdict) left
// out of the comparison.
SwitchAr as_read(SwitchAr served) {
  for (ArLft& lft : served.lfts) {
    for (std::optional<ArLftEntry>& entry : lft.entries) {
      if (!entry && served.legacy_lft) {
        entry = ArLftEntry{ArLidState::Static, 0, std::nullopt, 255};
      } else if (!entry) {
        entry = ArLftEntry{ArLidState::Static, 0, 255, 0};
      }
    }
  }
  served.switch_node = NodeId{};
  served.port_bits.reset();
  served.decode_uncertain = false;
  return served;
}

SwitchAr comparable(SwitchAr got) {
  got.switch_node = NodeId{};
  got.port_bits.reset();
  got.decode_uncertain = false;
  return got;
}

std::size_t requests_to(const Crawled& c, NodeId node) {
  return static_cast<std::size_t>(std::count_if(c.requests.begin(), c.requests.end(),
                                                [&](const auto& r) { return r.node == node; }));
}

// GeneralInfo, ARInfo, the AR LFT blocks for LIDs 0 .. top, the group blocks for entries
// 0 .. group_top of table 0 (one sub-group a group, two entries a block).
std::size_t planned_mads(const SwitchAr& ar, std::size_t lid_top, std::size_t per_block) {
  return 2 + (lid_top / per_block + 1) + (std::size_t{ar.info->group_top} + 2) / 2;
}

TEST(CrawlerArTest, ReadsWhatEverySwitchServes) {
  Fabric f = served_tree();
  Crawled c = crawl(f, true);
  EXPECT_TRUE(c.result.report.complete());
  const Fabric& got = c.result.fabric;
  ASSERT_EQ(got.adaptive_routing().size(), switches_of(f).size());
  for (NodeId sw : switches_of(f)) {
    const SwitchAr& served = *f.adaptive_routing_of(sw);
    const SwitchAr* read = crawled_ar(got, f.node(sw).guid);
    ASSERT_NE(read, nullptr);
    EXPECT_EQ(comparable(*read), as_read(served)) << f.node(sw).description;
    EXPECT_EQ(read->port_bits, ArPortBits::BitIsPort);
    EXPECT_FALSE(read->decode_uncertain);
    EXPECT_FALSE(read->groups.empty());  // not vacuous: adaptive entries and their groups
    std::size_t top = served.lfts.front().entries.size() - 1;
    EXPECT_EQ(requests_to(c, sw), planned_mads(served, top, 16));
  }
}

TEST(CrawlerArTest, OffReadsNoAdaptiveRouting) {
  Fabric f = served_tree();
  Crawled c = crawl(f, false);
  EXPECT_TRUE(c.result.fabric.adaptive_routing().empty());
  EXPECT_TRUE(c.requests.empty());
}

TEST(CrawlerArTest, SwitchWithoutArIsUnsupportedAfterOneRejection) {
  Fabric plain = small_tree();
  Fabric full = served_tree();
  NodeId without = switches_of(plain).front();
  FabricBuilder b = from_fabric(plain);
  for (const SwitchAr& ar : full.adaptive_routing()) {
    if (ar.switch_node != without) {
      b.set_switch_ar(ar);
    }
  }
  Fabric f = std::move(b).build();
  Crawled c = crawl(f, true);
  EXPECT_TRUE(c.result.report.complete());  // AR failures are not discovery issues
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(without).guid);
  ASSERT_NE(read, nullptr);  // asked, so present: absent would mean "not read"
  EXPECT_EQ(read->support, ArSupport::Unsupported);
  EXPECT_EQ(read->reason,
            "GeneralInfo: rejected: MAD status 0x000c (method and attribute not supported)");
  EXPECT_FALSE(read->info.has_value());
  EXPECT_TRUE(read->lfts.empty());
  EXPECT_EQ(requests_to(c, without), 1U);  // a rejection is not retried
  for (NodeId sw : switches_of(f)) {
    if (sw != without) {
      EXPECT_EQ(crawled_ar(c.result.fabric, f.node(sw).guid)->support, ArSupport::Supported);
    }
  }
}

TEST(CrawlerArTest, NoArCapabilityBitOrNoGroupsIsUnsupported) {
  Fabric f = served_tree();
  std::vector<NodeId> sws = switches_of(f);
  SwitchAr no_bit = test::switch_ar(f, sws[0]);
  no_bit.capabilities = ArCapabilities{1U << 12, 0, 0, 0};
  SwitchAr no_groups = test::switch_ar(f, sws[1]);
  no_groups.info->group_cap = 0;
  f = test::with_switch_ar(test::with_switch_ar(f, no_bit), no_groups);
  Crawled c = crawl(f, true);
  const SwitchAr* first = crawled_ar(c.result.fabric, f.node(sws[0]).guid);
  EXPECT_EQ(first->support, ArSupport::Unsupported);
  EXPECT_EQ(first->reason, "GeneralInfo: neither AR capability bit (1 or 2) is set");
  EXPECT_EQ(first->capabilities, no_bit.capabilities);
  EXPECT_EQ(requests_to(c, sws[0]), 1U);
  const SwitchAr* second = crawled_ar(c.result.fabric, f.node(sws[1]).guid);
  EXPECT_EQ(second->support, ArSupport::Unsupported);
  EXPECT_EQ(second->reason, "AdaptiveRoutingInfo: group_cap is 0");
  EXPECT_EQ(second->info, no_groups.info);
  EXPECT_EQ(requests_to(c, sws[1]), 2U);
}

TEST(CrawlerArTest, SilentSwitchIsNoAnswerAfterTwoAttemptsAndTheCrawlCompletes) {
  Fabric f = served_tree();
  NodeId silent = switches_of(f).back();
  FabricTransportOptions options;
  options.ar_silent = {silent};
  Crawled c = crawl(f, true, options);
  EXPECT_TRUE(c.result.report.complete());
  EXPECT_EQ(c.result.fabric.nodes().size(), f.nodes().size());
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(silent).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(read->support, ArSupport::NoAnswer);
  EXPECT_EQ(read->reason, "GeneralInfo: no answer after 2 attempts");
  EXPECT_EQ(requests_to(c, silent), 2U);
  for (const test::ArRequestSeen& r : c.requests) {
    if (r.node == silent) {
      EXPECT_EQ(r.attribute, SmpAttribute::GeneralInfo);
      EXPECT_EQ(r.modifier, 4U);
    }
  }
  std::size_t supported = 0;
  for (const SwitchAr& ar : c.result.fabric.adaptive_routing()) {
    supported += ar.support == ArSupport::Supported ? 1 : 0;
  }
  EXPECT_EQ(supported, switches_of(f).size() - 1);
}

TEST(CrawlerArTest, LegacyDeviceIsReadFromTheLegacyTable) {
  Fabric f = served_tree();
  NodeId sw = switches_of(f).front();
  SwitchAr legacy = test::switch_ar(f, sw);
  legacy.capabilities = ArCapabilities{1U << 1, 0, 0, 0};
  legacy.legacy_lft = true;
  for (std::optional<ArLftEntry>& entry : legacy.lfts.front().entries) {
    if (entry) {
      entry->default_port.reset();  // the legacy table has none
    }
  }
  f = test::with_switch_ar(f, legacy);
  Crawled c = crawl(f, true);
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(sw).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_TRUE(read->legacy_lft);
  EXPECT_EQ(comparable(*read), as_read(legacy));
  EXPECT_FALSE(read->decode_uncertain);  // no DefaultPort: nothing to check
  std::size_t top = legacy.lfts.front().entries.size() - 1;
  EXPECT_EQ(requests_to(c, sw), planned_mads(legacy, top, 32));
  for (const test::ArRequestSeen& r : c.requests) {
    EXPECT_NE(r.attribute, r.node == sw ? SmpAttribute::ArLftSx : SmpAttribute::ArLft);
  }
}

TEST(CrawlerArTest, OldPortBitMappingIsRecognised) {
  Fabric f = served_tree();
  NodeId sw = switches_of(f).front();
  SwitchAr shifted = test::switch_ar(f, sw);
  shifted.port_bits = ArPortBits::BitZeroIsPortOne;  // the transport encodes bit 0 = port 1
  f = test::with_switch_ar(f, shifted);
  Crawled c = crawl(f, true);
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(sw).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(read->port_bits, ArPortBits::BitZeroIsPortOne);
  EXPECT_FALSE(read->decode_uncertain);
  EXPECT_EQ(read->groups, shifted.groups);
}

TEST(CrawlerArTest, GarbageMasksMakeTheDecodeUncertain) {
  Fabric f = served_tree();
  NodeId sw = switches_of(f).front();
  SwitchAr garbage = test::switch_ar(f, sw);
  for (ArGroup& group : garbage.groups) {
    group.ports = {200};  // no 4-port switch's DefaultPort, read either way
  }
  f = test::with_switch_ar(f, garbage);
  Crawled c = crawl(f, true);
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(sw).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_TRUE(read->decode_uncertain);
  EXPECT_EQ(read->port_bits, ArPortBits::BitIsPort);  // a tie (none pass) keeps bit n = port n
  EXPECT_EQ(read->groups, garbage.groups);
  // The other switches are unaffected.
  EXPECT_FALSE(crawled_ar(c.result.fabric, f.node(switches_of(f).back()).guid)->decode_uncertain);
}

TEST(CrawlerArTest, ActivePrivateLftsAreEachRead) {
  Fabric f = served_tree();
  NodeId sw = switches_of(f).front();
  SwitchAr two = test::switch_ar(f, sw);
  two.capabilities = ArCapabilities{(1U << 2) | 1U, 0, 0, 0};
  two.plft_info = PrivateLftInfo{false, 2, 1, 1};
  two.info->glb_groups = true;
  ArLft second = two.lfts.front();
  second.plft = 1;
  two.lfts.push_back(second);
  f = test::with_switch_ar(f, two);
  Crawled c = crawl(f, true);
  const SwitchAr* read = crawled_ar(c.result.fabric, f.node(sw).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(comparable(*read), as_read(two));
  std::size_t top = two.lfts.front().entries.size() - 1;
  EXPECT_EQ(requests_to(c, sw), 1 + planned_mads(two, top, 16) + (top / 16 + 1));
}

TEST(CrawlerArTest, AFailedBlockLeavesTheTablesIncompleteAndTheRestRead) {
  Fabric f = served_tree();
  NodeId sw = switches_of(f).front();
  FabricTransport inner(f);
  auto selects = [&](const SmpRequest& r) {
    auto reached = inner.walk(r.route);
    return r.attribute == SmpAttribute::ArGroupTable && r.modifier == 0 && reached &&
           reached->first == sw;
  };
  test::DroppingTransport transport(inner, 1.0, 3, selects);
  CrawlOptions options;
  options.ar = true;
  DiscoveryResult result = discover(transport, options);
  EXPECT_TRUE(result.report.complete());
  EXPECT_EQ(transport.dropped(), 2U);  // one retry
  const SwitchAr* read = crawled_ar(result.fabric, f.node(sw).guid);
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(read->support, ArSupport::Supported);
  EXPECT_FALSE(read->tables_complete);
  // Block 0 holds groups 0 and 1: group 1 is missing, the others are there.
  SwitchAr want = as_read(*f.adaptive_routing_of(sw));
  std::erase_if(want.groups, [](const ArGroup& g) { return g.group < 2; });
  want.tables_complete = false;
  EXPECT_EQ(comparable(*read), want);
}

}  // namespace
}  // namespace ibatlas
