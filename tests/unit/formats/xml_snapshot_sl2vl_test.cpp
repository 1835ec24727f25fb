// <sl2vl-table> in the XML snapshot (docs/formats.md): written as documented, read back
// losslessly, and malformed tables rejected with file:line.

#include <cstring>
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

std::string to_xml(const Fabric& fabric) {
  std::ostringstream out;
  write_xml_snapshot(fabric, out);
  return out.str();
}

constexpr std::array<std::uint8_t, 16> kIbsimDefault = {0, 1, 2,  3,  4,  5,  6,  7,
                                                        8, 9, 10, 11, 12, 13, 14, 7};

// The minimal sample (switch 0 with ports 0 and 3, CA 1 with port 1) with three tables: from
// the switch's port 0 out of port 3, from 3 out of 0 (legal in the model, though a crawl
// does not read it), and the CA port's own.
Fabric minimal_with_tables() {
  Fabric f = test::sample_minimal_fabric();
  FabricBuilder b = from_fabric(f);
  PortId sw0 = *f.find_port(NodeId{0}, 0);
  PortId sw3 = *f.find_port(NodeId{0}, 3);
  PortId ca1 = *f.find_port(NodeId{1}, 1);
  std::array<std::uint8_t, 16> dropped{};
  dropped.fill(15);
  b.add_sl_to_vl_table(sw3, sw0, dropped);
  b.add_sl_to_vl_table(ca1, ca1, kIbsimDefault);
  b.add_sl_to_vl_table(sw0, sw3, std::array<std::uint8_t, 16>{1, 0, 1, 0});
  return std::move(b).build();
}

TEST(XmlSnapshotSlToVlTest, TablesAreWrittenOneHexDigitPerSlInPortOrder) {
  std::string xml = to_xml(minimal_with_tables());
  // By hand from docs/formats.md; sorted by (in, out) port id: switch port 0, then 3, then CA.
  std::string expected =
      "  <sl2vl-table node=\"0\" in=\"0\" out=\"3\">1010000000000000</sl2vl-table>\n"
      "  <sl2vl-table node=\"0\" in=\"3\" out=\"0\">ffffffffffffffff</sl2vl-table>\n"
      "  <sl2vl-table node=\"1\" in=\"1\" out=\"1\">0123456789abcde7</sl2vl-table>\n"
      "</ibatlas-snapshot>\n";
  ASSERT_GE(xml.size(), expected.size());
  EXPECT_EQ(xml.substr(xml.size() - expected.size()), expected);
  EXPECT_EQ(to_xml(test::sample_minimal_fabric()).find("sl2vl"), std::string::npos);
}

TEST(XmlSnapshotSlToVlTest, RoundTripIsLossless) {
  Fabric f = minimal_with_tables();
  std::string xml = to_xml(f);
  Fabric back = read_xml_snapshot(xml, "t.xml").fabric;
  EXPECT_TRUE(back == f);
  EXPECT_EQ(to_xml(back), xml);
  ASSERT_EQ(back.sl_to_vl_tables().size(), 3U);
  const SlToVlTable& ca = back.sl_to_vl_tables()[2];
  EXPECT_EQ(back.port(ca.in).number, 1);
  EXPECT_EQ(ca.vl, kIbsimDefault);
}

TEST(XmlSnapshotSlToVlTest, EqualityNoticesOneChangedVl) {
  Fabric f = minimal_with_tables();
  std::string xml = to_xml(f);
  std::size_t at = xml.find("0123456789abcde7");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, 16, "0123456789abcde6");
  EXPECT_FALSE(read_xml_snapshot(xml, "t.xml").fabric == f);
}

constexpr const char* kValid =
    "<?xml version=\"1.0\"?>\n"                                 // 1
    "<ibatlas-snapshot version=\"1\">\n"                        // 2
    "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n"  // 3
    "  <node index=\"0\" type=\"Switch\" guid=\"0x10\" port-count=\"8\" description=\"sw\">\n"
    "    <port number=\"0\" lid=\"1\"/>\n"                        // 5
    "    <port number=\"3\" peer-node=\"1\" peer-port=\"1\"/>\n"  // 6
    "  </node>\n"                                                 // 7
    "  <node index=\"1\" type=\"CA\" guid=\"0x20\" port-count=\"2\" description=\"h\">\n"
    "    <port number=\"1\" peer-node=\"0\" peer-port=\"3\"/>\n"                     // 9
    "  </node>\n"                                                                    // 10
    "  <sl2vl-table node=\"0\" in=\"0\" out=\"3\">0123456789abcdef</sl2vl-table>\n"  // 11
    "  <sl2vl-table node=\"1\" in=\"1\" out=\"1\">\n  fedcba9876543210\n</sl2vl-table>\n"
    "</ibatlas-snapshot>\n";

TEST(XmlSnapshotSlToVlTest, ReadsAHandWrittenTable) {
  Fabric f = read_xml_snapshot(kValid, "ok.xml").fabric;
  ASSERT_EQ(f.sl_to_vl_tables().size(), 2U);
  const SlToVlTable& sw = f.sl_to_vl_tables()[0];
  EXPECT_EQ(sw.in, *f.find_port(NodeId{0}, 0));
  EXPECT_EQ(sw.out, *f.find_port(NodeId{0}, 3));
  EXPECT_EQ(sw.vl[0], 0);
  EXPECT_EQ(sw.vl[15], 15);
  const SlToVlTable& ca = f.sl_to_vl_tables()[1];  // whitespace around the digits is fine
  EXPECT_EQ(ca.vl[0], 15);
  EXPECT_EQ(ca.vl[15], 0);
}

constexpr test::BadInputCase kBadCases[] = {
    {"15 digits", ">0123456789abcdef<", ">0123456789abcde<", 11,
     "expected 16 hex digits inside <sl2vl-table>, the VL of SL 0 first, found "
     "\"0123456789abcde\""},
    {"17 digits", ">0123456789abcdef<", ">0123456789abcdef0<", 11, "16 hex digits"},
    {"not hex", ">0123456789abcdef<", ">0123456789abcdeg<", 11, "found \"0123456789abcdeg\""},
    {"a sign", ">0123456789abcdef<", ">+123456789abcdef<", 11, "16 hex digits"},
    {"spaces inside", ">0123456789abcdef<", ">01234567 89abcdef<", 11, "16 hex digits"},
    {"empty", ">0123456789abcdef<", "><", 11, "16 hex digits"},
    {"no such node", "node=\"0\" in=\"0\"", "node=\"5\" in=\"0\"", 11,
     "expected attribute node naming the index of a <node>, found \"5\""},
    {"no such port", "in=\"0\" out=\"3\"", "in=\"0\" out=\"4\"", 11,
     "naming a <port> of node 0, found \"4\""},
    {"port number too big", "in=\"0\" out=\"3\"", "in=\"256\" out=\"3\"", 11, "found \"256\""},
    {"no out", " out=\"3\"", "", 11, "attribute out of <sl2vl-table>, found none"},
    {"unknown attribute", "node=\"0\" in=\"0\"", "node=\"0\" vl=\"1\" in=\"0\"", 11,
     "found attribute \"vl\""},
    {"CA pair", "node=\"1\" in=\"1\" out=\"1\"", "node=\"1\" in=\"1\" out=\"0\"", 12,
     "naming a <port> of node 1"},
    {"element inside", ">0123456789abcdef<", "><b/><", 11, "only hex digits inside"},
    {"twice", "  <sl2vl-table node=\"1\"",
     "  <sl2vl-table node=\"0\" in=\"0\" out=\"3\">0123456789abcdef</sl2vl-table>\n"
     "  <sl2vl-table node=\"1\"",
     12, "one <sl2vl-table> per node, in and out"},
};

TEST(XmlSnapshotSlToVlTest, MalformedTablesAreRejectedNamingTheLine) {
  test::expect_each_rejected(
      kValid, kBadCases,
      [](const std::string& text, const std::string& file) { read_xml_snapshot(text, file); });
}

TEST(XmlSnapshotSlToVlTest, ACaTableMustBeItsPortsOwn) {
  // A two-port CA whose table names port 1 in and port 2 out.
  std::string text = kValid;
  std::string port1 = "    <port number=\"1\" peer-node=\"0\" peer-port=\"3\"/>\n";
  text.replace(text.find(port1), port1.size(), port1 + "    <port number=\"2\"/>\n");
  std::string pair = "node=\"1\" in=\"1\" out=\"1\"";
  text.replace(text.find(pair), pair.size(), "node=\"1\" in=\"1\" out=\"2\"");
  try {
    read_xml_snapshot(text, "ca.xml");
    ADD_FAILURE() << "accepted";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 13U) << e.what();
    EXPECT_NE(std::string(e.what()).find("expected in equal to out on a CA or router, found "
                                         "in=\"1\" out=\"2\""),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ibatlas
