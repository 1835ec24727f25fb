// Free text in the XML snapshot (docs/formats.md, "XML snapshot"): every byte a node
// description can hold survives a round trip, and the file stays XML 1.0 that real parsers
// (Python's expat, libxml2's xmllint) accept.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/xml_parsers.hpp"

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

std::string to_xml(const Fabric& fabric) {
  std::ostringstream out;
  write_xml_snapshot(fabric, out);
  return out.str();
}

std::string every_byte() {
  std::string all;
  for (int b = 0; b < 256; ++b) {
    all += static_cast<char>(b);
  }
  return all;
}

// Descriptions no fabric should have but any fabric can: 64 raw bytes each, read from the
// wire, so NULs, terminal escapes, malformed UTF-8 and backslashes all occur.
Fabric hostile_fabric() {
  const std::vector<std::string> descriptions = {
      every_byte(),
      std::string("a\0b\0\0", 5),
      "\x1b]0;title\x07 \x1b[31mred\x1b[0m",
      "\xff\xfe \xc0\x80 \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82",  // not UTF-8
      "C:\\x41\\\\ \\ ends in \\",
      "\xc2\x9b C1 and noncharacters \xef\xbf\xbe\xef\xbf\xbf \x7f",
      "tab\tnewline\ncr\r  two spaces",
      "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80",  // ordinary UTF-8 stays as is
  };
  FabricBuilder b;
  std::uint64_t guid = 0x10;
  for (const std::string& description : descriptions) {
    b.add_node(Node{.type = NodeType::Ca, .guid = guid++, .description = description});
  }
  b.set_provenance(Provenance{.source = std::string("feed\0\x1b\\", 7),
                              .format = "\xff",
                              .time = "2026\x1b",
                              .tool = "tool\t1"});
  return std::move(b).build();
}

TEST(XmlSnapshotEscapeTest, EveryByteOfAFreeTextSurvivesTheRoundTrip) {
  Fabric f = hostile_fabric();
  std::string xml = to_xml(f);
  Fabric back = read_xml_snapshot(xml, "hostile.xml").fabric;
  ASSERT_EQ(back.nodes().size(), f.nodes().size());
  for (std::size_t i = 0; i < f.nodes().size(); ++i) {
    EXPECT_EQ(back.nodes()[i].description, f.nodes()[i].description) << "node " << i;
  }
  EXPECT_TRUE(back.provenance() == f.provenance());
  EXPECT_TRUE(back == f);
  EXPECT_EQ(to_xml(back), xml);
}

TEST(XmlSnapshotEscapeTest, WrittenTextIsPrintable) {
  std::string xml = to_xml(hostile_fabric());
  auto raw = std::find_if(xml.begin(), xml.end(), [](char c) {
    auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\n') || byte == 0x7f;
  });
  EXPECT_EQ(raw, xml.end()) << "raw byte " << (raw == xml.end() ? 0 : static_cast<int>(*raw));
  EXPECT_EQ(xml.find("&#"), std::string::npos) << xml;
}

TEST(XmlSnapshotEscapeTest, TheEscapeIsAsDocumented) {
  std::string xml = to_xml(hostile_fabric());
  // As docs/formats.md spells them.
  for (const char* piece : {
           "<ibatlas-snapshot version=\"2\">",
           "description=\"a\\x00b\\x00\\x00\"",
           "description=\"\\x1b]0;title\\x07 ",
           "description=\"C:\\\\x41\\\\\\\\ \\\\ ends in \\\\\"",
           "description=\"\\xc2\\x9b C1 and noncharacters \\xef\\xbf\\xbe",
           "description=\"tab\\x09newline\\x0acr\\x0d  two spaces\"",
           "description=\"caf\xc3\xa9 \xe6\x97\xa5",
           "source=\"feed\\x00\\x1b\\\\\" format=\"\\xff\" tool=\"tool\\x091\"",
       }) {
    EXPECT_NE(xml.find(piece), std::string::npos) << piece << "\n" << xml;
  }
}

// Plain text needs no escape, so the file is the version 1 an older ibatlas reads.
TEST(XmlSnapshotEscapeTest, VersionTwoOnlyWhenSomeTextNeedsAnEscape) {
  FabricBuilder b;
  b.add_node(Node{.type = NodeType::Ca, .guid = 1, .description = "h1 HCA-1 caf\xc3\xa9 <&>\""});
  Fabric plain = std::move(b).build();
  EXPECT_NE(to_xml(plain).find("version=\"1\""), std::string::npos);
  FabricBuilder c;
  c.add_node(Node{.type = NodeType::Ca, .guid = 1, .description = "back\\slash"});
  std::string xml = to_xml(std::move(c).build());
  EXPECT_NE(xml.find("version=\"2\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("description=\"back\\\\slash\""), std::string::npos) << xml;
}

std::string snapshot(int version, const std::string& description) {
  return "<?xml version=\"1.0\"?>\n<ibatlas-snapshot version=\"" + std::to_string(version) +
         "\">\n  <provenance source=\"\" format=\"\" tool=\"\"/>\n"
         "  <node index=\"0\" type=\"CA\" guid=\"0x1\" port-count=\"1\" description=\"" +
         description + "\"/>\n</ibatlas-snapshot>\n";
}

// A version 1 file was written without the escape: its backslashes are text, as they were.
TEST(XmlSnapshotEscapeTest, BackslashesAreEscapesOnlyFromVersionTwo) {
  const std::string text = "C:\\x41\\\\ &amp;&#9;";
  EXPECT_EQ(read_xml_snapshot(snapshot(1, text), "v1.xml").fabric.nodes()[0].description,
            "C:\\x41\\\\ &\t");
  EXPECT_EQ(read_xml_snapshot(snapshot(2, "C:\\x41\\\\ &amp;\\x09\\xFF"), "v2.xml")
                .fabric.nodes()[0]
                .description,
            "C:A\\ &\t\xff");
}

// The message read_xml_snapshot gives for `text`, or "accepted".
std::string error_of(const std::string& text) {
  try {
    read_xml_snapshot(text, "e.xml");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "accepted";
}

// Each case must fail where the escape went wrong, naming the element's line.
TEST(XmlSnapshotEscapeTest, MalformedEscapesAreErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      // quote_found shows a backslash of the input doubled (docs/cli.md, "Text output").
      {"\\q", "found \"\\\\q\""},
      {"\\x4", "found \"\\\\x4\""},
      {"\\xg0", "found \"\\\\xg0\""},
      {"end\\", "found \"\\\\\""},
      // The writer escapes a tab; a reference to one is not its output.
      {"&#9;", "found \"\\x09\""},
  };
  for (const auto& [description, found] : cases) {
    std::string message = error_of(snapshot(2, description));
    EXPECT_EQ(message.rfind("e.xml:4: expected attribute description of <node> to use", 0), 0U)
        << message;
    EXPECT_NE(message.find(found), std::string::npos) << message;
  }
}

TEST(XmlSnapshotEscapeTest, RealXmlParsersAcceptTheHostileSnapshot) {
  fs::path file = fs::path(::testing::TempDir()) / "xml_snapshot_escape_test.xml";
  std::ofstream(file, std::ios::binary) << to_xml(hostile_fabric());
  test::XmlParserVerdict verdict = test::parse_with_real_xml_parsers(file.string());
  fs::remove(file);
  if (verdict.ran.empty()) {
    GTEST_SKIP() << "neither python3 nor xmllint is installed";
  }
  EXPECT_EQ(verdict.rejecting, std::vector<std::string>{});
}

}  // namespace
}  // namespace ibatlas
