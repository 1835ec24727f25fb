// `check --json` writes the findings schema; reading it back gives what the audit found.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/cli/cli_run.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

TEST(FindingsJsonCliTest, ReadsBackWhatCheckJsonWrote) {
  // The oracle is run_checks itself: what `check --json` prints must read back equal.
  Fabric f = test::render_sample();
  std::filesystem::path dump = std::filesystem::temp_directory_path() / "render_findings.topo";
  {
    std::ofstream file(dump);
    write_ibnetdiscover(f, file);
  }
  test::CliRun run = test::run_cli({"check", dump.string(), "--json"});
  Fabric reread = read_ibnetdiscover(read_file(dump.string()), dump.string()).fabric;
  std::vector<Finding> expected = run_checks(reread, AuditOptions{});
  ASSERT_FALSE(expected.empty());  // the 1x cable at least
  FindingsDocument doc = read_findings_json(run.out, "f.json");
  EXPECT_EQ(doc.command, "check");
  EXPECT_EQ(doc.findings, expected);
  std::filesystem::remove(dump);
}

}  // namespace
}  // namespace ibatlas
