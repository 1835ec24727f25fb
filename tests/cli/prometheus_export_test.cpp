// `ibatlas export --to prometheus` checked by the real consumer's parser: `promtool check
// metrics` (Debian's prometheus package) accepts, with no lint problem, the export of every
// real dump, of a generated fat tree with counters and of a fabric with hostile names.
// Skipped with a message where promtool is missing.

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/input_file.hpp"

#include "support/cli/cli_run.hpp"
#include "support/fabric_generators.hpp"
#include "support/fabric_sketch.hpp"
#include "support/paths.hpp"
#include "support/realworld_files.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPromtool = "/usr/bin/promtool";

struct PromtoolResult {
  int status = -1;     // promtool's exit status: 0 good, 1 unparsable, 3 lint problems
  std::string output;  // stdout and stderr: the problems it found
};

// `promtool check metrics < path`.
PromtoolResult promtool_check(const std::string& path) {
  std::string command = std::string(kPromtool) + " check metrics < '" + path + "' 2>&1";
  PromtoolResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    return result;
  }
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    result.output.append(buffer, n);
  }
  int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// Exports `source` and checks the file with promtool; false when the export failed.
void expect_promtool_accepts(const std::string& source, const test::TempDir& dir) {
  std::string out = dir.file("metrics.prom");
  test::CliRun r = test::run_cli({"export", source, "--to", "prometheus", "-o", out});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  PromtoolResult check = promtool_check(out);
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_EQ(check.output, "");
}

class PrometheusExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kPromtool)) {
      GTEST_SKIP() << "no " << kPromtool << " (Debian package prometheus)";
    }
  }

  test::TempDir dir;
};

// The proof can fail: promtool rejects a malformed line and a counter without _total.
TEST_F(PrometheusExportTest, PromtoolRejectsBadInput) {
  test::write_file(dir.file("bad.prom"), "bad metric{\n");
  EXPECT_NE(promtool_check(dir.file("bad.prom")).status, 0);
  test::write_file(dir.file("quote.prom"),
                   "# HELP a x\n# TYPE a gauge\na{l=\"unescaped \" quote\"} 1\n");
  EXPECT_NE(promtool_check(dir.file("quote.prom")).status, 0);
  test::write_file(dir.file("lint.prom"), "# HELP foo x\n# TYPE foo counter\nfoo 1\n");
  PromtoolResult lint = promtool_check(dir.file("lint.prom"));
  EXPECT_NE(lint.status, 0);
  EXPECT_NE(lint.output.find("_total"), std::string::npos) << lint.output;
}

TEST_F(PrometheusExportTest, EveryRealDumpPasses) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  std::vector<fs::path> files = test::realworld_fabric_files();
  std::size_t exported = 0;
  for (const fs::path& file : files) {
    try {
      if (read_fabric(read_file(file.string()), file.string()).fabric.nodes().empty()) {
        continue;
      }
    } catch (const Error&) {
      continue;  // not a fabric (an LFT dump, a negative test file)
    }
    SCOPED_TRACE(file.string());
    expect_promtool_accepts(file.string(), dir);
    ++exported;
  }
  EXPECT_GE(exported, 20U);
}

TEST_F(PrometheusExportTest, GeneratedFatTreeWithCountersPasses) {
  std::string snapshot = dir.file("tree.xml");
  write_xml_snapshot_file(test::make_fat_tree({.levels = 3, .radix = 8, .counters = true}),
                          snapshot);
  expect_promtool_accepts(snapshot, dir);
  std::string metrics = read_file(dir.file("metrics.prom"));
  EXPECT_NE(metrics.find("\nibatlas_port_transmit_data_bytes_total{"), std::string::npos);
  EXPECT_NE(metrics.find("\nibatlas_port_symbol_error_total{"), std::string::npos);
}

TEST_F(PrometheusExportTest, HostileNamesPass) {
  test::Sketch s;
  NodeId leaf = s.sw("leaf \"A\" \\ back\\slash\nsecond line", 0x10);
  NodeId host = s.ca("h1 \"quoted\"\n\\n not a newline \xff\xfe", 0x20);
  NodeId other = s.ca("\x1b[31mred\\", 0x30);
  s.cable(leaf, 1, host, 1);
  s.cable(leaf, 2, other, 1);
  std::string snapshot = dir.file("hostile.xml");
  write_xml_snapshot_file(s.build(), snapshot);
  expect_promtool_accepts(snapshot, dir);
  std::string metrics = read_file(dir.file("metrics.prom"));
  EXPECT_NE(metrics.find(R"(node="leaf \"A\" \\ back\\slash\nsecond line")"), std::string::npos)
      << metrics;
}

TEST_F(PrometheusExportTest, SlurmExportStillWorks) {
  std::string snapshot = dir.file("tree.xml");
  write_xml_snapshot_file(test::make_fat_tree({.radix = 8}), snapshot);
  test::CliRun r = test::run_cli({"export", snapshot, "--to", "slurm"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("SwitchName="), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ibatlas_"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
