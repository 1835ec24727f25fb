#include "ibatlas/formats/findings_json.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/cli/cli_run.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

TEST(FindingsJsonTest, ReadsBackWhatCheckJsonWrote) {
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
  EXPECT_EQ(read_findings_json(run.out, "f.json"), expected);
  std::filesystem::remove(dump);
}

TEST(FindingsJsonTest, NotJsonIsAParseErrorWithTheLine) {
  try {
    read_findings_json("{\n  \"findings\": [\n  oops\n", "f.json");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "f.json");
    EXPECT_EQ(e.line(), 3u);
  }
}

TEST(FindingsJsonTest, AReportWithoutFindingsOrWithABadSeverityIsRefused) {
  EXPECT_THROW(read_findings_json("[1, 2]", "f.json"), Error);
  EXPECT_THROW(read_findings_json("{\"summary\": {}}", "f.json"), Error);
  try {
    read_findings_json(R"({"findings": [{"check": "x", "severity": "fatal", "location": "node"}]})",
                       "f.json");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("f.json: finding 1: expected a severity", 0), 0u)
        << e.what();
  }
  EXPECT_THROW(
      read_findings_json(
          R"({"findings": [{"severity": "error", "location": "port", "node_guid": "0xzz"}]})",
          "f.json"),
      Error);
}

TEST(FindingsJsonTest, AnEmptyReportHasNoFindings) {
  EXPECT_TRUE(read_findings_json(R"({"findings": []})", "f.json").empty());
}

}  // namespace
}  // namespace ibatlas
