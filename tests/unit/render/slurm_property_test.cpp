// Over generated fabrics: what slurmctld's topology/tree plugin refuses never appears
// (tests/consumers/slurm_topology_test.py runs slurmctld itself on real dumps).

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/render/slurm.hpp"
#include "ibatlas/render/style.hpp"
#include "ibatlas/tiers.hpp"

#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

struct Parsed {
  std::map<std::string, std::string> nodes;     // switch -> its Nodes= expression
  std::map<std::string, std::string> switches;  // switch -> its Switches= expression
  std::set<std::string> names;
  std::vector<std::string> order;  // as the lines come
  std::vector<std::string> problems;
};

// topology.conf as slurmctld reads it: one SwitchName per line, Nodes= and Switches=.
Parsed parse(const std::string& conf) {
  Parsed p;
  std::istringstream in(conf);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("#")) {
      continue;
    }
    std::istringstream words(line);
    std::string name;
    for (std::string w; words >> w;) {
      std::size_t eq = w.find('=');
      std::string key = w.substr(0, eq), value = w.substr(eq + 1);
      if (key == "SwitchName") {
        name = value;
        p.order.push_back(name);
        if (!p.names.insert(name).second) {
          p.problems.push_back("two lines for " + name);
        }
      } else if (key == "Nodes") {
        p.nodes[name] = value;
      } else if (key == "Switches") {
        p.switches[name] = value;
      } else {
        p.problems.push_back("unknown key in " + line);
      }
    }
  }
  return p;
}

// The named hosts of a fabric: CAs cabled to a switch whose description names a host.
std::set<std::string> named_hosts(const Fabric& f) {
  std::set<std::string> hosts;
  for (const Node& n : f.nodes()) {
    std::optional<std::string> name = host_name(n.description);
    for (const Port& p : f.ports_of(f.id_of(n))) {
      if (is_host(n) && name && p.peer && f.node(f.node_of(*p.peer)).type == NodeType::Switch) {
        hosts.insert(*name);
      }
    }
  }
  return hosts;
}

void expect_slurm_accepts(const Fabric& f, const std::string& what) {
  std::ostringstream out;
  SlurmExport plan = write_slurm_topology(f, out);
  Parsed p = parse(out.str());
  EXPECT_TRUE(p.problems.empty()) << what << ": " << p.problems.front();
  std::map<std::string, int> listed;
  for (const std::string& name : p.names) {
    bool has_nodes = p.nodes.contains(name), has_switches = p.switches.contains(name);
    EXPECT_NE(has_nodes, has_switches) << what << ": " << name << " needs one, not both";
    for (const std::string& child : expand_hostlist(p.switches[name])) {
      EXPECT_TRUE(p.names.contains(child)) << what << ": " << name << " names " << child;
    }
    for (const std::string& host : expand_hostlist(p.nodes[name])) {
      ++listed[host];
    }
  }
  std::set<std::string> hosts = named_hosts(f);
  EXPECT_EQ(listed.size(), hosts.size()) << what;
  // These fabrics are connected: one switch must have every host below it.
  std::map<std::string, std::set<std::string>> below;
  for (const std::string& name : p.order) {  // lines come by level: children first
    for (const std::string& h : expand_hostlist(p.nodes[name])) {
      below[name].insert(h);
    }
    for (const std::string& child : expand_hostlist(p.switches[name])) {
      below[name].insert(below[child].begin(), below[child].end());
    }
  }
  EXPECT_TRUE(std::any_of(below.begin(), below.end(),
                          [&](const auto& b) { return b.second.size() == listed.size(); }))
      << what << ": no switch reaches every host";
  EXPECT_EQ(plan.hosts, hosts.size()) << what;
  for (const auto& [host, times] : listed) {
    EXPECT_EQ(times, 1) << what << ": " << host << " under several leaves";
    EXPECT_TRUE(hosts.contains(host)) << what << ": " << host;
  }
}

TEST(SlurmPropertyTest, FatTreesGiveATreeSlurmAccepts) {
  struct Case {
    int levels, radix, hosts, hca_ports;
  };

  for (Case c : {Case{2, 8, 0, 1}, Case{2, 12, 30, 1}, Case{3, 8, 0, 1}, Case{3, 12, 100, 1},
                 Case{2, 8, 0, 2}, Case{2, 12, 20, 2}}) {
    test::FatTreeSpec spec;
    spec.levels = c.levels;
    spec.radix = c.radix;
    spec.hosts = c.hosts;
    spec.hca_ports = c.hca_ports;
    expect_slurm_accepts(test::make_fat_tree(spec), "fat tree " + std::to_string(c.levels) +
                                                        " levels radix " + std::to_string(c.radix) +
                                                        " rails " + std::to_string(c.hca_ports));
  }
}

TEST(SlurmPropertyTest, IrregularFabricsGiveATreeSlurmAccepts) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    test::IrregularSpec spec;
    spec.seed = seed;
    spec.switches = 3 + static_cast<int>(seed % 9);
    spec.hosts = 4 + static_cast<int>(seed % 23);
    spec.dual_port_hosts = static_cast<int>(seed % 4);
    expect_slurm_accepts(test::make_irregular(spec), "irregular seed " + std::to_string(seed));
  }
}

TEST(SlurmPropertyTest, TheCheckCatchesASwitchWithNodesAndSwitches) {
  // The parser above must see what slurmctld refuses, or the tests prove nothing.
  Parsed p = parse("SwitchName=a Nodes=h1\nSwitchName=b Nodes=h2 Switches=a\n");
  EXPECT_TRUE(p.nodes.contains("b") && p.switches.contains("b"));
  Parsed q = parse("SwitchName=b Switches=a\n");
  EXPECT_FALSE(q.names.contains("a"));
}

}  // namespace
}  // namespace ibatlas
