// The tree Slurm's topology/tree plugin accepts (docs/slurm.md): synthetic leaves, rail
// leaves, --slurm-hosts, unnamed hosts. Expected lines worked out by hand from the rules.

#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/render/slurm.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

std::vector<std::string> lines_of(const SlurmExport& plan) {
  std::vector<std::string> lines;
  for (const SlurmSwitchLine& l : plan.lines) {
    std::string text = "SwitchName=" + l.name;
    if (!l.nodes.empty()) {
      text += " Nodes=" + hostlist(l.nodes);
    }
    if (!l.switches.empty()) {
      text += " Switches=" + hostlist(l.switches);
    }
    lines.push_back(text);
  }
  return lines;
}

// A spine S over leaves L1 (h1, h2) and L2 (h3), with a management host m1 on S itself.
test::Sketch spine_with_a_host() {
  test::Sketch s;
  NodeId spine = s.sw("S", 0x1), l1 = s.sw("L1", 0x2), l2 = s.sw("L2", 0x3);
  s.cable(l1, 10, spine, 1);
  s.cable(l2, 10, spine, 2);
  s.cable(s.ca("h1 HCA-1", 0x11), 1, l1, 1);
  s.cable(s.ca("h2 HCA-1", 0x12), 1, l1, 2);
  s.cable(s.ca("h3 HCA-1", 0x13), 1, l2, 1);
  s.cable(s.ca("m1 HCA-1", 0x14), 1, spine, 5);
  return s;
}

TEST(SlurmPlanTest, HostsOfASwitchAboveTheLeavesGetASyntheticLeaf) {
  // S reaches two host units, L1 and L2 one each: S is above them, and m1 goes into
  // S_hosts so that S lists only switches.
  SlurmExport plan = plan_slurm_topology(spine_with_a_host().build());
  std::vector<std::string> expected = {
      "SwitchName=L1 Nodes=h[1-2]",
      "SwitchName=L2 Nodes=h3",
      "SwitchName=S_hosts Nodes=m1",
      "SwitchName=S Switches=L[1-2],S_hosts",
  };
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_EQ(plan.synthetic_leaves, std::vector<std::string>{"S_hosts"});
  EXPECT_EQ(plan.hosts, 4u);
}

TEST(SlurmPlanTest, ASyntheticLeafNeverTakesAnExistingSwitchName) {
  test::Sketch s = spine_with_a_host();
  NodeId other = s.sw("S_hosts", 0x4);  // a real switch already called S_hosts, a leaf
  s.cable(s.ca("x1 HCA-1", 0x15), 1, other, 1);
  SlurmExport plan = plan_slurm_topology(s.build());
  EXPECT_EQ(plan.synthetic_leaves, std::vector<std::string>{"S_hosts_0000000000000001"});
}

TEST(SlurmPlanTest, AnEdgeLeafCabledToADirectorWithManyHostsHangsBelowIt) {
  // core carries 3 hosts itself and is cabled to edge1 and edge2 (2 hosts each). The tier
  // inference ranks core as the leaf (more hosts); Slurm needs core above the edges.
  test::Sketch s;
  NodeId core = s.sw("core", 0x1), e1 = s.sw("edge1", 0x2), e2 = s.sw("edge2", 0x3);
  s.cable(e1, 30, core, 30);
  s.cable(e2, 30, core, 31);
  for (int i = 1; i <= 3; ++i) {
    s.cable(s.ca("io" + std::to_string(i) + " HCA-1", static_cast<Guid>(0x10 + i)), 1, core, i);
  }
  for (int i = 1; i <= 4; ++i) {
    s.cable(s.ca("a" + std::to_string(i) + " HCA-1", static_cast<Guid>(0x20 + i)), 1,
            i <= 2 ? e1 : e2, i);
  }
  std::vector<std::string> expected = {
      "SwitchName=core_hosts Nodes=io[1-3]",
      "SwitchName=edge1 Nodes=a[1-2]",
      "SwitchName=edge2 Nodes=a[3-4]",
      "SwitchName=core Switches=core_hosts,edge[1-2]",
  };
  EXPECT_EQ(lines_of(plan_slurm_topology(s.build())), expected);
}

// `units` scalable units of `hosts` hosts, each host with one HCA on each of `rails` rail
// leaves of its unit; every rail leaf cabled to both spines.
Fabric rail_optimised(int units, int hosts, int rails) {
  test::Sketch s;
  NodeId sp1 = s.sw("sp1", 0x1), sp2 = s.sw("sp2", 0x2);
  Guid guid = 0x100;
  int host = 0;
  for (int u = 1; u <= units; ++u) {
    std::vector<NodeId> leaves;
    for (int r = 1; r <= rails; ++r) {
      leaves.push_back(s.sw("su" + std::to_string(u) + "r" + std::to_string(r), ++guid));
      s.cable(leaves.back(), 40, sp1, static_cast<int>(leaves.size()) + 10 * u);
      s.cable(leaves.back(), 41, sp2, static_cast<int>(leaves.size()) + 10 * u);
    }
    for (int h = 1; h <= hosts; ++h) {
      ++host;
      for (int r = 0; r < rails; ++r) {
        NodeId hca = s.ca("dgx" + std::to_string(host) + " mlx5_" + std::to_string(r), ++guid);
        s.cable(hca, 1, leaves[static_cast<std::size_t>(r)], h);
      }
    }
  }
  return s.build();
}

TEST(SlurmPlanTest, RailLeavesAreAllWrittenWithABlockOfTheirUnitsHosts) {
  // 4 hosts over 2 rails: hosts 1-2 under rail 1, 3-4 under rail 2 (j * k / n), per unit.
  SlurmExport plan = plan_slurm_topology(rail_optimised(2, 4, 2));
  std::vector<std::string> expected = {
      "SwitchName=su1r1 Nodes=dgx[1-2]",
      "SwitchName=su1r2 Nodes=dgx[3-4]",
      "SwitchName=su2r1 Nodes=dgx[5-6]",
      "SwitchName=su2r2 Nodes=dgx[7-8]",
      "SwitchName=sp1 Switches=su1r[1-2],su2r[1-2]",
      "SwitchName=sp2 Switches=su1r[1-2],su2r[1-2]",
      "SwitchName=su1r1_rails Switches=su1r[1-2]",  // each unit's rails, as one switch
      "SwitchName=su2r1_rails Switches=su2r[1-2]",
  };
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_EQ(plan.rail_groups, (std::vector<std::string>{"su1r1_rails", "su2r1_rails"}));
  EXPECT_TRUE(plan.hostless_leaves.empty());
  EXPECT_EQ(plan.hosts, 8u);
}

TEST(SlurmPlanTest, ARailLeafLeftWithoutAHostIsReportedNotNamed) {
  // One host on 3 rails: it can sit under one leaf only; the other two are reported.
  SlurmExport plan = plan_slurm_topology(rail_optimised(1, 1, 3));
  std::vector<std::string> expected = {"SwitchName=su1r1 Nodes=dgx1",
                                       "SwitchName=sp1 Switches=su1r1",
                                       "SwitchName=sp2 Switches=su1r1"};
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_EQ(plan.hostless_leaves, (std::vector<std::string>{"su1r2", "su1r3"}));
}

// dgx1 and dgx2 each reach rails r1 and r2; r1 hangs off s1 only, r2 off s2 only (rail
// planes sharing no switch). With `login` also on r1, the two hosts are not alone there.
test::Sketch rail_planes(bool login) {
  test::Sketch s;
  NodeId s1 = s.sw("s1", 0x1), s2 = s.sw("s2", 0x2), r1 = s.sw("r1", 0x3), r2 = s.sw("r2", 0x4);
  s.cable(r1, 40, s1, 1);
  s.cable(r2, 40, s2, 1);
  for (int h = 1; h <= 2; ++h) {
    s.cable(s.ca("dgx" + std::to_string(h) + " mlx5_0", static_cast<Guid>(0x10 + h)), 1, r1, h);
    s.cable(s.ca("dgx" + std::to_string(h) + " mlx5_1", static_cast<Guid>(0x20 + h)), 1, r2, h);
  }
  if (login) {
    s.cable(s.ca("login HCA-1", 0x30), 1, r1, 10);
  }
  return s;
}

TEST(SlurmPlanTest, RailPlanesWithoutACommonSwitchGetAFabricTop) {
  // The blocks put dgx1 under r1 and dgx2 under r2; login keeps r1 from being the pair's
  // alone, so no rails switch: without a top no job spans s1's and s2's hosts.
  SlurmExport plan = plan_slurm_topology(rail_planes(true).build());
  std::vector<std::string> expected = {
      "SwitchName=r1 Nodes=dgx1,login",
      "SwitchName=r2 Nodes=dgx2",
      "SwitchName=s1 Switches=r1",
      "SwitchName=s2 Switches=r2",
      "SwitchName=fabric_top Switches=s[1-2]",
  };
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_EQ(plan.synthetic_tops, std::vector<std::string>{"fabric_top"});
  EXPECT_TRUE(plan.rail_groups.empty());
}

TEST(SlurmPlanTest, ARailGroupAloneOnItsLeavesIsOneSwitchAndNeedsNoTop) {
  SlurmExport plan = plan_slurm_topology(rail_planes(false).build());
  std::vector<std::string> expected = {
      "SwitchName=r1 Nodes=dgx1",
      "SwitchName=r2 Nodes=dgx2",
      "SwitchName=r1_rails Switches=r[1-2]",  // has both hosts below: no fabric_top
      "SwitchName=s1 Switches=r1",
      "SwitchName=s2 Switches=r2",
  };
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_TRUE(plan.synthetic_tops.empty());
}

TEST(SlurmPlanTest, LeavesCabledToEachOtherGetAFabricTopButIslandsDoNot) {
  test::Sketch s;
  NodeId l1 = s.sw("L1", 0x1), l2 = s.sw("L2", 0x2), l3 = s.sw("L3", 0x3);
  s.cable(l1, 10, l2, 10);  // L3 is not cabled to either: a separate fabric
  s.cable(s.ca("h1 HCA-1", 0x11), 1, l1, 1);
  s.cable(s.ca("h2 HCA-1", 0x12), 1, l2, 1);
  s.cable(s.ca("h3 HCA-1", 0x13), 1, l3, 1);
  std::vector<std::string> expected = {
      "SwitchName=L1 Nodes=h1",
      "SwitchName=L2 Nodes=h2",
      "SwitchName=L3 Nodes=h3",
      "SwitchName=fabric_top Switches=L[1-2]",
  };
  EXPECT_EQ(lines_of(plan_slurm_topology(s.build())), expected);
}

TEST(SlurmPlanTest, SlurmHostsKeepsOnlyTheHostsSlurmKnows) {
  SlurmOptions options;
  options.known_hosts = std::set<std::string>{"h1", "h3", "m1", "ghost"};
  SlurmExport plan = plan_slurm_topology(spine_with_a_host().build(), options);
  std::vector<std::string> expected = {
      "SwitchName=L1 Nodes=h1",
      "SwitchName=L2 Nodes=h3",
      "SwitchName=S_hosts Nodes=m1",
      "SwitchName=S Switches=L[1-2],S_hosts",
  };
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_EQ(plan.not_known, std::vector<std::string>{"h2"});
  EXPECT_EQ(plan.not_in_fabric, std::vector<std::string>{"ghost"});
  EXPECT_EQ(plan.hosts, 3u);
}

TEST(SlurmPlanTest, ALeafWhoseHostsSlurmDoesNotKnowIsLeftOutAndSoIsItsName) {
  SlurmOptions options;
  options.known_hosts = std::set<std::string>{"h1"};
  SlurmExport plan = plan_slurm_topology(spine_with_a_host().build(), options);
  std::vector<std::string> expected = {"SwitchName=L1 Nodes=h1", "SwitchName=S Switches=L1"};
  EXPECT_EQ(lines_of(plan), expected);
  EXPECT_TRUE(plan.hostless_leaves.empty());  // L2 has hosts, just none Slurm knows
}

TEST(SlurmPlanTest, UnnamedHostsAreCountedAndListedInTheHeader) {
  test::Sketch s;
  NodeId leaf = s.sw("L1", 0x1);
  s.cable(s.ca("h1 HCA-1", 0x11), 1, leaf, 1);
  s.cable(s.ca("MT4123 ConnectX6   Mellanox Technologies", 0x12), 1, leaf, 2);
  s.cable(s.ca("localhost HCA-1", 0x13), 1, leaf, 3);
  s.ca("h9 HCA-1", 0x14);  // not cabled: not a host of this fabric's tree
  Fabric f = s.build();
  std::ostringstream out;
  SlurmExport plan = write_slurm_topology(f, out);
  EXPECT_EQ(plan.unnamed_hcas, (std::vector<Guid>{0x12, 0x13}));
  EXPECT_EQ(plan.hosts, 1u);
  EXPECT_NE(out.str().find("# 2 HCAs of hosts left out: their description names no host: "
                           "0x0000000000000012 0x0000000000000013\n"),
            std::string::npos)
      << out.str();
}

TEST(SlurmPlanTest, AFabricWithoutNamedHostsPlansNothing) {
  test::Sketch s;
  NodeId leaf = s.sw("L1", 0x1);
  s.cable(s.ca("MT4123 ConnectX6   Mellanox Technologies", 0x12), 1, leaf, 2);
  SlurmExport plan = plan_slurm_topology(s.build());
  EXPECT_TRUE(plan.lines.empty());
  EXPECT_EQ(plan.hosts, 0u);
  EXPECT_EQ(plan.unnamed_hcas.size(), 1u);
}

}  // namespace
}  // namespace ibatlas
