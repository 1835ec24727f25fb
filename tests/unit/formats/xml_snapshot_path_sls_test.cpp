// <path-sls> in the XML snapshot (docs/formats.md): one row per source LID, one character
// per destination LID from 0 (the SL in hex, '-' for none); written as documented, read back
// losslessly, and malformed rows rejected with file:line.

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/bad_input.hpp"
#include "support/sample_fabrics.hpp"

namespace ibatlas {
namespace {

constexpr std::uint8_t kNone = PathSlRow::kUnknown;

std::string to_xml(const Fabric& fabric) {
  std::ostringstream out;
  write_xml_snapshot(fabric, out);
  return out.str();
}

// The minimal sample with SLs from LID 2 (to LIDs 1 and 3; LID 2 unknown) and from LID 1
// (to LID 17: SL 15, the rest unknown), given in that order, plus a trailing unknown.
Fabric minimal_with_path_sls() {
  FabricBuilder b = from_fabric(test::sample_minimal_fabric());
  b.set_path_sls(2, {kNone, 4, kNone, 0, kNone});
  std::vector<std::uint8_t> row(18, kNone);
  row[17] = 15;
  b.set_path_sls(1, row);
  return std::move(b).build();
}

TEST(XmlSnapshotPathSlsTest, RowsAreWrittenOneCharacterPerDestinationLidBySource) {
  Fabric f = minimal_with_path_sls();
  ASSERT_EQ(f.path_sls().size(), 2U);
  EXPECT_EQ(f.path_sls()[0].source, 1);      // sorted by source
  EXPECT_EQ(f.path_sls()[1].sl.size(), 4U);  // the trailing unknown is trimmed
  EXPECT_EQ(f.path_sl(2, 1), std::optional<std::uint8_t>(4));
  EXPECT_EQ(f.path_sl(2, 3), std::optional<std::uint8_t>(0));
  EXPECT_EQ(f.path_sl(2, 2), std::nullopt);
  EXPECT_EQ(f.path_sl(2, 4), std::nullopt);
  EXPECT_EQ(f.path_sl(3, 1), std::nullopt);
  std::string xml = to_xml(f);
  // By hand from docs/formats.md.
  std::string expected =
      "  <path-sls source=\"1\">-----------------f</path-sls>\n"
      "  <path-sls source=\"2\">-4-0</path-sls>\n"
      "</ibatlas-snapshot>\n";
  ASSERT_GE(xml.size(), expected.size());
  EXPECT_EQ(xml.substr(xml.size() - expected.size()), expected);
  EXPECT_EQ(to_xml(test::sample_minimal_fabric()).find("path-sls"), std::string::npos);
}

TEST(XmlSnapshotPathSlsTest, RoundTripIsLosslessAndEqualityNoticesOneSl) {
  Fabric f = minimal_with_path_sls();
  std::string xml = to_xml(f);
  EXPECT_TRUE(read_xml_snapshot(xml, "t.xml").fabric == f);
  std::size_t at = xml.find(">-4-0<");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, 6, ">-5-0<");
  EXPECT_FALSE(read_xml_snapshot(xml, "t.xml").fabric == f);
}

TEST(XmlSnapshotPathSlsTest, ASecondRowForASourceReplacesTheFirstInTheBuilder) {
  FabricBuilder b = from_fabric(minimal_with_path_sls());
  b.set_path_sls(2, {7});
  b.set_path_sls(1, {kNone, kNone});  // nothing known: the row goes
  Fabric f = std::move(b).build();
  ASSERT_EQ(f.path_sls().size(), 1U);
  EXPECT_EQ(f.path_sl(2, 0), std::optional<std::uint8_t>(7));
}

constexpr const char* kValid =
    "<?xml version=\"1.0\"?>\n"                                 // 1
    "<ibatlas-snapshot version=\"1\">\n"                        // 2
    "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n"  // 3
    "  <node index=\"0\" type=\"Switch\" guid=\"0x10\" port-count=\"8\" description=\"sw\">\n"
    "    <port number=\"0\" lid=\"1\"/>\n"                        // 5
    "    <port number=\"3\" peer-node=\"1\" peer-port=\"1\"/>\n"  // 6
    "  </node>\n"                                                 // 7
    "  <node index=\"1\" type=\"CA\" guid=\"0x20\" port-count=\"1\" description=\"h\">\n"
    "    <port number=\"1\" lid=\"2\" peer-node=\"0\" peer-port=\"3\"/>\n"  // 9
    "  </node>\n"                                                           // 10
    "  <path-sls source=\"2\">-a</path-sls>\n"                              // 11
    "  <path-sls source=\"1\">\n  --3\n</path-sls>\n"                       // 12-14
    "</ibatlas-snapshot>\n";

TEST(XmlSnapshotPathSlsTest, ReadsHandWrittenRows) {
  Fabric f = read_xml_snapshot(kValid, "ok.xml").fabric;
  ASSERT_EQ(f.path_sls().size(), 2U);
  EXPECT_EQ(f.path_sl(2, 1), std::optional<std::uint8_t>(10));
  EXPECT_EQ(f.path_sl(1, 2), std::optional<std::uint8_t>(3));  // blanks around are fine
  EXPECT_EQ(f.path_sl(1, 1), std::nullopt);
}

constexpr test::BadInputCase kBadCases[] = {
    {"ends unknown", ">-a<", ">-a-<", 11,
     "expected one hex digit (the SL) or '-' per destination LID from 0 inside <path-sls>, "
     "ending with a digit, found \"-a-\""},
    {"empty", ">-a<", "><", 11, "ending with a digit"},
    {"not hex", ">-a<", ">-g<", 11, "found \"-g\""},
    {"a sign", ">-a<", ">+a<", 11, "one hex digit"},
    {"a blank inside", ">-a<", ">- a<", 11, "one hex digit"},
    {"LID 0", "source=\"2\"", "source=\"0\"", 11, "a unicast LID (1 to 0xBFFF), found \"0\""},
    {"multicast LID", "source=\"2\"", "source=\"49152\"", 11, "found \"49152\""},
    {"no source", " source=\"2\"", "", 11, "attribute source of <path-sls>, found none"},
    {"unknown attribute", "source=\"2\"", "source=\"2\" sl=\"1\"", 11, "found attribute \"sl\""},
    {"element inside", ">-a<", "><b/><", 11, "only SL digits inside"},
    {"twice", "source=\"1\"", "source=\"2\"", 12, "one <path-sls> per source LID"},
};

TEST(XmlSnapshotPathSlsTest, MalformedRowsAreRejectedNamingTheLine) {
  test::expect_each_rejected(
      kValid, kBadCases,
      [](const std::string& text, const std::string& file) { read_xml_snapshot(text, file); });
}

}  // namespace
}  // namespace ibatlas
