// `ibatlas show` on a snapshot with adaptive-routing state: the counts in text and JSON, no
// AR block or key for a snapshot without AR state, and a malformed AR element is exit 3.
// The snapshot is the fuzz seed adaptive-routing-v3.xml: one switch, AR enabled.

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "support/cli/cli_run.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

const std::string kSeed =
    IBATLAS_SOURCE_DIR "/tests/fuzz/corpus/fuzz_xml_snapshot/adaptive-routing-v3.xml";

TEST(ShowArTest, TextHasTheAdaptiveRoutingBlock) {
  test::CliRun r = test::run_cli({"show", kSeed});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("adaptive routing: 1 switches read\n  enabled: 1\n  disabled: 0\n"),
            std::string::npos)
      << r.out;
}

TEST(ShowArTest, JsonHasTheCountsUnderAdaptiveRouting) {
  test::CliRun r = test::run_cli({"show", kSeed, "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json ar = nlohmann::json::parse(r.out).at("adaptive_routing");
  EXPECT_EQ(ar["switches"], 1);
  EXPECT_EQ(ar["enabled"], 1);
  EXPECT_EQ(ar["disabled"], 0);
  EXPECT_EQ(ar["unsupported"], 0);
  EXPECT_EQ(ar["no_answer"], 0);
  EXPECT_EQ(ar["decode_uncertain"], 0);
  EXPECT_EQ(ar["tables_incomplete"], 0);
}

TEST(ShowArTest, NoArStateNoKeyAndNoBlock) {
  test::TempDir dir;
  std::string xml = test::slurp(kSeed);
  xml.erase(xml.find("  <adaptive-routing"),
            xml.find("</ibatlas-snapshot>") - xml.find("  <adaptive-routing"));
  std::string path = dir.file("plain.xml");
  test::write_file(path, xml);
  test::CliRun json = test::run_cli({"show", path, "--json"});
  ASSERT_EQ(json.status, kExitOk) << json.err;
  EXPECT_FALSE(nlohmann::json::parse(json.out).contains("adaptive_routing")) << json.out;
  test::CliRun text = test::run_cli({"show", path});
  EXPECT_EQ(text.out.find("adaptive"), std::string::npos) << text.out;
}

TEST(ShowArTest, MalformedArStateIsExit3WithItsLine) {
  test::TempDir dir;
  std::string xml = test::slurp(kSeed);
  xml.replace(xml.find("5:F:0:3:1"), 9, "5:Q:0:3:1");
  std::string path = dir.file("bad.xml");
  test::write_file(path, xml);
  test::CliRun r = test::run_cli({"show", path});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find("bad.xml:15: expected a LID state"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ibatlas
