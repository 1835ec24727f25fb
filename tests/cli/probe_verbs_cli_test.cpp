// `--transport verbs` on probe and agent. This machine has no RDMA device, so the ibatlas
// program (which links libibverbs) must say so as a finding and exit 1 (findings), never
// crash; the in-process CLI (built without libibverbs, apps/verbs_none.cpp) says the build
// has none. Oracle for "no device": /sys/class/infiniband is absent or empty (where the
// kernel lists RDMA devices; ibv_devices reads the same); the tests skip elsewhere.

#include <array>
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include <sys/wait.h>

namespace ibatlas {
namespace {

std::string snapshot() {
  return test::source_dir() + "/fixtures/probe-2tier/snapshot.xml";
}

bool host_has_rdma_device() {
  std::error_code ec;
  std::filesystem::directory_iterator it("/sys/class/infiniband", ec);
  return !ec && it != std::filesystem::directory_iterator();
}

// Runs the program with `args` (shell words); its exit status and standard output (stderr
// goes to the file `err` when given).
std::pair<int, std::string> run_program(const std::string& args) {
  std::string out;
  FILE* pipe = ::popen(("'" + test::ibatlas_binary() + "' " + args).c_str(), "r");
  std::array<char, 4096> chunk{};
  for (std::size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), pipe)) > 0;) {
    out.append(chunk.data(), n);
  }
  int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(ProbeVerbsCliTest, WithoutAnRdmaDeviceProbeReportsTransportUnavailable) {
  if (host_has_rdma_device()) {
    GTEST_SKIP() << "this host has an RDMA device";
  }
  auto [status, out] =
      run_program("probe '" + snapshot() + "' --link leaf1:4 --transport verbs --json 2>&1");
  ASSERT_EQ(status, kExitFindings) << out;
  std::size_t json_start = out.find('{');  // libibverbs may warn on stderr first
  ASSERT_NE(json_start, std::string::npos) << out;
  nlohmann::json doc = nlohmann::json::parse(out.substr(json_start));
  ASSERT_EQ(doc.at("findings").size(), 1U) << out;
  const nlohmann::json& f = doc.at("findings")[0];
  EXPECT_EQ(f.at("check"), "probe.transport_unavailable");
  EXPECT_EQ(f.at("severity"), "error");
  EXPECT_EQ(f.at("measured"), "0 RDMA devices");
  EXPECT_NE(f.at("message").get<std::string>().find("no RDMA device on this host"),
            std::string::npos)
      << f.at("message");
}

TEST(ProbeVerbsCliTest, WithoutAnRdmaDeviceTheTextReportSaysSo) {
  if (host_has_rdma_device()) {
    GTEST_SKIP() << "this host has an RDMA device";
  }
  auto [status, out] =
      run_program("probe '" + snapshot() + "' --link leaf1:4 --transport verbs 2>/dev/null");
  EXPECT_EQ(status, kExitFindings);
  EXPECT_NE(out.find("probe.transport_unavailable"), std::string::npos) << out;
  EXPECT_NE(out.find("no RDMA device on this host"), std::string::npos) << out;
}

TEST(ProbeVerbsCliTest, WithoutAnRdmaDeviceTheAgentExitsWithTheFinding) {
  if (host_has_rdma_device()) {
    GTEST_SKIP() << "this host has an RDMA device";
  }
  auto [status, out] = run_program("agent --transport verbs 2>&1");
  EXPECT_EQ(status, kExitFindings) << out;
  EXPECT_NE(out.find("probe.transport_unavailable: no RDMA device on this host"), std::string::npos)
      << out;
}

TEST(ProbeVerbsCliTest, ABuildWithoutLibibverbsSaysSo) {
  test::CliRun r =
      test::run_cli({"probe", snapshot(), "--link", "leaf1:4", "--transport", "verbs", "--json"});
  ASSERT_EQ(r.status, kExitFindings) << r.err;
  nlohmann::json doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc.at("findings").size(), 1U);
  EXPECT_EQ(doc.at("findings")[0].at("check"), "probe.transport_unavailable");
  EXPECT_NE(doc.at("findings")[0].at("message").get<std::string>().find("without libibverbs"),
            std::string::npos);
}

}  // namespace
}  // namespace ibatlas
