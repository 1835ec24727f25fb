// `ibatlas diff` and `history` on XML snapshots with adaptive-routing state: AR turned off on
// the switch is a change (exit 1), AR state in one snapshot only is a note (exit 0). The
// snapshots are the fuzz seed adaptive-routing-v3.xml (one switch, AR on) and edits of it.

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

std::string edited(const std::string& from, const std::string& to) {
  std::string xml = test::slurp(kSeed);
  xml.replace(xml.find(from), from.size(), to);
  return xml;
}

TEST(DiffArTest, ArTurnedOffIsAChange) {
  test::TempDir dir;
  std::string off = dir.file("off.xml");
  test::write_file(off, edited(" enabled=\"1\"", " enabled=\"0\""));
  test::CliRun text = test::run_cli({"diff", kSeed, off});
  EXPECT_EQ(text.status, kExitFindings) << text.err;
  EXPECT_NE(text.out.find("adaptive routing turned off (1):\n"
                          "  0x0000000000000010 \"sw\": on -> off\n"),
            std::string::npos)
      << text.out;
  test::CliRun json = test::run_cli({"diff", kSeed, off, "--json"});
  nlohmann::json j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["changes"].size(), 1U);
  EXPECT_EQ(j["changes"][0]["kind"], "ar.disabled");
  EXPECT_EQ(j["notes"].size(), 0U);
}

TEST(DiffArTest, ArStateInOneSnapshotOnlyIsANote) {
  test::TempDir dir;
  std::string xml = test::slurp(kSeed);
  std::size_t from = xml.find("  <adaptive-routing");
  xml.erase(from, xml.find("</ibatlas-snapshot>") - from);
  std::string plain = dir.file("plain.xml");
  test::write_file(plain, xml);
  test::CliRun text = test::run_cli({"diff", kSeed, plain});
  EXPECT_EQ(text.status, kExitOk) << text.err;
  EXPECT_EQ(text.out,
            "note: AR state of 1 switch in OLD only: not compared (absent is not disabled)\n");
}

TEST(DiffArTest, HistoryShowsTheArChange) {
  test::TempDir dir;
  std::string off = dir.file("off.xml");
  test::write_file(off, edited(" enabled=\"1\"", " enabled=\"0\""));
  test::CliRun r = test::run_cli({"history", kSeed, off, "--json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out)["report"];
  ASSERT_EQ(j["timeline"].size(), 1U);
  ASSERT_EQ(j["timeline"][0]["changes"].size(), 1U);
  EXPECT_EQ(j["timeline"][0]["changes"][0]["kind"], "ar.disabled");
}

}  // namespace
}  // namespace ibatlas
