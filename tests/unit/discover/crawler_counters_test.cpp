// The counters phase against FabricTransport: every counter a port holds comes back, the
// error details only from a node whose PMA has them (one failed probe per node otherwise,
// never an issue), and the unicast/multicast split only when ClassPortInfo claims it.

#include <chrono>
#include <random>
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

// Passes PerfMgt through to a FabricTransport, timing out a fraction `rate` of the MADs
// (seeded), and every MAD to `dead_lid` if given: loss on the way to a PMA, or a dead one.
class LossyPerf : public PerfTransport {
 public:
  LossyPerf(FabricTransport& inner, double rate, std::uint64_t seed,
            std::optional<Lid> dead_lid = std::nullopt)
      : inner_(inner), rate_(rate), random_(seed), dead_lid_(dead_lid) {}

  std::size_t max_perf_in_flight() const override { return inner_.max_perf_in_flight(); }

  void send_perf(const PerfRequest& request) override {
    ++sent_;
    if (request.lid != dead_lid_ && std::uniform_real_distribution<>(0, 1)(random_) >= rate_) {
      inner_.send_perf(request);
      return;
    }
    ++dropped_;
    SmpReply lost;
    lost.tag = request.tag;
    lost.status = SmpStatus::Timeout;
    lost_.push_back(lost);
  }

  std::vector<SmpReply> poll_perf(std::chrono::milliseconds timeout) override {
    std::vector<SmpReply> replies = inner_.poll_perf(timeout);
    replies.insert(replies.end(), lost_.begin(), lost_.end());
    lost_.clear();
    return replies;
  }

  std::uint64_t sent() const { return sent_; }

  std::uint64_t dropped() const { return dropped_; }

 private:
  FabricTransport& inner_;
  double rate_;
  std::mt19937_64 random_;
  std::optional<Lid> dead_lid_;
  std::vector<SmpReply> lost_;
  std::uint64_t sent_ = 0;
  std::uint64_t dropped_ = 0;
};

// The fakes answer (or time out) at once: no backoff to wait out between tries (the backoff
// itself is tested on the SMA model, crawler_sma_test.cpp).
CrawlOptions with_counters() {
  CrawlOptions options;
  options.counters = true;
  options.retry_backoff = std::chrono::milliseconds(0);
  options.retry_backoff_max = std::chrono::milliseconds(0);
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
    // One probe per node (14). A rejected one is sent once. One that times out is sent once
    // more per retry (3 retries: 4 sends), and that again in each of the 7 re-probe rounds.
    EXPECT_EQ(perf.sent(), status == SmpStatus::Rejected ? 14 : 14 * 4 * 8);
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

// Issue 18 §2 for the counters phase: 40% of PerfMgt MADs lost (a read and its 3 retries all
// lost 1 time in 40; 32 tries, 1 in 10^12), yet every cabled port's counters and details come
// back, the crawl is complete, and the re-probe pass says how many reads it asked again.
TEST(CrawlerCountersTest, EveryPortsCountersAtFortyPercentLoss) {
  Fabric plain = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
  PortCounters c;
  c.rcv_errors = 5;
  c.symbol_errors = 7;
  c.looping_errors = 3;
  Fabric f = with_counters_everywhere(plain, c);
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    SCOPED_TRACE(seed);
    FabricTransport transport(f);
    LossyPerf perf(transport, 0.4, seed);
    DiscoveryResult r = discover(transport, with_counters(), &perf);
    EXPECT_TRUE(r.report.complete());
    EXPECT_TRUE(r.report.issues.empty());
    std::size_t cabled = 0;
    for (const Port& p : r.fabric.ports()) {
      if (p.peer) {
        ++cabled;
        ASSERT_TRUE(p.counters) << r.fabric.node(p.node).description << " port " << int{p.number};
        EXPECT_EQ(p.counters->rcv_errors, 5U);
        EXPECT_EQ(p.counters->symbol_errors, 7U);
        EXPECT_EQ(p.counters->looping_errors, 3U);  // the details too: no probe lost for good
      }
    }
    EXPECT_EQ(cabled, 2 * plain.links().size());
    EXPECT_GT(perf.dropped(), 0U);
    EXPECT_GT(r.report.statistics.retried_mads, 0U);
    EXPECT_GT(r.report.statistics.reprobed, 0U);  // some read lost 4 times in a row
    // Without the re-probe pass those reads are missing (about 1 in 40 of them).
    FabricTransport again(f);
    LossyPerf lossy(again, 0.4, seed);
    CrawlOptions once = with_counters();
    once.reprobe = false;
    EXPECT_FALSE(discover(again, once, &lossy).report.complete());
  }
}

// A PMA that never answers: each of its reads is tried 4 times in each of 8 rounds, then it
// is an issue naming the port and its 32 attempts; the others are read.
TEST(CrawlerCountersTest, ADeadPmaIsListedAfterTheReprobeRounds) {
  Fabric f = make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .counters = true});
  FabricTransport transport(f);
  // The first host found with a LID: a CA's PMA is addressed by its own port's LID.
  const Port* dead = nullptr;
  for (const Port& p : f.ports()) {
    if (dead == nullptr && p.peer && p.base_lid && f.node(p.node).type == NodeType::Ca) {
      dead = &p;
    }
  }
  ASSERT_NE(dead, nullptr);
  LossyPerf perf(transport, 0.0, 1, dead->base_lid);
  DiscoveryResult r = discover(transport, with_counters(), &perf);
  ASSERT_FALSE(r.report.complete());
  std::size_t counters_issues = 0;
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_EQ(issue.lid, dead->base_lid) << issue.what;
    if (issue.attribute == "PortCounters") {
      ++counters_issues;
      EXPECT_EQ(issue.what, "no answer after 32 attempts");
      EXPECT_EQ(issue.node_guid, f.node(dead->node).guid);
    }
  }
  EXPECT_EQ(counters_issues, 1U);
  for (const Port& p : r.fabric.ports()) {
    bool is_dead = r.fabric.node(p.node).guid == f.node(dead->node).guid;
    if (p.peer && !is_dead) {
      EXPECT_TRUE(p.counters);
    }
  }
}

}  // namespace
}  // namespace ibatlas
