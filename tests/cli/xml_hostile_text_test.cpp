// Hostile node descriptions through `ibatlas convert` to and from the XML snapshot: terminal
// escapes in an ibnetdiscover dump come back byte for byte, the file is XML 1.0 that Python
// and xmllint accept, and XML that only pugixml would accept is bad input (exit 3).
// A NUL cannot appear in ibnetdiscover text; xml_snapshot_escape_test.cpp covers it.

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/input_file.hpp"

#include "support/cli/cli_run.hpp"
#include "support/xml_parsers.hpp"

namespace ibatlas {
namespace {

// A switch whose description sets the terminal title (OSC 0) and a CA whose description
// turns the text red, with a backslash that must not turn into an escape.
constexpr const char* kHostileDump =
    "switchguid=0x7cfe900300992080(7cfe900300992080)\n"
    "Switch\t36 \"S-7cfe900300992080\"\t\t# \"leaf\x1b]0;title\x07\" enhanced port 0 lid 3 lmc 0\n"
    "[1]\t\"H-7cfe9003004b0700\"[1](7cfe9003004b0701) \t\t# \"\x1b[31mhost\\x41\" lid 5 4xEDR\n"
    "\n"
    "caguid=0x7cfe9003004b0700\n"
    "Ca\t1 \"H-7cfe9003004b0700\"\t\t# \"\x1b[31mhost\\x41\"\n"
    "[1](7cfe9003004b0701) \t\"S-7cfe900300992080\"[1]\t\t# lid 5 lmc 0 \"leaf\" lid 3 4xEDR\n";

// Files named after the running test (ctest runs tests as parallel processes), removed
// at the end.
class TestFiles {
 public:
  TestFiles()
      : base_(::testing::TempDir() + "xml_hostile_text_test." +
              ::testing::UnitTest::GetInstance()->current_test_info()->name()) {}

  TestFiles(const TestFiles&) = delete;
  TestFiles& operator=(const TestFiles&) = delete;

  ~TestFiles() {
    for (const char* suffix : {".topo", ".xml", ".back.xml"}) {
      std::remove(path(suffix).c_str());
    }
  }

  std::string path(const char* suffix) const { return base_ + suffix; }

 private:
  std::string base_;
};

// `convert`s the hostile dump to an XML snapshot; its path.
std::string converted_dump(const TestFiles& files) {
  std::ofstream(files.path(".topo"), std::ios::binary) << kHostileDump;
  test::CliRun r = test::run_cli({"convert", files.path(".topo"), "-o", files.path(".xml")});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  return files.path(".xml");
}

TEST(XmlHostileTextTest, EscapesSurviveConvert) {
  TestFiles files;
  std::string xml = read_file(converted_dump(files));
  EXPECT_EQ(xml.find('\x1b'), std::string::npos);
  EXPECT_NE(xml.find("description=\"leaf\\x1b]0;title\\x07\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("description=\"\\x1b[31mhost\\\\x41\""), std::string::npos) << xml;

  Fabric back = read_xml_snapshot(xml, "x.xml").fabric;
  ASSERT_EQ(back.nodes().size(), 2U);
  EXPECT_EQ(back.nodes()[0].description, "leaf\x1b]0;title\x07");
  EXPECT_EQ(back.nodes()[1].description, "\x1b[31mhost\\x41");

  // And once more through the CLI: the snapshot is a source like any other.
  test::CliRun again =
      test::run_cli({"convert", files.path(".xml"), "-o", files.path(".back.xml")});
  ASSERT_EQ(again.status, kExitOk) << again.err;
  EXPECT_EQ(read_file(files.path(".back.xml")), xml);
}

TEST(XmlHostileTextTest, RealXmlParsersAcceptTheConvertedSnapshot) {
  TestFiles files;
  test::XmlParserVerdict verdict = test::parse_with_real_xml_parsers(converted_dump(files));
  if (verdict.ran.empty()) {
    GTEST_SKIP() << "neither python3 nor xmllint is installed";
  }
  EXPECT_EQ(verdict.rejecting, std::vector<std::string>{});
}

TEST(XmlHostileTextTest, XmlThatOnlyPugixmlAcceptsIsBadInput) {
  TestFiles files;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"description=\"a\" description=\"b\"", ":4: expected each attribute once on <node>"},
      {"description=\"&#27;\"", ":4: expected a reference to a character XML 1.0 allows"},
      {"description=\"&bogus;\"", ":4: expected &lt;, &gt;, &amp;, &quot;, &apos; or a"},
  };
  for (const auto& [attributes, message] : cases) {
    std::ofstream(files.path(".xml"), std::ios::binary)
        << "<?xml version=\"1.0\"?>\n<ibatlas-snapshot version=\"1\">\n"
           "  <provenance source=\"\" format=\"\" tool=\"\"/>\n"
           "  <node index=\"0\" type=\"CA\" guid=\"0x1\" port-count=\"1\" "
        << attributes << "/>\n</ibatlas-snapshot>\n";
    test::CliRun r = test::run_cli({"convert", files.path(".xml"), "-o", files.path(".back.xml")});
    EXPECT_EQ(r.status, kExitBadInput) << attributes;
    EXPECT_NE(r.err.find(files.path(".xml") + message), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace ibatlas
