#include "ibatlas/render/slurm.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "support/fabric_sketch.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

std::vector<std::string> config_lines(const Fabric& f) {
  std::ostringstream out;
  write_slurm_topology(f, out);
  std::istringstream in(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("#")) {
      lines.push_back(line);
    }
  }
  return lines;
}

TEST(SlurmTopologyTest, HostlistCompressesRunsAndKeepsPadding) {
  EXPECT_EQ(hostlist({"node1", "node2", "node3", "login"}), "login,node[1-3]");
  EXPECT_EQ(hostlist({"n0003", "n0001", "n0002", "n0005"}), "n[0001-0003,0005]");
  EXPECT_EQ(hostlist({"gpu7"}), "gpu7");
  EXPECT_EQ(hostlist({"n9", "n10", "n11"}), "n[9-11]");
  std::string mixed = hostlist({"a1", "a01"});  // different padding: different hosts
  EXPECT_TRUE(mixed == "a1,a01" || mixed == "a01,a1") << mixed;
  EXPECT_EQ(hostlist({}), "");
}

TEST(SlurmTopologyTest, LeavesListHostsAndSpinesListLeaves) {
  std::vector<std::string> expected = {
      "SwitchName=L1 Nodes=node[0001-0003]",
      "SwitchName=L2 Nodes=node[0010-0011]",
      "SwitchName=S1 Switches=L[1-2]",
      "SwitchName=S2 Switches=L[1-2]",
  };
  EXPECT_EQ(config_lines(test::render_sample()), expected);
}

TEST(SlurmTopologyTest, UnnamedHostsAreLeftOutInAComment) {
  std::ostringstream out;
  write_slurm_topology(test::render_sample(), out);
  EXPECT_NE(out.str().find("# 1 hosts left out: their description names no host: "
                           "0x00000000000000c9"),
            std::string::npos);
}

TEST(SlurmTopologyTest, SwitchNamesAreMadeSafeAndUnique) {
  test::Sketch s;
  NodeId a = s.sw("leaf one", 0x1), b = s.sw("leaf one", 0x2);
  NodeId h1 = s.ca("h1 HCA-1", 0x10), h2 = s.ca("h2 HCA-1", 0x11);
  s.cable(h1, 1, a, 1);
  s.cable(h2, 1, b, 1);
  std::vector<std::string> expected = {
      "SwitchName=leaf_one_0000000000000001 Nodes=h1",
      "SwitchName=leaf_one_0000000000000002 Nodes=h2",
  };
  EXPECT_EQ(config_lines(s.build()), expected);
}

TEST(SlurmTopologyTest, AHostWithTwoHcasIsListedOnce) {
  test::Sketch s;
  NodeId a = s.sw("leafa", 0x1), b = s.sw("leafb", 0x2);
  NodeId hca0 = s.ca("h1 mlx5_0", 0x10), hca1 = s.ca("h1 mlx5_1", 0x11);
  s.cable(hca0, 1, a, 1);
  s.cable(hca1, 1, b, 1);
  std::vector<std::string> expected = {"SwitchName=leafa Nodes=h1"};
  EXPECT_EQ(config_lines(s.build()), expected);
}

}  // namespace
}  // namespace ibatlas

namespace ibatlas {
namespace {

TEST(SlurmTopologyTest, HostlistJoinsUnpaddedNumbersToAPaddedRangeOfTheirWidth) {
  EXPECT_EQ(hostlist({"c08", "c09", "c10", "c11"}), "c[08-11]");
  EXPECT_EQ(hostlist({"c8", "c9", "c10"}), "c[8-10]");
}

}  // namespace
}  // namespace ibatlas

namespace ibatlas {
namespace {

TEST(SlurmTopologyTest, OnlySwitchesWithALineOfTheirOwnAreListedAsChildren) {
  // leaf2 has no host and reaches only the spine: a hostless leaf, so no line of its own,
  // and the spine must not name it (Slurm rejects a switch it has no line for).
  test::Sketch s;
  NodeId spine = s.sw("spine", 0x1), leaf1 = s.sw("leaf1", 0x2), leaf2 = s.sw("leaf2", 0x3);
  s.cable(spine, 1, leaf1, 10);
  s.cable(spine, 2, leaf2, 10);
  s.cable(s.ca("h1 HCA-1", 0x10), 1, leaf1, 1);
  std::vector<std::string> expected = {"SwitchName=leaf1 Nodes=h1",
                                       "SwitchName=spine Switches=leaf1"};
  EXPECT_EQ(config_lines(s.build()), expected);
}

}  // namespace
}  // namespace ibatlas
