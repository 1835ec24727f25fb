// --sl2vl on the fake transport: which SLtoVLMappingTables a crawl reads, and what a table
// that does not come back becomes. The fabric holds a distinctive table for every port pair
// (down ports, port 0 and in == out included); what the crawl should read is worked out
// below from the port states alone, by the rule in docs/discover.md, not from the crawl.

#include <cstdint>
#include <functional>
#include <iterator>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/smp_decode.hpp"
#include "ibatlas/fabric_copy.hpp"

#include "support/fabric_generators.hpp"
#include "support/fabric_transport.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

using test::DroppingTransport;
using test::FabricTransport;
using test::FatTreeSpec;
using test::make_fat_tree;

// (node GUID, in port, out port, table): comparable across fabrics whose ids differ.
using TableKey = std::tuple<Guid, int, int, std::array<std::uint8_t, 16>>;

std::array<std::uint8_t, 16> distinctive(const Port& in, const Port& out) {
  std::array<std::uint8_t, 16> vl{};
  for (std::size_t sl = 0; sl < vl.size(); ++sl) {
    std::size_t value = std::size_t{in.number} * 5 + std::size_t{out.number} * 3 + sl;
    vl[sl] = static_cast<std::uint8_t>(value % 16);
  }
  return vl;
}

// `f` plus a table for every (in, out) pair of every switch and every CA port's own; with
// `ca_tables` false, the CAs get none.
Fabric with_every_table(const Fabric& f, bool ca_tables = true) {
  FabricBuilder b = from_fabric(f);
  for (const Node& node : f.nodes()) {
    std::span<const Port> ports = f.ports_of(f.id_of(node));
    for (const Port& in : ports) {
      for (const Port& out : ports) {
        bool own = f.id_of(in) == f.id_of(out);
        if (node.type == NodeType::Switch || (own && ca_tables)) {
          b.add_sl_to_vl_table(f.id_of(in), f.id_of(out), distinctive(in, out));
        }
      }
    }
  }
  return std::move(b).build();
}

std::set<TableKey> keys(const Fabric& f) {
  std::set<TableKey> all;
  for (const SlToVlTable& t : f.sl_to_vl_tables()) {
    all.emplace(f.node(f.node_of(t.in)).guid, f.port(t.in).number, f.port(t.out).number, t.vl);
  }
  return all;
}

bool up(const Port& p) {
  return p.phys_state == PhysState::LinkUp;
}

// The rule: a switch's (in, out) with in != out, out != 0, in == 0 or LinkUp, out LinkUp; a
// CA port's own table when it is LinkUp.
std::set<TableKey> expected_reads(const Fabric& f) {
  std::set<TableKey> want;
  for (const SlToVlTable& t : f.sl_to_vl_tables()) {
    const Port& in = f.port(t.in);
    const Port& out = f.port(t.out);
    bool is_switch = f.node(in.node).type == NodeType::Switch;
    bool wanted = is_switch ? in.number != out.number && out.number != 0 &&
                                  (in.number == 0 || up(in)) && up(out)
                            : up(in);
    if (wanted) {
      want.emplace(f.node(in.node).guid, in.number, out.number, t.vl);
    }
  }
  return want;
}

struct Counted {
  DiscoveryResult result;
  int sl_to_vl_mads = 0;
};

// Crawls `f`, dropping the SL-to-VL MADs `drop` selects (every attempt), counting them all.
Counted crawl(const Fabric& f, bool sl2vl, std::function<bool(const SmpRequest&)> drop = {}) {
  FabricTransport inner(f);
  Counted counted;
  auto selects = [&](const SmpRequest& r) {
    bool table = r.attribute == SmpAttribute::SlToVlTable;
    counted.sl_to_vl_mads += table ? 1 : 0;
    return table && drop && drop(r);
  };
  DroppingTransport transport(inner, 1.0, 7, selects);
  CrawlOptions options;
  options.sl2vl = sl2vl;
  options.retries = 1;
  counted.result = discover(transport, options);
  return counted;
}

// Leaves with idle (Polling) ports, a dual-port HCA per host: down ports on every leaf.
Fabric small_tree() {
  return make_fat_tree(FatTreeSpec{.levels = 2, .radix = 4, .hosts = 3, .hca_ports = 2});
}

TEST(CrawlerSlToVlTest, ReadsExactlyTheTablesBetweenLinkUpPorts) {
  Fabric f = with_every_table(small_tree());
  std::set<TableKey> want = expected_reads(f);
  Counted c = crawl(f, true);
  EXPECT_TRUE(c.result.report.complete());
  EXPECT_EQ(keys(c.result.fabric), want);
  EXPECT_EQ(c.sl_to_vl_mads, static_cast<int>(want.size()));  // one MAD per table, no more
  // Not vacuous: the fabric holds tables the rule leaves out, and the rule keeps some of
  // each kind (input port 0, switch to switch, a CA's own).
  EXPECT_LT(want.size(), f.sl_to_vl_tables().size());
  int from_port0 = 0;
  int ca_own = 0;
  for (const auto& [guid, in, out, vl] : want) {
    from_port0 += in == 0 ? 1 : 0;
    ca_own += in == out ? 1 : 0;
  }
  EXPECT_GT(from_port0, 0);
  EXPECT_EQ(ca_own, 3 * 2);  // 3 hosts, both ports cabled
}

TEST(CrawlerSlToVlTest, TablesKeepTheirPortsInTheSnapshot) {
  Fabric f = with_every_table(small_tree());
  Fabric got = crawl(f, true).result.fabric;
  ASSERT_FALSE(got.sl_to_vl_tables().empty());
  for (const SlToVlTable& t : got.sl_to_vl_tables()) {
    EXPECT_EQ(got.node_of(t.in), got.node_of(t.out));
    EXPECT_EQ(t.vl, distinctive(got.port(t.in), got.port(t.out)));
  }
}

TEST(CrawlerSlToVlTest, NothingIsReadWithoutTheOption) {
  Fabric f = with_every_table(small_tree());
  Counted c = crawl(f, false);
  EXPECT_TRUE(c.result.report.complete());
  EXPECT_TRUE(c.result.fabric.sl_to_vl_tables().empty());
  EXPECT_EQ(c.sl_to_vl_mads, 0);
}

TEST(CrawlerSlToVlTest, ACaWithoutSlMappingSupportIsNotAskedAndNotAnIssue) {
  Fabric f = with_every_table(small_tree(), false);
  Counted c = crawl(f, true);
  EXPECT_TRUE(c.result.report.complete());
  for (const auto& [guid, in, out, vl] : keys(c.result.fabric)) {
    EXPECT_NE(in, out);  // switch tables only
  }
  EXPECT_EQ(keys(c.result.fabric), expected_reads(f));
}

TEST(CrawlerSlToVlTest, ATableThatNeverAnswersIsACompletenessIssue) {
  Fabric f = with_every_table(small_tree());
  auto in1_out2 = [](const SmpRequest& r) { return r.modifier == sl_to_vl_modifier(1, 2); };
  Counted c = crawl(f, true, in1_out2);
  std::set<TableKey> want = expected_reads(f);
  std::size_t dropped = 0;
  for (auto it = want.begin(); it != want.end();) {
    bool gone = std::get<1>(*it) == 1 && std::get<2>(*it) == 2;
    dropped += gone ? 1 : 0;
    it = gone ? want.erase(it) : std::next(it);
  }
  ASSERT_GT(dropped, 0U);
  EXPECT_EQ(keys(c.result.fabric), want);  // the rest is read all the same
  ASSERT_EQ(c.result.report.issues.size(), dropped);
  for (const DiscoveryIssue& issue : c.result.report.issues) {
    EXPECT_EQ(issue.kind, IssueKind::NoAnswer);
    EXPECT_EQ(issue.attribute, "SLtoVLMappingTable");
    EXPECT_EQ(issue.modifier, 0x0102U);
    EXPECT_EQ(issue.port, std::uint8_t{2});
    EXPECT_NE(issue.what.find("in port 1, out port 2"), std::string::npos) << issue.what;
  }
}

TEST(CrawlerSlToVlTest, ATableTheSwitchRejectsIsAnIssueToo) {
  // The fake rejects a pair it holds no table for: take one wanted pair's table away.
  Fabric all = with_every_table(small_tree());  // ids as small_tree()'s (from_fabric keeps them)
  Fabric f;
  {
    FabricBuilder fresh = from_fabric(small_tree());
    std::optional<SlToVlTable> removed;
    for (const SlToVlTable& t : all.sl_to_vl_tables()) {
      const Port& in = all.port(t.in);
      const Port& out = all.port(t.out);
      bool candidate = !removed && all.node(in.node).type == NodeType::Switch && in.number == 0 &&
                       out.number != 0 && up(out);
      if (candidate) {
        removed = t;
      } else {
        fresh.add_sl_to_vl_table(t.in, t.out, t.vl);
      }
    }
    ASSERT_TRUE(removed);
    f = std::move(fresh).build();
  }
  Counted c = crawl(f, true);
  ASSERT_EQ(c.result.report.issues.size(), 1U);
  EXPECT_EQ(c.result.report.issues[0].kind, IssueKind::Rejected);
  EXPECT_EQ(keys(c.result.fabric), expected_reads(f));
}

}  // namespace
}  // namespace ibatlas
