// Route load (route.imbalance) on the tables opensm programs: opensm -R minhop configures a
// full 3-level fat-tree (radix 8) under ibsim, dump_lfts reads the tables back, and the
// per-link loads ibatlas derives from them are compared with a walk of every CA pair
// through those tables (LftRouter) and with the loads of our own minhop tables. opensm's
// tables have the hot aggregation uplinks route_load_test.cpp counts by hand on ours.

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/lft_route.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/route_load.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/fabric_generators.hpp"
#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

constexpr test::milliseconds kTimeout{120000};

std::string ok_output(test::SimFabric& sim, const std::vector<std::string>& argv) {
  test::ProcessResult r = sim.run(argv, kTimeout);
  EXPECT_EQ(r.exit_code, 0) << argv[0] << ": " << r.err;
  return r.out;
}

// Routes per sending switch port, walking every (CA port, CA LID) pair.
std::map<std::uint32_t, std::uint64_t> walked_loads(const Fabric& f) {
  LftRouter router(f);
  std::vector<PortId> cas;
  for (std::uint32_t i = 0; i < f.ports().size(); ++i) {
    const Port& p = f.port(PortId{i});
    if (f.node(p.node).type != NodeType::Switch && p.base_lid && router.working_peer(PortId{i})) {
      cas.push_back(PortId{i});
    }
  }
  std::map<std::uint32_t, std::uint64_t> out;
  for (PortId src : cas) {
    for (PortId dst : cas) {
      std::optional<std::vector<PortId>> path =
          src == dst ? std::nullopt : router.egress_ports(src, *f.port(dst).base_lid);
      for (std::size_t h = 1; path && h < path->size(); ++h) {
        ++out[(*path)[h].value];
      }
    }
  }
  return out;
}

TEST(RouteLoadSimTest, OpensmMinhopTablesHaveTheHotUplinksAWalkCounts) {
  test::FatTreeSpec spec;
  spec.levels = 3;
  spec.radix = 8;
  Fabric topology = test::make_fat_tree(spec);
  std::ostringstream netfile;
  write_ibnetdiscover(topology, netfile);
  test::SimOptions options;
  options.netfile_text = netfile.str();
  options.start_opensm = false;
  test::SimFabric sim(options);
  std::ifstream conf_in(test::source_dir() + "/fixtures/opensm.conf");
  std::string conf = sim.dir() + "/load-opensm.conf";
  std::ofstream(conf) << conf_in.rdbuf();
  ok_output(sim, {"env", "OSM_CACHE_DIR=" + sim.dir(), "OSM_TMP_DIR=" + sim.dir(),
                  test::find_program("opensm"), "-o", "-R", "minhop", "-F", conf, "-f",
                  sim.dir() + "/load-opensm.log"});
  AttachedTables attached =
      with_forwarding_tables(topology, read_lft_dump(ok_output(sim, {"dump_lfts"}), "dump_lfts"));
  ASSERT_TRUE(attached.issues.empty()) << attached.issues[0].message;
  const Fabric& installed = attached.fabric;

  RouteReport report = analyze_routes(installed, RouteAnalysisOptions{});
  ASSERT_EQ(report.validation.host_delivered, 128U * 127U);
  RouteLoad load = route_loads(installed, report.balance);
  std::map<std::uint32_t, std::uint64_t> walked = walked_loads(installed);
  std::size_t hot = 0;
  for (const LinkLoad& l : load.links) {
    auto it = walked.find(l.from.value);
    EXPECT_EQ(l.routes, it == walked.end() ? 0U : it->second) << l.from.value;
    if (l.hot) {
      ++hot;
      EXPECT_EQ(l.routes, 448U);  // all 448 routes of an aggregation switch on one uplink
    }
  }
  EXPECT_EQ(hot, 64U);  // 32 aggregation uplinks, 32 core links back down
  // Our minhop (equal to opensm's entry for entry, routes_test.cpp) loads links alike.
  Fabric ours = compute_routes(topology, ComputeOptions{}).fabric;
  RouteLoad our_load = route_loads(ours, analyze_routes(ours, RouteAnalysisOptions{}).balance);
  ASSERT_EQ(our_load.links.size(), load.links.size());
  for (std::size_t i = 0; i < load.links.size(); ++i) {
    EXPECT_EQ(our_load.links[i].routes, load.links[i].routes) << i;
  }
  std::cout << "[ load ] opensm minhop, 3 levels radix 8: " << hot << " hot of "
            << load.links.size() << " link directions\n";
}

}  // namespace
}  // namespace ibatlas
