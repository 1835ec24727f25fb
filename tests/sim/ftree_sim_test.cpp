// Our fat-tree engine against opensm's (`opensm -o -R ftree`, default options) on generated
// fat-trees under ibsim: opensm programs its tables into the simulated switches, dump_lfts
// reads them back, and `compute_routes(..., Ftree)` on the ibnetdiscover view of the same
// fabric must give the same port in every (switch, LID) entry, and leave unset exactly the
// entries opensm leaves unset (a root has no route to another root without connect_roots).
// The numbers are printed ("[ ftree ] ...") for docs/benchmarks.md.

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/routing/compare.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::milliseconds;
using test::ProcessResult;
using test::read_text;
using test::SimFabric;
using test::SimOptions;

constexpr milliseconds kTimeout{180000};

std::string run_ok(SimFabric& sim, const std::vector<std::string>& argv) {
  ProcessResult r = sim.run(argv, kTimeout);
  EXPECT_EQ(r.exit_code, 0) << argv[0] << ": " << r.err;
  EXPECT_FALSE(r.timed_out);
  return r.out;
}

// opensm configures the subnet once with `engine` and exits (-o). Returns its log.
std::string run_opensm(SimFabric& sim, const std::string& engine) {
  std::string conf = sim.dir() + "/ftree-opensm.conf";
  std::ofstream(conf) << read_text(test::source_dir() + "/fixtures/opensm.conf")
                      << "dump_files_dir " << sim.dir() << "/\n";
  run_ok(sim, {"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
               test::find_program("opensm"), "-o", "-R", engine, "-D", "0x43", "-F", conf, "-f",
               sim.dir() + "/ftree-opensm.log"});
  return read_text(sim.dir() + "/ftree-opensm.log");
}

// Every entry of `installed` (opensm's tables) against `ours`, both over the same nodes:
// equal ports, entries both leave unset, and the rest.
struct Agreement {
  std::uint64_t entries = 0;
  std::uint64_t equal = 0;
  std::uint64_t both_unset = 0;
  std::vector<std::string> first_differences;
};

Agreement entry_by_entry(const Fabric& topology, const Fabric& installed, const Fabric& ours) {
  Agreement a;
  for (const ForwardingTable& theirs : installed.forwarding_tables()) {
    auto mine =
        std::find_if(ours.forwarding_tables().begin(), ours.forwarding_tables().end(),
                     [&](const ForwardingTable& t) { return t.switch_node == theirs.switch_node; });
    for (std::size_t lid = 1; lid < theirs.out_port.size(); ++lid) {
      std::uint8_t want = theirs.out_port[lid];
      std::uint8_t got = mine == ours.forwarding_tables().end() || lid >= mine->out_port.size()
                             ? ForwardingTable::kNoRoute
                             : mine->out_port[lid];
      ++a.entries;
      a.equal += want == got ? 1U : 0U;
      a.both_unset += want == got && want == ForwardingTable::kNoRoute ? 1U : 0U;
      if (want != got && a.first_differences.size() < 20) {
        a.first_differences.push_back(topology.node(theirs.switch_node).description + " LID " +
                                      std::to_string(lid) + ": opensm " + std::to_string(want) +
                                      ", ours " + std::to_string(got));
      }
    }
  }
  return a;
}

struct Case {
  std::string name;
  int levels;
  int radix;
  int hosts;
};

void PrintTo(const Case& c, std::ostream* out) {
  *out << c.name;
}

class FtreeSimTest : public ::testing::TestWithParam<Case> {};

TEST_P(FtreeSimTest, OurFtreeTablesEqualOpensmsEntryByEntry) {
  const Case& c = GetParam();
  test::FatTreeSpec spec;
  spec.levels = c.levels;
  spec.radix = c.radix;
  spec.hosts = c.hosts;
  std::ostringstream netfile;
  write_ibnetdiscover(test::make_fat_tree(spec), netfile);
  SimOptions options;
  options.netfile_text = netfile.str();
  options.start_opensm = false;
  SimFabric sim(options);
  std::string log = run_opensm(sim, "ftree");
  bool opensm_ftree = log.find("ftree tables configured on all switches") != std::string::npos;
  Fabric topology = read_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;
  AttachedTables installed =
      with_forwarding_tables(topology, read_lft_dump(run_ok(sim, {"dump_lfts"}), "dump_lfts"));
  ASSERT_TRUE(installed.issues.empty()) << installed.issues.front().message;

  ComputeResult ours = compute_routes(topology, ComputeOptions{RoutingEngine::Ftree, {}});
  // Both take the fabric for a fat-tree (the cases are chosen so), or both fall back.
  EXPECT_TRUE(opensm_ftree) << "opensm fell back to minhop";
  EXPECT_EQ(ours.used, opensm_ftree ? RoutingEngine::Ftree : RoutingEngine::Minhop)
      << (ours.notes.empty() ? "" : ours.notes[0]);
  Agreement a = entry_by_entry(topology, installed.fabric, ours.fabric);
  std::cout << "[ ftree ] " << c.name << " (" << to_string(ours.used) << "): " << a.entries
            << " (switch, LID) entries, " << a.equal << " equal (" << a.both_unset
            << " unset by both), " << a.entries - a.equal << " differing\n";
  RecordProperty("entries", std::to_string(a.entries));
  RecordProperty("equal", std::to_string(a.equal));
  EXPECT_GT(a.entries, 0U);
  EXPECT_EQ(a.equal, a.entries);
  for (const std::string& d : a.first_differences) {
    ADD_FAILURE() << d;
  }

  // opensm's ftree tables deliver every host pair, and so do ours.
  RouteReport report = analyze_routes(ours.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(report.validation.host_delivered, report.validation.host_pairs);
  EXPECT_TRUE(report.credit_loops.empty());
}

// The demo fabric is not regular to opensm (switches of rank 1 with different numbers of
// down groups: its ERR AB0A): it logs "Fabric topology is not a fat-tree" and routes with
// minhop; so do we, with the same tables.
TEST(FtreeSimFallbackTest, AnIrregularTreeFallsBackToMinhopLikeOpensm) {
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  options.start_opensm = false;
  SimFabric sim(options);
  std::string log = run_opensm(sim, "ftree");
  EXPECT_NE(log.find("Fabric topology is not a fat-tree"), std::string::npos);
  EXPECT_NE(log.find("minhop tables configured on all switches"), std::string::npos);
  Fabric topology = read_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;
  AttachedTables installed =
      with_forwarding_tables(topology, read_lft_dump(run_ok(sim, {"dump_lfts"}), "dump_lfts"));
  ComputeResult ours = compute_routes(topology, ComputeOptions{RoutingEngine::Ftree, {}});
  EXPECT_EQ(ours.used, RoutingEngine::Minhop);
  Agreement a = entry_by_entry(topology, installed.fabric, ours.fabric);
  EXPECT_EQ(a.equal, a.entries);
  EXPECT_GT(a.entries, 0U);
}

INSTANTIATE_TEST_SUITE_P(Fabrics, FtreeSimTest,
                         ::testing::Values(Case{"fat_tree_2_radix8_32", 2, 8, 32},
                                           Case{"fat_tree_2_radix12_60", 2, 12, 60},
                                           Case{"fat_tree_3_radix8_48", 3, 8, 48},
                                           Case{"fat_tree_3_radix8_128", 3, 8, 128}),
                         [](const ::testing::TestParamInfo<Case>& p) { return p.param.name; });

}  // namespace
}  // namespace ibatlas
