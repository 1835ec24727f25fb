// Routing against the simulator: opensm (`-R minhop`, `-R updn`) programs real LFTs into
// ibsim; infiniband-diags read them back. Oracles: dump_lfts and opensm's own
// opensm-lfts.dump for the tables, ibtracert for traces, and opensm's tables for our engines
// (hop counts must agree everywhere; ports wherever opensm's tie-breaking decides, which with
// default options is everywhere). Every number compared comes from those tools.

#include <fstream>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/routing/compare.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_report.hpp"
#include "ibatlas/routing/trace.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"
#include "support/routing_net.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::milliseconds;
using test::ProcessResult;
using test::read_text;
using test::SimFabric;
using test::SimOptions;

constexpr milliseconds kTimeout{120000};

std::string run_ok(SimFabric& sim, const std::vector<std::string>& argv) {
  ProcessResult r = sim.run(argv, kTimeout);
  EXPECT_EQ(r.exit_code, 0) << argv[0] << ": " << r.err;
  EXPECT_FALSE(r.timed_out);
  return r.out;
}

// A fabric as ibsim runs it, without an SM yet.
std::unique_ptr<SimFabric> simulate(const Fabric& fabric) {
  std::ostringstream netfile;
  write_ibnetdiscover(fabric, netfile);
  SimOptions options;
  options.netfile_text = netfile.str();
  options.start_opensm = false;
  return std::make_unique<SimFabric>(options);
}

// opensm configures the subnet once with `engine` and exits (-o), leaving its dumps
// (opensm-lfts.dump) in the fabric's directory. `root` (a switch GUID) goes in a root file.
// Returns its log.
std::string run_opensm(SimFabric& sim, const std::string& engine, std::optional<Guid> root = {}) {
  std::string conf = sim.dir() + "/routes-opensm.conf";
  std::ofstream(conf) << read_text(test::source_dir() + "/fixtures/opensm.conf")
                      << "dump_files_dir " << sim.dir() << "/\n";
  std::vector<std::string> argv = {"env",
                                   "OSM_CACHE_DIR=" + sim.dir(),
                                   "OSM_TMP_DIR=" + sim.dir(),
                                   test::find_program("opensm"),
                                   "-o",
                                   "-R",
                                   engine,
                                   "-D",
                                   "0x43",
                                   "-F",
                                   conf,
                                   "-f",
                                   sim.dir() + "/routes-opensm.log"};
  if (root) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx\n", static_cast<unsigned long long>(*root));
    std::ofstream(sim.dir() + "/roots") << text;
    argv.insert(argv.end(), {"-a", sim.dir() + "/roots"});
  }
  run_ok(sim, argv);
  return read_text(sim.dir() + "/routes-opensm.log");
}

// The engine opensm's log says configured the tables (updn falls back to minhop).
bool configured_with(const std::string& log, const std::string& engine) {
  return log.find(engine + " tables configured on all switches") != std::string::npos;
}

// Tables from one text attached to `topology`; the text must attach cleanly.
Fabric attach(const Fabric& topology, const std::string& text, const std::string& name) {
  AttachedTables a = with_forwarding_tables(topology, read_lft_dump(text, name));
  for (const LftIssue& i : a.issues) {
    ADD_FAILURE() << i.message;
  }
  return std::move(a.fabric);
}

std::size_t switch_count(const Fabric& f) {
  return static_cast<std::size_t>(
      std::count_if(f.nodes().begin(), f.nodes().end(),
                    [](const Node& n) { return n.type == NodeType::Switch; }));
}

struct Case {
  std::string name;
  std::function<Fabric()> fabric;
  std::string engine;
  std::string root;  // updn: the root switch's description; empty: detected
};

// ctest and gtest print a parameter with this, instead of its bytes.
void PrintTo(const Case& c, std::ostream* out) {
  *out << c.name;
}

class RoutesSimTest : public ::testing::TestWithParam<Case> {};

// ibtracert for a sample of (source, destination) LIDs against our trace on the same tables.
void compare_traces(SimFabric& sim, const Fabric& routed) {
  std::vector<PortId> ends;
  for (std::uint32_t i = 0; i < routed.ports().size(); ++i) {
    const Port& p = routed.port(PortId{i});
    if (p.base_lid && (p.number == 0 || p.peer)) {
      ends.push_back(PortId{i});
    }
  }
  ASSERT_GE(ends.size(), 4U);
  std::size_t step = std::max<std::size_t>(1, ends.size() / 5);
  int compared = 0;
  for (std::size_t a = 0; a < ends.size(); a += step) {
    PortId from = ends[a];
    PortId to = ends[(a * 7 + 3) % ends.size()];
    if (from == to) {
      continue;
    }
    Lid src = *routed.port(from).base_lid;
    Lid dst = *routed.port(to).base_lid;
    ProcessResult r = sim.run({"ibtracert", std::to_string(src), std::to_string(dst)}, kTimeout);
    if (r.exit_code != 0 && r.err.find("can't reach to/from ports") != std::string::npos) {
      continue;  // ibtracert's own SMPs need LID routes from its port to both ends (updn)
    }
    std::string theirs = r.out;
    std::ostringstream ours;
    write_trace(routed, trace_route(routed, from, dst), ours);
    EXPECT_EQ(ours.str(), theirs) << "trace " << src << " -> " << dst;
    ++compared;
  }
  EXPECT_GE(compared, 3);
}

TEST_P(RoutesSimTest, OurReadersEnginesAndTracesAgreeWithOpensmAndInfinibandDiags) {
  const Case& c = GetParam();
  Fabric generated = c.fabric();
  std::unique_ptr<SimFabric> sim = simulate(generated);
  std::vector<Guid> roots;
  for (const Node& n : generated.nodes()) {
    if (!c.root.empty() && n.description == c.root) {
      roots.push_back(n.guid);  // ibsim keeps the netfile's GUIDs
    }
  }
  ASSERT_EQ(roots.size(), c.root.empty() ? 0U : 1U);
  std::string log =
      run_opensm(*sim, c.engine, roots.empty() ? std::nullopt : std::optional<Guid>(roots[0]));
  Fabric topology = read_ibnetdiscover(run_ok(*sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;
  std::size_t switches = switch_count(topology);

  // 1. The tables as dump_lfts, opensm's own dump and our live crawl read them agree.
  Fabric installed = attach(topology, run_ok(*sim, {"dump_lfts"}), "dump_lfts");
  ASSERT_EQ(installed.forwarding_tables().size(), switches);
  Fabric opensm_dump =
      attach(topology, read_text(sim->dir() + "/opensm-lfts.dump"), "opensm-lfts.dump");
  Fabric live = attach(topology, run_ok(*sim, {test::ibatlas_binary(), "routes", "live", "--dump"}),
                       "ibatlas routes live --dump");
  for (std::size_t i = 0; i < switches; ++i) {
    const ForwardingTable& want = installed.forwarding_tables()[i];
    EXPECT_EQ(opensm_dump.forwarding_tables()[i], want) << "opensm-lfts.dump, switch " << i;
    EXPECT_EQ(live.forwarding_tables()[i], want) << "live crawl, switch " << i;
  }

  // 2. opensm's tables deliver every host pair (updn leaves some switch LIDs unrouted).
  RouteReport report = analyze_routes(installed, RouteAnalysisOptions{});
  EXPECT_EQ(report.validation.host_delivered, report.validation.host_pairs);
  EXPECT_GT(report.validation.host_pairs, 0U);

  // 3. Our engine on the same topology: same hops everywhere, and (default options, no LMC)
  //    the same port everywhere.
  ComputeOptions engine{*parse_routing_engine(c.engine), roots};
  ComputeResult computed = compute_routes(topology, engine);
  EXPECT_TRUE(configured_with(log, to_string(computed.used)))
      << "opensm and we disagree on the engine used (root detection)";
  const Fabric& ours = computed.fabric;
  TableComparison cmp = compare_tables(installed, ours);
  double agreement =
      cmp.both == 0 ? 0
                    : 100.0 * static_cast<double>(cmp.same_port) / static_cast<double>(cmp.both);
  std::cout << "[ routes ] " << c.name << ": " << cmp.entries << " (switch, LID) entries, "
            << cmp.same_hops << " same hops, " << cmp.same_port << " same port (" << agreement
            << "%)\n";
  RecordProperty("port_agreement_percent", std::to_string(agreement));
  EXPECT_EQ(cmp.only_a, 0U);
  EXPECT_EQ(cmp.only_b, 0U);
  EXPECT_EQ(cmp.same_hops, cmp.both);
  EXPECT_EQ(cmp.same_port, cmp.both);
  for (const TableDifference& d : cmp.port_differences) {
    ADD_FAILURE() << topology.node(d.sw).description << " LID " << d.lid << ": opensm port "
                  << int(d.port_a) << ", ours " << int(d.port_b);
  }

  // 4. --trace prints what ibtracert prints.
  compare_traces(*sim, installed);
}

Fabric fat_tree(int levels, int radix, int hosts) {
  test::FatTreeSpec spec;
  spec.levels = levels;
  spec.radix = radix;
  spec.hosts = hosts;
  return test::make_fat_tree(spec);
}

// Random spanning tree plus extra cables (loopbacks and parallel cables included).
Fabric irregular(std::uint64_t seed, bool large = false) {
  test::IrregularSpec spec;
  spec.switches = large ? 24 : 10;
  spec.radix = large ? 16 : 12;
  spec.extra_links = large ? 30 : 8;
  spec.hosts = large ? 80 : 30;
  spec.dual_port_hosts = large ? 6 : 3;
  spec.routers = large ? 2 : 0;
  spec.mixed_speeds = false;
  spec.seed = seed;
  return test::make_irregular(spec);
}

INSTANTIATE_TEST_SUITE_P(
    Fabrics, RoutesSimTest,
    ::testing::Values(Case{"fat_tree_2_minhop", [] { return fat_tree(2, 8, 32); }, "minhop"},
                      Case{"fat_tree_2_updn", [] { return fat_tree(2, 8, 32); }, "updn"},
                      Case{"fat_tree_3_minhop", [] { return fat_tree(3, 8, 48); }, "minhop"},
                      Case{"fat_tree_3_updn", [] { return fat_tree(3, 8, 48); }, "updn"},
                      Case{"irregular_1_minhop", [] { return irregular(1); }, "minhop"},
                      Case{"irregular_2_minhop", [] { return irregular(2); }, "minhop"},
                      Case{"irregular_1_updn", [] { return irregular(1); }, "updn"},
                      Case{"irregular_3_large_minhop", [] { return irregular(3, true); }, "minhop"},
                      Case{"irregular_3_large_updn_rooted", [] { return irregular(3, true); },
                           "updn", "switch000"}),
    [](const ::testing::TestParamInfo<Case>& p) { return p.param.name; });

// A ring of five switches: opensm's minhop tables have credit loops, its updn tables (root
// r0 from a root file) have none and still deliver every host pair.
TEST(RoutesSimRingTest, OpensmMinhopOnARingHasCreditLoopsAndUpdnHasNone) {
  test::Ring ring(5);
  std::unique_ptr<SimFabric> sim = simulate(ring.net.build());
  EXPECT_TRUE(configured_with(run_opensm(*sim, "minhop"), "minhop"));
  Fabric topology = read_ibnetdiscover(run_ok(*sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;
  RouteReport minhop = analyze_routes(attach(topology, run_ok(*sim, {"dump_lfts"}), "minhop"),
                                      RouteAnalysisOptions{});
  EXPECT_EQ(minhop.validation.fates[0], minhop.validation.pairs);
  EXPECT_FALSE(minhop.credit_loops.empty());

  Guid r0 = 0;
  for (const Node& n : topology.nodes()) {
    r0 = n.description == "r0" ? n.guid : r0;
  }
  ASSERT_NE(r0, 0U);
  EXPECT_TRUE(configured_with(run_opensm(*sim, "updn", r0), "updn"));
  RouteReport updn =
      analyze_routes(attach(topology, run_ok(*sim, {"dump_lfts"}), "updn"), RouteAnalysisOptions{});
  EXPECT_EQ(updn.validation.host_delivered, updn.validation.host_pairs);
  EXPECT_TRUE(updn.credit_loops.empty());
}

}  // namespace
}  // namespace ibatlas
