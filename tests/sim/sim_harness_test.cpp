// The sim harness itself (tests/support/sim_harness.hpp): each fabric has its own socket,
// console commands reach the right ibsim, and the destructor stops what it started.

#include "support/sim_harness.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "support/paths.hpp"

namespace ibatlas::test {
namespace {

SimOptions fixture_options() {
  SimOptions options;
  options.netfile_path = source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  return options;
}

std::string discover(SimFabric& sim) {
  ProcessResult r = sim.run({"ibnetdiscover"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

// ibsim's control socket, in the abstract namespace: listed while ibsim runs.
bool socket_listed(const std::string& name) {
  std::ifstream in("/proc/net/unix");
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return text.find("@" + name + ":ctl") != std::string::npos;
}

int ca_records(const std::string& ibnetdiscover_text) {
  std::istringstream lines(ibnetdiscover_text);
  int n = 0;
  for (std::string line; std::getline(lines, line);) {
    n += line.rfind("Ca\t", 0) == 0 ? 1 : 0;
  }
  return n;
}

TEST(SimHarnessTest, FabricsAreIsolatedAndStoppedWithTheirObject) {
  std::string dir;
  std::string socket;
  {
    SimOptions tiny;
    tiny.start_opensm = false;
    tiny.netfile_text =
        "Switch 8 \"sw\"\n[1] \"h1\"[1]\n[2] \"h2\"[1]\n\n"
        "Ca 1 \"h1\"\n[1] \"sw\"[1]\n\nCa 1 \"h2\"\n[1] \"sw\"[2]\n";
    SimFabric small(tiny);
    SimFabric fixture(fixture_options());
    dir = small.dir();
    socket = small.socket_name();
    EXPECT_NE(socket, fixture.socket_name());
    EXPECT_TRUE(socket_listed(socket));
    EXPECT_EQ(ca_records(discover(small)), 2);
    small.console("Unlink \"sw\"[2]");
    EXPECT_EQ(ca_records(discover(small)), 1);
    EXPECT_EQ(ca_records(discover(fixture)), 12);
    EXPECT_NE(small.console("Bogus").find("unknown"), std::string::npos);
  }
  EXPECT_FALSE(socket_listed(socket));
  EXPECT_FALSE(std::filesystem::exists(dir));
}

TEST(SimHarnessTest, ABadNetfileFailsWithIbsimsComplaint) {
  SimOptions broken;
  broken.netfile_text = "Switch 8 \"sw\"\n[1] \"nowhere\"[1]\n";
  try {
    SimFabric sim(broken);
    ADD_FAILURE() << "ibsim accepted a cable to a node that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("nowhere"), std::string::npos) << e.what();
  }
}

TEST(SimHarnessTest, MissingProgramsAreNamedWithTheirPackage) {
  EXPECT_NO_THROW(find_program("ibnetdiscover"));
  try {
    find_program("ibatlas-no-such-tool");
    ADD_FAILURE() << "found a program that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("install-deps"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ibatlas::test
