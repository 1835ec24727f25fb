// Reading Slurm hostlists: what a --slurm-hosts file may hold.

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/render/slurm.hpp"

namespace ibatlas {
namespace {

using Names = std::vector<std::string>;

TEST(SlurmHostlistTest, ExpandsRangesListsAndPadding) {
  EXPECT_EQ(expand_hostlist("login,node[1-3]"), (Names{"login", "node1", "node2", "node3"}));
  EXPECT_EQ(expand_hostlist("n[08-10,12]"), (Names{"n08", "n09", "n10", "n12"}));
  EXPECT_EQ(expand_hostlist("r[1-2]n[01-02]"), (Names{"r1n01", "r1n02", "r2n01", "r2n02"}));
  EXPECT_EQ(expand_hostlist("gpu7"), Names{"gpu7"});
  EXPECT_EQ(expand_hostlist("a[9-10]-ib"), (Names{"a9-ib", "a10-ib"}));
  EXPECT_EQ(expand_hostlist(""), Names{});
}

TEST(SlurmHostlistTest, ReadsWhatHostlistWrites) {
  Names names = {"login", "n01", "n02", "n05", "x9", "x10"};
  Names back = expand_hostlist(hostlist(names));
  std::sort(back.begin(), back.end());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(back, names);
}

TEST(SlurmHostlistTest, RefusesMalformedExpressions) {
  for (const char* bad : {"n[1-3", "n1-3]", "n[3-1]", "n[]", "n[a-b]", "n[1-2000000]", "n[1,]"}) {
    EXPECT_THROW(expand_hostlist(bad), Error) << bad;
  }
}

TEST(SlurmHostlistTest, SlurmHostsFileTakesLinesWordsAndComments) {
  std::set<std::string> hosts = read_slurm_hosts(
      "# compute\nnode[1-2]  gpu1\n\n  login # the login node\r\ngpu1\n", "hosts.txt");
  EXPECT_EQ(hosts, (std::set<std::string>{"gpu1", "login", "node1", "node2"}));
}

TEST(SlurmHostlistTest, SlurmHostsFileErrorsNameTheLine) {
  try {
    read_slurm_hosts("node1\n# fine\nnode[1-\n", "hosts.txt");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 3u);
    EXPECT_NE(std::string(e.what()).find("hosts.txt:3:"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ibatlas
