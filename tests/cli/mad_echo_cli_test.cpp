// `--transport mad` on probe and agent, in-process: this CLI library is built without
// rdma-core (apps/hardware_none.cpp), so both say so before any traffic; --plan-only needs
// no port at all. The sim tests (tests/sim/mad_echo_sim_test.cpp) run the real thing.

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string snapshot() {
  return test::source_dir() + "/fixtures/probe-2tier/snapshot.xml";
}

TEST(MadEchoCli, ProbeSaysTheBuildHasNoRdmaCore) {
  test::CliRun r = test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--transport", "mad"});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find("--transport mad needs libibumad"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(MadEchoCli, AgentSaysTheBuildHasNoRdmaCore) {
  test::CliRun r = test::run_cli({"agent", "--transport", "mad"});
  EXPECT_EQ(r.status, kExitBadInput) << r.err;
  EXPECT_NE(r.err.find("--transport mad needs libibumad"), std::string::npos) << r.err;
}

TEST(MadEchoCli, PlanOnlyOpensNoPort) {
  test::CliRun r = test::run_cli(
      {"probe", snapshot(), "--link", "leaf1:4", "--transport", "mad", "--plan-only"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("probe plan:"), std::string::npos) << r.out;
}

TEST(MadEchoCli, UdpAgentStillNeedsListenAndKey) {
  test::CliRun r = test::run_cli({"agent"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("--listen ADDR:PORT and --key KEYFILE are needed"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ibatlas
