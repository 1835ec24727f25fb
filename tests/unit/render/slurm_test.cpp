#include "ibatlas/render/slurm.hpp"

#include <algorithm>
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
  EXPECT_NE(out.str().find("# 1 HCAs of hosts left out: their description names no host: "
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

namespace ibatlas {
namespace {

// Slurm's hostlist expansion, as far as the export writes it: "a,n[1-3,05]" -> a n1 n2 n3 n05.
std::vector<std::string> expand_hostlist(const std::string& list) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < list.size()) {
    std::size_t open = list.find_first_of("[,", start);
    if (open == std::string::npos || list[open] == ',') {
      std::size_t end = open == std::string::npos ? list.size() : open;
      names.push_back(list.substr(start, end - start));
      start = end + 1;
      continue;
    }
    std::size_t close = list.find(']', open);
    std::string prefix = list.substr(start, open - start);
    std::istringstream ranges(list.substr(open + 1, close - open - 1));
    for (std::string range; std::getline(ranges, range, ',');) {
      std::size_t dash = range.find('-');
      std::string first = range.substr(0, dash);
      unsigned long last =
          dash == std::string::npos ? std::stoul(first) : std::stoul(range.substr(dash + 1));
      for (unsigned long n = std::stoul(first); n <= last; ++n) {
        std::string digits = std::to_string(n);
        names.push_back(prefix +
                        std::string(first.size() - std::min(first.size(), digits.size()), '0') +
                        digits);
      }
    }
    start = close + 2;  // past "]" and ","
  }
  return names;
}

TEST(SlurmTopologyTest, ExpandHostlistReadsWhatHostlistWrites) {
  std::vector<std::string> names = {"login", "n01", "n02", "n05", "x9"};
  EXPECT_EQ(expand_hostlist(hostlist(names)), names);
}

// Descriptions that, written as they are, add hosts ("," and "[1-9]"), whole lines (a
// newline) or terminal escapes to topology.conf.
test::Sketch hostile_fabric() {
  test::Sketch s;
  NodeId leaf = s.sw("leaf1", 0x1);
  const char* descriptions[] = {
      "node1,node2 HCA-1",
      "node[1-9] HCA-1",
      "evil\nSwitchName=x Nodes=y HCA-1",
      "a b",
      "\x1b[31mred\x1b]0;pwned\x07 HCA-1",
      "h_1 HCA-1",
      "h#1 HCA-1",
      "\x1b\x07 HCA-1",
  };
  int port = 1;
  for (const char* d : descriptions) {
    s.cable(s.ca(d, static_cast<Guid>(0x100 + port)), 1, leaf, port);
    ++port;
  }
  return s;
}

std::string slurm_text(const Fabric& f) {
  std::ostringstream out;
  write_slurm_topology(f, out);
  return out.str();
}

TEST(SlurmTopologyTest, HostileHostNamesInjectNothing) {
  std::string conf = slurm_text(hostile_fabric().build());
  for (char c : conf) {
    unsigned char u = static_cast<unsigned char>(c);
    EXPECT_TRUE(u == '\n' || (u >= 0x20 && u < 0x7f)) << "byte " << static_cast<int>(u);
  }
  std::istringstream in(conf);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("#")) {
      lines.push_back(line);
    }
  }
  ASSERT_EQ(lines.size(), 1u) << conf;
  const std::string head = "SwitchName=leaf1 Nodes=";
  ASSERT_TRUE(lines[0].starts_with(head)) << lines[0];
  std::string list = lines[0].substr(head.size());
  EXPECT_EQ(list.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                   "0123456789._-[],"),
            std::string::npos)
      << list;
  std::vector<std::string> hosts = expand_hostlist(list);
  std::sort(hosts.begin(), hosts.end());
  std::vector<std::string> expected = {
      "__31mred__0_pwned_",    "a",           "evil_SwitchName_x", "h_1", "h_1_0000000000000107",
      "host_0000000000000108", "node1_node2", "node_1-9_"};
  EXPECT_EQ(hosts, expected);  // each host once, none merged with another
}

TEST(SlurmTopologyTest, EveryRenameIsListedWithTheOriginalEscaped) {
  std::string conf = slurm_text(hostile_fabric().build());
  for (const char* line : {
           "# 6 names renamed",
           "#   \"node1,node2\" -> node1_node2\n",
           "#   \"node[1-9]\" -> node_1-9_\n",
           "#   \"evil\\x0aSwitchName=x\" -> evil_SwitchName_x\n",
           "#   \"\\x1b[31mred\\x1b]0;pwned\\x07\" -> __31mred__0_pwned_\n",
           "#   \"h#1\" -> h_1_0000000000000107\n",
           "#   \"\\x1b\\x07\" -> host_0000000000000108\n",
       }) {
    EXPECT_NE(conf.find(line), std::string::npos) << line << "\nin:\n" << conf;
  }
  EXPECT_EQ(conf.find("\"h_1\" ->"), std::string::npos);  // kept: nothing to report
  EXPECT_EQ(conf.find("\"a\" ->"), std::string::npos);
}

TEST(SlurmTopologyTest, HostileSwitchNamesAreRenamedAndReported) {
  test::Sketch s;
  NodeId leaf = s.sw("MF0;leaf,1\nSwitchName=x:MQM8700/U1", 0x1);
  s.cable(s.ca("h1 HCA-1", 0x10), 1, leaf, 1);
  Fabric f = s.build();
  std::ostringstream out;
  SlurmExport result = write_slurm_topology(f, out);
  EXPECT_NE(out.str().find("\nSwitchName=leaf_1_SwitchName_x Nodes=h1\n"), std::string::npos)
      << out.str();
  ASSERT_EQ(result.renames.size(), 1u);
  EXPECT_EQ(result.renames[0].original, "leaf,1\nSwitchName=x");
  EXPECT_EQ(result.renames[0].name, "leaf_1_SwitchName_x");
  EXPECT_NE(out.str().find("#   \"leaf,1\\x0aSwitchName=x\" -> leaf_1_SwitchName_x\n"),
            std::string::npos);
}

}  // namespace
}  // namespace ibatlas
