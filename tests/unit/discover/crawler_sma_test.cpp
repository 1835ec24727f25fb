// The crawl on the SMA model (tests/support/sma_model.hpp): the per-node cap is never
// exceeded (the model counts it, not the engine), the window stays full, timed-out MADs are
// resent with a backoff that doubles, the --deadline bounds the crawl, and the re-probe pass
// finds every cable at 30% loss on a spine and 10% on the first-hop leaf. Expected fabrics
// are the generated ones.

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"

#include "support/fabric_generators.hpp"
#include "support/sma_model.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::FatTreeSpec;
using test::make_fat_tree;
using test::SmaModelOptions;
using test::SmaModelTransport;

// 4 spines, 8 leaves, 32 hosts.
Fabric small_tree() {
  return make_fat_tree(FatTreeSpec{.levels = 2, .radix = 8});
}

// 18 spines, 36 leaves, 648 hosts: enough work to keep a window of 64 busy.
Fabric radix36_tree() {
  return make_fat_tree(FatTreeSpec{.levels = 2, .radix = 36});
}

CrawlOptions on_model(SmaModelTransport& model, std::size_t window, std::size_t per_node) {
  CrawlOptions options;
  options.max_in_flight = window;
  options.per_node = per_node;
  options.clock = model.clock();
  return options;
}

NodeId first_hop_leaf(const Fabric& f, const SmaModelTransport& model) {
  (void)model;
  for (const Port& p : f.ports()) {
    if (f.node(p.node).type != NodeType::Switch && p.peer) {
      return f.port(*p.peer).node;  // the model starts from the first cabled CA port too
    }
  }
  return NodeId{0};
}

// A switch with no host: a spine.
NodeId a_spine(const Fabric& f) {
  for (const Node& n : f.nodes()) {
    NodeId id = f.id_of(n);
    if (n.type != NodeType::Switch) {
      continue;
    }
    bool hosts = false;
    for (const Port& p : f.ports_of(id)) {
      hosts = hosts || (p.peer && f.node(f.port(*p.peer).node).type != NodeType::Switch);
    }
    if (!hosts) {
      return id;
    }
  }
  return NodeId{0};
}

TEST(CrawlerSmaTest, PerNodeCapIsNeverExceededAndIsReached) {
  Fabric f = radix36_tree();
  for (std::size_t cap : {1U, 2U, 4U}) {
    SCOPED_TRACE(cap);
    SmaModelTransport model(f, SmaModelOptions{.check_per_node = cap});
    DiscoveryResult r = discover(model, on_model(model, 64, cap));
    EXPECT_TRUE(r.report.complete());
    EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size());
    EXPECT_EQ(r.fabric.links().size(), f.links().size());
    EXPECT_EQ(model.cap_violations(), 0U);
    EXPECT_EQ(model.peak_charged(), cap);  // a switch has 37 PortInfos to read at once
    EXPECT_EQ(r.report.statistics.peak_per_node, cap);
  }
}

TEST(CrawlerSmaTest, WithoutACapOneSwitchGetsTheWholeWindowAndItsQueueOverflows) {
  // The check can fail: with no cap a switch's 37 PortInfos go out together.
  Fabric f = radix36_tree();
  SmaModelTransport model(f, SmaModelOptions{.check_per_node = 4});
  DiscoveryResult r = discover(model, on_model(model, 64, 0));
  EXPECT_GT(model.cap_violations(), 0U);
  EXPECT_GT(model.queue_drops(), 0U);  // and VL15 overflows: retries
  EXPECT_GT(r.report.statistics.retries, 0U);
}

TEST(CrawlerSmaTest, WindowStaysFullAcrossNodes) {
  Fabric f = radix36_tree();
  constexpr std::size_t kWindow = 32;
  SmaModelTransport model(f, SmaModelOptions{.record_sends = true});
  DiscoveryResult r = discover(model, on_model(model, kWindow, 2));
  ASSERT_TRUE(r.report.complete());
  const std::vector<std::size_t>& at_send = model.in_flight_at_send();
  auto full = static_cast<std::size_t>(std::count(at_send.begin(), at_send.end(), kWindow));
  // Only the first hops (one node known) and the tail may leave it short.
  EXPECT_GT(full * 10, at_send.size() * 9) << full << " of " << at_send.size();
  EXPECT_EQ(model.peak_in_flight(), kWindow);
}

TEST(CrawlerSmaTest, RetriesBackOffAndThenTheReprobePassAsksAgain) {
  Fabric f = small_tree();
  // One host that never answers: its probe is the only SMP that reaches it.
  NodeId host{0};
  for (const Node& n : f.nodes()) {
    if (n.type != NodeType::Switch && n.description.find("host0005") != std::string::npos) {
      host = f.id_of(n);
    }
  }
  ASSERT_NE(f.node(host).type, NodeType::Switch);
  SmaModelTransport model(
      f, SmaModelOptions{
             .queue_depth = 64, .timeout = 100ms, .loss = {{host, 1.0}}, .record_sends = true});
  CrawlOptions options = on_model(model, 16, 4);
  options.retries = 3;
  options.retry_backoff = 20ms;
  options.retry_backoff_max = 1000ms;
  DiscoveryResult r = discover(model, options);
  std::vector<std::chrono::nanoseconds> sends = model.sends_to(host);
  // 1 + 3 sends, then seven re-probe passes of as many.
  ASSERT_EQ(sends.size(), 32U);
  // The timeout, then the backoff: 20 ms doubling with each attempt, at most 1 s; the
  // re-probe pass goes on counting.
  for (std::size_t i = 1; i < sends.size(); ++i) {
    if (i % 4 == 0) {
      EXPECT_GE(sends[i] - sends[i - 1], 100ms);  // after the timeout, when a pass is done
      continue;
    }
    auto expected = 100ms + std::min<std::chrono::milliseconds>(20ms * (1 << (i - 1)), 1000ms);
    EXPECT_GE(sends[i] - sends[i - 1], expected) << i;
    EXPECT_LT(sends[i] - sends[i - 1], expected + 1ms) << i;
  }
  ASSERT_EQ(r.report.issues.size(), 1U);
  EXPECT_EQ(r.report.issues[0].attempts, 32);
  EXPECT_EQ(r.report.issues[0].what,
            "no answer after 32 attempts: whatever is cabled to this port is missing from the "
            "snapshot");
  EXPECT_EQ(r.report.statistics.reprobed, 7U);
  EXPECT_EQ(r.report.statistics.retried_mads, 1U);
  EXPECT_EQ(r.report.statistics.retries, 24U);
  EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size() - 1);
}

TEST(CrawlerSmaTest, DeadlineBoundsTheCrawlAndListsWhatWasNotAnswered) {
  Fabric f = small_tree();
  NodeId spine = a_spine(f);
  SmaModelOptions lossy{.timeout = 1000ms, .loss = {{spine, 1.0}}};
  {
    // Without a deadline: 32 timeouts of 1 s, and backoffs, in a row on the silent spine.
    SmaModelTransport model(f, lossy);
    DiscoveryResult r = discover(model, on_model(model, 16, 4));
    EXPECT_GT(model.now(), 32s);
    EXPECT_FALSE(r.report.statistics.deadline_reached);
  }
  SmaModelTransport model(f, lossy);
  CrawlOptions options = on_model(model, 16, 4);
  options.deadline = 2500ms;
  DiscoveryResult r = discover(model, options);
  EXPECT_LE(model.now(), 2500ms + 50ms);
  EXPECT_TRUE(r.report.statistics.deadline_reached);
  EXPECT_GT(r.report.statistics.deadline_cut, 0U);
  EXPECT_FALSE(r.report.complete());
  for (const DiscoveryIssue& issue : r.report.issues) {
    EXPECT_NE(issue.what.find("by the --deadline"), std::string::npos) << issue.what;
  }
  // Everything else was read: the hosts behind the other leaves, all the leaves.
  EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size() - 1);
}

TEST(CrawlerSmaTest, EveryCableAt30PercentOnASpineAnd10OnTheFirstHopLeaf) {
  Fabric f = small_tree();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    SmaModelTransport model(f, SmaModelOptions{.timeout = 100ms, .seed = seed});
    SmaModelOptions options{.timeout = 100ms,
                            .loss = {{a_spine(f), 0.3}, {first_hop_leaf(f, model), 0.1}},
                            .seed = seed,
                            .check_per_node = kDefaultPerNode};
    SmaModelTransport lossy(f, options);
    CrawlOptions crawl = on_model(lossy, 128, kDefaultPerNode);
    DiscoveryResult r = discover(lossy, crawl);
    std::ostringstream report;
    write_discovery_report(r.report, report);
    EXPECT_TRUE(r.report.complete()) << report.str();
    EXPECT_EQ(r.fabric.links().size(), f.links().size());
    EXPECT_EQ(r.fabric.nodes().size(), f.nodes().size());
    EXPECT_GT(lossy.loss_drops(), 0U);
    EXPECT_GT(r.report.statistics.retried_mads, 0U);
    EXPECT_EQ(lossy.cap_violations(), 0U);
  }
}

}  // namespace
}  // namespace ibatlas
