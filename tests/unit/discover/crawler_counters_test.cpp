// The counters phase against FabricTransport: every counter a port holds comes back, the
// error details only from a node whose PMA has them (one failed probe per node otherwise,
// never an issue), and the unicast/multicast split only when ClassPortInfo claims it.

#include <chrono>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

using test::as_crawled;
using test::FabricTransport;
using test::FatTreeSpec;
using test::IrregularSpec;
using test::make_fat_tree;
using test::make_irregular;
using test::topology_equal;

// Passes PerfMgt through to a FabricTransport, except that one attribute always fails with
// `status` (Rejected: a PMA without it; Timeout: an old simulator that drops the MAD).
class FailingPerf : public PerfTransport {
 public:
  FailingPerf(FabricTransport& inner, PerfAttribute attribute, SmpStatus status)
      : inner_(inner), attribute_(attribute), status_(status) {}

  std::size_t max_perf_in_flight() const override { return inner_.max_perf_in_flight(); }

  void send_perf(const PerfRequest& request) override {
    if (request.attribute != attribute_) {
      inner_.send_perf(request);
      return;
    }
    SmpReply failed;
    failed.tag = request.tag;
    failed.status = status_;
    failed.mad_status = status_ == SmpStatus::Rejected ? 0x000c : 0;
    failed_.push_back(failed);
    ++sent_;
  }

  std::vector<SmpReply> poll_perf(std::chrono::milliseconds timeout) override {
    std::vector<SmpReply> replies = inner_.poll_perf(timeout);
    replies.insert(replies.end(), failed_.begin(), failed_.end());
    failed_.clear();
    return replies;
  }

  int sent() const { return sent_; }

 private:
  FabricTransport& inner_;
  PerfAttribute attribute_;
  SmpStatus status_;
  std::vector<SmpReply> failed_;
  int sent_ = 0;
};

CrawlOptions with_counters() {
  CrawlOptions options;
  options.counters = true;
  return options;
}

TEST(CrawlerCountersTest, EveryGeneratedCounterComesBack) {
  Fabric f = make_irregular(IrregularSpec{.switches = 8, .hosts = 30, .seed = 5, .counters = true});
  FabricTransport transport(f);
  DiscoveryResult r = discover(transport, with_counters(), &transport);
  EXPECT_TRUE(topology_equal(as_crawled(f), r.fabric));
  EXPECT_TRUE(r.report.complete());
  EXPECT_TRUE(r.report.issues.empty());
}

// A copy of `f` (nodes, ports, cables; no tables) whose cabled ports hold `c`, or on a CA
// `ca` when given.
Fabric with_counters_everywhere(const Fabric& f, const PortCounters& c,
                                const std::optional<PortCounters>& ca = std::nullopt) {
  FabricBuilder b;
  for (const Node& n : f.nodes()) {
    b.add_node(n);
  }
  for (const Port& p : f.ports()) {
    Port copy = p;
    if (p.peer) {
      copy.counters = ca && f.node(p.node).type != NodeType::Switch ? *ca : c;
    }
    b.add_port(p.node, copy);
  }
  for (const Port& p : f.ports()) {
    if (p.peer) {
      const Port& q = f.port(*p.peer);
      b.set_peer(*b.find_port(p.node, p.number), *b.find_port(q.node, q.number));
    }
  }
  b.set_provenance(f.provenance());
  return std::move(b).build();
}

TEST(CrawlerCountersTest, NodeWithoutDetailsCostsOneProbePerAttribute) {
  Fabric plain = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  PortCounters c;
  c.rcv_errors = 5;
  c.xmit_discards = 6;
  Fabric f = with_counters_everywhere(plain, c);
  FabricTransport transport(f);
  DiscoveryResult r = discover(transport, with_counters(), &transport);
  EXPECT_TRUE(r.report.complete());
  EXPECT_TRUE(r.report.issues.empty());  // rejected details are absent, not an issue
  std::size_t cabled = 0;
  for (const Port& p : r.fabric.ports()) {
    if (!p.peer) {
      continue;
    }
    ++cabled;
    ASSERT_TRUE(p.counters);
    EXPECT_EQ(p.counters->rcv_errors, 5U);
    EXPECT_FALSE(p.counters->local_physical_errors);
    EXPECT_FALSE(p.counters->inactive_discards);
    EXPECT_FALSE(p.counters->unicast_xmit_pkts);  // the fake's ClassPortInfo says NoIETF
  }
  // Per cabled port PortCounters and PortCountersExtended; per node one ClassPortInfo and
  // one probe of each details attribute. Counted by hand: 2 spines, 4 leaves, 8 hosts.
  std::size_t nodes = r.fabric.nodes().size();
  ASSERT_EQ(nodes, 14U);
  EXPECT_EQ(transport.perf_received(), 2 * cabled + 3 * nodes);
}

TEST(CrawlerCountersTest, DetailsAreReadOnEveryPortOnceTheProbeAnswers) {
  Fabric plain = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  PortCounters c;
  c.unicast_xmit_pkts = 1000;
  c.unicast_rcv_pkts = 900;
  c.multicast_xmit_pkts = 0;
  c.looping_errors = 3;
  c.sw_hoq_lifetime_limit_discards = 70000;  // saturates at 16 bits on the wire
  Fabric f = with_counters_everywhere(plain, c);
  FabricTransport transport(f);
  DiscoveryResult r = discover(transport, with_counters(), &transport);
  EXPECT_TRUE(r.report.complete());
  std::size_t cabled = 0;
  for (const Port& p : r.fabric.ports()) {
    if (!p.peer) {
      continue;
    }
    ++cabled;
    ASSERT_TRUE(p.counters);
    EXPECT_EQ(p.counters->unicast_xmit_pkts, 1000U);
    EXPECT_EQ(p.counters->unicast_rcv_pkts, 900U);
    EXPECT_EQ(p.counters->multicast_xmit_pkts, 0U);
    EXPECT_FALSE(p.counters->multicast_rcv_pkts);
    EXPECT_EQ(p.counters->looping_errors, 3U);
    EXPECT_EQ(p.counters->local_physical_errors, 0U);
    EXPECT_EQ(p.counters->sw_hoq_lifetime_limit_discards, 65535U);
  }
  EXPECT_EQ(transport.perf_received(), 4 * cabled + r.fabric.nodes().size());
}

TEST(CrawlerCountersTest, SwitchesWithDetailsAndHostsWithoutInOneCrawl) {
  Fabric plain = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4});
  PortCounters with;
  with.rcv_errors = 1;
  with.malformed_packet_errors = 8;
  with.neighbor_mtu_discards = 9;
  PortCounters without;
  without.rcv_errors = 2;
  Fabric f = with_counters_everywhere(plain, with, without);
  FabricTransport transport(f);
  DiscoveryResult r = discover(transport, with_counters(), &transport);
  EXPECT_TRUE(r.report.issues.empty());
  for (const Port& p : r.fabric.ports()) {
    if (p.peer) {
      bool sw = r.fabric.node(p.node).type == NodeType::Switch;
      EXPECT_EQ(p.counters->rcv_errors, sw ? 1U : 2U);
      EXPECT_EQ(p.counters->neighbor_mtu_discards,
                sw ? std::optional<std::uint64_t>(9) : std::nullopt);
      EXPECT_EQ(p.counters->malformed_packet_errors,
                sw ? std::optional<std::uint64_t>(8) : std::nullopt);
    }
  }
}

TEST(CrawlerCountersTest, DetailsThatNeverAnswerAreAbsentAndTheCrawlComplete) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .counters = true});
  for (SmpStatus status : {SmpStatus::Rejected, SmpStatus::Timeout}) {
    FabricTransport transport(f);
    FailingPerf perf(transport, PerfAttribute::PortRcvErrorDetails, status);
    DiscoveryResult r = discover(transport, with_counters(), &perf);
    EXPECT_TRUE(r.report.complete());
    EXPECT_TRUE(r.report.issues.empty());
    for (const Port& p : r.fabric.ports()) {
      if (p.peer) {
        ASSERT_TRUE(p.counters);
        EXPECT_FALSE(p.counters->local_physical_errors);
        EXPECT_FALSE(p.counters->looping_errors);
        EXPECT_TRUE(p.counters->inactive_discards);  // the other details attribute answered
      }
    }
    // One probe per node (14), each sent once more per retry after a timeout (3 retries).
    EXPECT_EQ(perf.sent(), status == SmpStatus::Rejected ? 14 : 14 * 4);
  }
}

TEST(CrawlerCountersTest, NoClassPortInfoMeansNoUnicastMulticastSplit) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .counters = true});
  FabricTransport transport(f);
  FailingPerf perf(transport, PerfAttribute::ClassPortInfo, SmpStatus::Rejected);
  DiscoveryResult r = discover(transport, with_counters(), &perf);
  EXPECT_TRUE(r.report.complete());
  EXPECT_TRUE(r.report.issues.empty());
  for (const Port& p : r.fabric.ports()) {
    if (p.peer) {
      ASSERT_TRUE(p.counters);
      EXPECT_FALSE(p.counters->unicast_xmit_pkts);
      EXPECT_FALSE(p.counters->multicast_xmit_pkts);
      EXPECT_TRUE(p.counters->xmit_pkts);
      EXPECT_TRUE(p.counters->local_physical_errors);
    }
  }
}

}  // namespace
}  // namespace ibatlas
