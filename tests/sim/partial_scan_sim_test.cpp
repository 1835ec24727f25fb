// Partial scans against infiniband-diags on the same simulated fabric (docs/discover.md,
// "Partial scans"): `discover -D 0,1 --max-hops N` against `iblinkinfo -D 0,1 -n N -a`
// (libibnetdisc's partial discovery; -a prints every node it discovered, not only the
// start), on fixtures/fat-tree-3tier with the client at core01, so 0,1 is pod1-spine1.
//
// The oracle's node set is ours plus, at most, nodes exactly N + 1 cables from the start:
// libibnetdisc keeps one hop counter for the whole scan (`maxhops_discovered`) and checks it
// before raising it, so the first probe one hop past the limit still goes (docs/discover.md,
// "Not done yet" records it seen by hand). Distances are counted on ibnetdiscover's whole
// fabric. `-G` is checked through the route it resolved to: iblinkinfo -G asks the SA and
// sends combined-routed SMPs, which ibsim 0.10 rejects, so its oracle is iblinkinfo -D on
// the route our snapshot records (`partial-from`).

#include <algorithm>
#include <deque>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/paths.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

SimOptions fixture_options() {
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  return options;
}

// The node names iblinkinfo -a listed: "Switch: 0x... NAME:" and "CA: NAME:" headers.
std::set<std::string> listed(const std::string& iblinkinfo) {
  std::set<std::string> names;
  std::regex header(R"((?:^|\n)(?:Switch: 0x[0-9a-f]+ |CA: )([^\n]*):\n)");
  for (auto it = std::sregex_iterator(iblinkinfo.begin(), iblinkinfo.end(), header);
       it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

std::set<std::string> names_of(const Fabric& f) {
  std::set<std::string> names;
  for (const Node& n : f.nodes()) {
    names.insert(n.description);
  }
  return names;
}

// Cables from the node described `start` to every node of `whole`, by description.
std::map<std::string, unsigned> distances(const Fabric& whole, const std::string& start) {
  std::map<std::string, unsigned> hops;
  std::deque<NodeId> queue;
  for (const Node& n : whole.nodes()) {
    if (n.description == start) {
      queue.push_back(whole.id_of(n));
      hops[start] = 0;
    }
  }
  while (!queue.empty()) {
    NodeId node = queue.front();
    queue.pop_front();
    for (const Port& p : whole.ports_of(node)) {
      if (p.peer) {
        const Node& next = whole.node(whole.node_of(*p.peer));
        if (hops.emplace(next.description, hops[whole.node(node).description] + 1).second) {
          queue.push_back(whole.node_of(*p.peer));
        }
      }
    }
  }
  return hops;
}

class PartialScanSimTest : public ::testing::Test {
 protected:
  PartialScanSimTest() : sim_(fixture_options()) {
    ProcessResult r = sim_.run({"ibnetdiscover"}, test::milliseconds(120000));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    whole_ = read_ibnetdiscover(r.out, "ibnetdiscover").fabric;
  }

  // Our partial snapshot of `options` (a partial crawl exits 4; a whole one 0).
  Fabric ours(const std::vector<std::string>& options) {
    std::string out = dir_.file("partial" + std::to_string(runs_++) + ".xml");
    std::vector<std::string> argv = {test::ibatlas_binary(), "discover", "-o", out};
    argv.insert(argv.end(), options.begin(), options.end());
    ProcessResult r = sim_.run(argv, test::milliseconds(120000));
    EXPECT_TRUE(r.exit_code == kExitOk || r.exit_code == kExitPartial) << r.err;
    return read_xml_snapshot(test::slurp(out), out).fabric;
  }

  std::set<std::string> theirs(const std::string& route, unsigned hops) {
    ProcessResult r = sim_.run({"iblinkinfo", "-D", route, "-n", std::to_string(hops), "-a"},
                               test::milliseconds(120000));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return listed(r.out);
  }

  // Ours within theirs; each node only they list is hops + 1 cables from the start.
  void expect_agreement(const Fabric& partial, const std::set<std::string>& oracle,
                        const std::string& start, unsigned hops) {
    std::set<std::string> mine = names_of(partial);
    std::map<std::string, unsigned> d = distances(whole_, start);
    for (const std::string& name : mine) {
      EXPECT_TRUE(oracle.count(name)) << name << " is ours only";
      EXPECT_LE(d[name], hops) << name;
    }
    for (const std::string& name : oracle) {
      if (!mine.count(name)) {
        EXPECT_EQ(d[name], hops + 1)
            << name << " is iblinkinfo's only, " << d[name] << " cables from " << start;
      }
    }
    // Every node within the limit is in both.
    for (const auto& [name, h] : d) {
      if (h <= hops) {
        EXPECT_TRUE(mine.count(name)) << name << " (" << h << " cables) is missing from ours";
      }
    }
  }

  SimFabric sim_;
  test::TempDir dir_;
  Fabric whole_;
  int runs_ = 0;
};

TEST_F(PartialScanSimTest, DirectedStartAgreesWithIblinkinfoAtEveryHopLimit) {
  ASSERT_EQ(whole_.nodes().size(), 22U);  // 10 switches, 12 CAs
  for (unsigned hops : {1U, 2U, 3U}) {
    SCOPED_TRACE("--max-hops " + std::to_string(hops));
    Fabric partial = ours({"-D", "0,1", "--max-hops", std::to_string(hops)});
    ASSERT_TRUE(partial.provenance().partial);  // 3 hops still leave pod2's hosts out
    EXPECT_EQ(partial.provenance().partial->start, "0,1");
    EXPECT_EQ(partial.provenance().partial->max_hops, hops);
    expect_agreement(partial, theirs("0,1", hops), "pod1-spine1", hops);
  }
}

TEST_F(PartialScanSimTest, GuidStartIsTheDirectedStartOfItsRoute) {
  // pod1-leaf1's switch GUID (port 0), 2 cables from core01.
  Fabric partial = ours({"-G", "0x200006", "--max-hops", "2"});
  ASSERT_TRUE(partial.provenance().partial);
  const PartialScan& scan = *partial.provenance().partial;
  EXPECT_EQ(scan.start_guid, Guid{0x200006});
  EXPECT_EQ(std::count(scan.start.begin(), scan.start.end(), ','), 2) << scan.start;
  expect_agreement(partial, theirs(scan.start, 2), "pod1-leaf1", 2);
  // The same start given as a route is the same scan.
  Fabric by_route = ours({"-D", scan.start, "--max-hops", "2"});
  EXPECT_EQ(names_of(by_route), names_of(partial));
}

}  // namespace
}  // namespace ibatlas
