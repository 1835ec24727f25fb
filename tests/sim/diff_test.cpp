// `ibatlas diff` against ibsim: capture a fabric, change it through the ibsim console,
// capture again, and check that the diff reports exactly those changes — with the real
// ibnetdiscover (text and --cache files) and with our own crawler. Then the same pairs
// through `ibnetdiscover --diff`, whose differences from ours docs/diff.md explains.
//
// No opensm: LIDs are the ones the netfile preloads and nothing reassigns them between
// captures. Expected GUIDs follow ibsim's rules (/work/notes/ibsim.md): switches 0x200000
// onwards in record order, CAs 0x100000 + 2 per 1-port CA (port GUID = node GUID + 1).
//   spine1 0x200000  spine2 0x200001  leaf1 0x200002  leaf2 0x200003
//   h1 0x100000  h2 0x100002  h3 0x100004  h4 0x100006

#include "ibatlas/diff/diff.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/umad/ibnd_cache.hpp"

#include "sim/discover_sim.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// Two spines, two leaves with two uplinks each (so one can go without cutting anything off),
// two hosts per leaf; everything 4x EDR; LIDs preloaded.
constexpr const char* kNetfile = R"(Switch	8 "spine1"	# "spine1" base port 0 lid 1 lmc 0
[1]	"leaf1"[7]	# "leaf1" lid 3 4xEDR
[2]	"leaf2"[7]	# "leaf2" lid 4 4xEDR

Switch	8 "spine2"	# "spine2" base port 0 lid 2 lmc 0
[1]	"leaf1"[8]	# "leaf1" lid 3 4xEDR
[2]	"leaf2"[8]	# "leaf2" lid 4 4xEDR

Switch	8 "leaf1"	# "leaf1" base port 0 lid 3 lmc 0
[1]	"h1"[1]	# "h1" lid 11 4xEDR
[2]	"h2"[1]	# "h2" lid 12 4xEDR
[7]	"spine1"[1]	# "spine1" lid 1 4xEDR
[8]	"spine2"[1]	# "spine2" lid 2 4xEDR

Switch	8 "leaf2"	# "leaf2" base port 0 lid 4 lmc 0
[1]	"h3"[1]	# "h3" lid 13 4xEDR
[2]	"h4"[1]	# "h4" lid 14 4xEDR
[7]	"spine1"[2]	# "spine1" lid 1 4xEDR
[8]	"spine2"[2]	# "spine2" lid 2 4xEDR

Ca	1 "h1"	# "h1"
[1]	"leaf1"[1]	# lid 11 lmc 0 "leaf1" lid 3 4xEDR

Ca	1 "h2"	# "h2"
[1]	"leaf1"[2]	# lid 12 lmc 0 "leaf1" lid 3 4xEDR

Ca	1 "h3"	# "h3"
[1]	"leaf2"[1]	# lid 13 lmc 0 "leaf2" lid 4 4xEDR

Ca	1 "h4"	# "h4"
[1]	"leaf2"[2]	# lid 14 lmc 0 "leaf2" lid 4 4xEDR
)";

// One state of the fabric, captured three ways.
struct Capture {
  Fabric text;   // ibnetdiscover through umad2sim
  Fabric cache;  // ibnetdiscover --cache, read through libibnetdisc
  Fabric crawl;  // ibatlas discover
  std::string cache_path;
};

Capture capture(SimFabric& sim, const std::string& name) {
  Capture c;
  ProcessResult text = sim.run({"ibnetdiscover"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  c.text = read_ibnetdiscover(text.out, name + ".txt").fabric;
  c.cache_path = sim.dir() + "/" + name + ".cache";
  ProcessResult cached = sim.run({"ibnetdiscover", "--cache", c.cache_path});
  EXPECT_EQ(cached.exit_code, 0) << cached.err;
  c.cache = read_ibnd_cache(c.cache_path).fabric;
  test::LiveCrawl crawl = test::crawl_live(sim);
  EXPECT_EQ(crawl.exit_code, 0) << crawl.err;
  c.crawl = std::move(crawl.fabric);
  return c;
}

void console(SimFabric& sim, const std::string& command) {
  std::string answer = sim.console(command);
  EXPECT_EQ(answer.find('#'), std::string::npos) << command << ": " << answer;
}

// "kind at: before -> after", sorted: what must match, whatever the source.
std::vector<std::string> summary(const FabricDiff& d) {
  std::vector<std::string> out;
  for (const Change& c : d.changes) {
    out.push_back(std::string(to_string(c.kind)) + " " + end_string(c.at) + ": " +
                  c.before.value_or("-") + " -> " + c.after.value_or("-"));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string ibnetdiscover_diff(SimFabric& sim, const Capture& from, const Capture& to,
                               const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv = {"ibnetdiscover", "--load-cache", to.cache_path, "--diff",
                                   from.cache_path};
  argv.insert(argv.end(), extra.begin(), extra.end());
  ProcessResult r = sim.run(argv);
  EXPECT_EQ(r.exit_code, 0) << "ibnetdiscover --diff exits 0 even when the fabric changed";
  return r.out;
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line) != std::string::npos;
}

// An uplink unplugged, a host cable moved to another port, an HCA swapped, a LID changed.
void first_changes(SimFabric& sim) {
  console(sim, "Unlink \"leaf2\"[8]");
  console(sim, "Unlink \"h1\"[1]");
  console(sim, "Link \"leaf1\"[5] \"h1\"[1]");
  console(sim, "Guid \"h3\" 0x5555");
  console(sim, "Baselid \"h4\"[1] 40");
}

const std::vector<std::string> kFirstChanges = {
    "cable.moved 0x0000000000100000[1]: 0x0000000000200002[1] -> 0x0000000000200002[5]",
    "cable.removed 0x0000000000200001[2]: 0x0000000000200003[8] -> -",
    "lid.changed 0x0000000000100006[1]: 14 -> 40",
    "node.replaced 0x0000000000005555: 0x0000000000100004 -> 0x0000000000005555",
};

// The uplink back, and h2 and h4 trading leaf ports.
void second_changes(SimFabric& sim) {
  console(sim, "ReLink \"leaf2\"[8]");
  console(sim, "Unlink \"h2\"[1]");
  console(sim, "Unlink \"h4\"[1]");
  console(sim, "Link \"leaf1\"[2] \"h4\"[1]");
  console(sim, "Link \"leaf2\"[2] \"h2\"[1]");
}

const std::vector<std::string> kSecondChanges = {
    "cable.added 0x0000000000200001[2]: - -> 0x0000000000200003[8]",
    "cable.swapped 0x0000000000200002[2]: 0x0000000000100002[1] -> 0x0000000000100006[1]",
    "cable.swapped 0x0000000000200003[2]: 0x0000000000100006[1] -> 0x0000000000100002[1]",
};

// Lines of `ibnetdiscover --diff` output that are port lines of one side ("< [", "> [").
int port_lines(const std::string& text) {
  int n = 0;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line(text.data() + at, end - at);
    n += line.starts_with("< [") || line.starts_with("> [") ? 1 : 0;
    at = end + 1;
  }
  return n;
}

class DiffSimTest : public ::testing::Test {
 protected:
  DiffSimTest() : sim_(options()) {}

  static SimOptions options() {
    SimOptions o;
    o.netfile_text = kNetfile;
    o.start_opensm = false;
    return o;
  }

  SimFabric sim_;
};

TEST_F(DiffSimTest, ReportsExactlyTheConsoleChangesFromEverySource) {
  Capture s0 = capture(sim_, "s0");
  first_changes(sim_);
  Capture s1 = capture(sim_, "s1");
  second_changes(sim_);
  Capture s2 = capture(sim_, "s2");
  for (auto [name, a, b, c] : {std::tuple{"ibnetdiscover", &s0.text, &s1.text, &s2.text},
                               std::tuple{"--cache", &s0.cache, &s1.cache, &s2.cache},
                               std::tuple{"crawler", &s0.crawl, &s1.crawl, &s2.crawl}}) {
    EXPECT_EQ(summary(diff_fabrics(*a, *b)), kFirstChanges) << name;
    EXPECT_EQ(summary(diff_fabrics(*b, *c)), kSecondChanges) << name;
    EXPECT_TRUE(diff_fabrics(*a, *a).same()) << name;
  }
  // Across sources: the same state read three ways is the same fabric, and a text capture
  // against a cache capture of the next state gives the same changes.
  EXPECT_TRUE(diff_fabrics(s0.text, s0.cache).same());
  EXPECT_TRUE(diff_fabrics(s0.cache, s0.crawl).same());
  EXPECT_EQ(summary(diff_fabrics(s0.text, s1.crawl)), kFirstChanges);
  EXPECT_EQ(summary(diff_fabrics(s1.crawl, s2.cache)), kSecondChanges);

  // History over the three: the uplink went down and came back (flapping); the moved and
  // swapped cables each went down or came up once (not flapping).
  std::vector<HistorySnapshot> series = {
      {"s0", 0, &s0.cache}, {"s1", 1, &s1.cache}, {"s2", 2, &s2.cache}};
  History h = build_history(series);
  ASSERT_EQ(h.links.size(), 7U);  // the uplink; h1's old and new cable; 2 + 2 for the swap
  EXPECT_EQ(end_string(h.links[0].a), "0x0000000000200001[2]");
  EXPECT_TRUE(h.links[0].flapping());
  for (std::size_t i = 1; i < h.links.size(); ++i) {
    EXPECT_FALSE(h.links[i].flapping()) << end_string(h.links[i].a);
  }
  EXPECT_TRUE(h.nodes.empty()) << "h3 kept its identity through the GUID change";
}

TEST_F(DiffSimTest, IbnetdiscoverDiffSeesLessAndSaysItLessDirectly) {
  Capture s0 = capture(sim_, "s0");
  first_changes(sim_);
  Capture s1 = capture(sim_, "s1");

  std::string d = ibnetdiscover_diff(sim_, s0, s1);
  // The unplugged uplink: a "<" port line on each switch.
  EXPECT_TRUE(has_line(d, "< [2]\t\"S-0000000000200003\"[8]")) << d;
  EXPECT_TRUE(has_line(d, "< [8]\t\"S-0000000000200001\"[2]")) << d;
  // The move is two unrelated port lines on leaf1 ...
  EXPECT_TRUE(has_line(d, "< [1]\t\"H-0000000000100000\"[1]")) << d;
  EXPECT_TRUE(has_line(d, "> [5]\t\"H-0000000000100000\"[1]")) << d;
  // ... and nothing on h1: it compares the far port's GUID, which every port of a switch
  // shares, so a host moved to another port of the same switch looks unchanged from the host.
  EXPECT_EQ(d.find("Ca\t1 \"H-0000000000100000\""), std::string::npos) << d;
  EXPECT_FALSE(has_line(d, "< [1](100001)")) << d;
  // The swapped HCA is a CA removed and another added (no notion of replacement).
  EXPECT_TRUE(has_line(d, "< Ca\t1 \"H-0000000000100004\"")) << d;
  EXPECT_TRUE(has_line(d, "> Ca\t1 \"H-0000000000005555\"")) << d;
  // LIDs are not compared unless asked for.
  EXPECT_EQ(d.find("lid 40"), std::string::npos) << d;
  std::string with_lids =
      ibnetdiscover_diff(sim_, s0, s1, {"--diffcheck", "sw,ca,router,port,lid"});
  EXPECT_NE(with_lids.find("lid 40"), std::string::npos) << with_lids;

  // The swap (plus the uplink back) is ten port lines on six records; ours: three changes.
  second_changes(sim_);
  Capture s2 = capture(sim_, "s2");
  std::string swap = ibnetdiscover_diff(sim_, s1, s2);
  EXPECT_EQ(port_lines(swap), 10) << swap;
  EXPECT_TRUE(has_line(swap, "< [1](100003) \t\"S-0000000000200002\"[2]")) << swap;
  EXPECT_TRUE(has_line(swap, "> [1](100003) \t\"S-0000000000200003\"[2]")) << swap;
  EXPECT_EQ(diff_fabrics(s1.cache, s2.cache).changes.size(), 3U);
}

TEST_F(DiffSimTest, NarrowedAndWidenedLinkIsDegradedThenRestoredAndIbnetdiscoverSeesNothing) {
  Capture s0 = capture(sim_, "s0");
  // A PortInfo Set of LinkWidthEnabled on spine1 port 1 (directed route 0: the node the
  // client attaches to) makes ibsim retrain spine1[1]-leaf1[7] at 1x, then back at 4x.
  auto set_width = [&](const std::string& mask) {
    ProcessResult r = sim_.run({"ibportstate", "-D", "0", "1", "width", mask});
    EXPECT_EQ(r.exit_code, 0) << r.err;
  };
  set_width("1");
  Capture s1 = capture(sim_, "s1");
  set_width("3");
  Capture s2 = capture(sim_, "s2");
  for (auto [name, a, b, c] : {std::tuple{"ibnetdiscover", &s0.text, &s1.text, &s2.text},
                               std::tuple{"--cache", &s0.cache, &s1.cache, &s2.cache},
                               std::tuple{"crawler", &s0.crawl, &s1.crawl, &s2.crawl}}) {
    EXPECT_EQ(summary(diff_fabrics(*a, *b)),
              (std::vector<std::string>{"link.degraded 0x0000000000200000[1]: 4x EDR -> 1x EDR"}))
        << name;
    EXPECT_EQ(summary(diff_fabrics(*b, *c)),
              (std::vector<std::string>{"link.restored 0x0000000000200000[1]: 1x EDR -> 4x EDR"}))
        << name;
  }
  std::vector<HistorySnapshot> series = {
      {"s0", 0, &s0.crawl}, {"s1", 1, &s1.crawl}, {"s2", 2, &s2.crawl}};
  History h = build_history(series);
  ASSERT_EQ(h.degradations.size(), 1U);
  EXPECT_EQ(h.degradations[0].since, 1U);
  EXPECT_EQ(h.degradations[0].restored, 2U);
  // ibnetdiscover --diff compares neither width nor speed.
  EXPECT_EQ(ibnetdiscover_diff(sim_, s0, s1), "");
}

}  // namespace
}  // namespace ibatlas
