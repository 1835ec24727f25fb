#include "ibatlas/formats/xml_snapshot.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "support/bad_input.hpp"
#include "support/sample_fabrics.hpp"
#include "support/temp_dir.hpp"
#include <sys/stat.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

std::string to_xml(const Fabric& fabric) {
  std::ostringstream out;
  write_xml_snapshot(fabric, out);
  return out.str();
}

TEST(XmlSnapshotTest, RoundTripIsLosslessForEverySampleFabric) {
  for (const test::NamedFabric& sample : test::sample_fabrics()) {
    SCOPED_TRACE(sample.name);
    std::string xml = to_xml(sample.fabric);
    ReadResult back = read_xml_snapshot(xml, sample.name + ".xml");
    EXPECT_TRUE(back.fabric == sample.fabric);
    EXPECT_TRUE(check_invariants(back.fabric).empty());
    EXPECT_TRUE(back.skipped.empty());
    EXPECT_EQ(to_xml(back.fabric), xml);
  }
}

TEST(XmlSnapshotTest, RoundTripNoticesAChangedValue) {
  // The equality above is not vacuous: the same text with one LID changed reads back as
  // a different fabric.
  Fabric full = test::sample_full_fabric();
  std::string xml = to_xml(full);
  std::size_t at = xml.find("lid=\"5\"");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, 7, "lid=\"6\"");
  EXPECT_FALSE(read_xml_snapshot(xml, "x.xml").fabric == full);
}

// Written by hand from the schema in docs/formats.md.
constexpr const char* kMinimalExpected =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ibatlas-snapshot version=\"1\">\n"
    "  <provenance source=\"minimal\" format=\"xml\" tool=\"\" />\n"
    "  <node index=\"0\" type=\"Switch\" guid=\"0x0000000000000010\" port-count=\"8\" "
    "description=\"\">\n"
    "    <port number=\"0\" lid=\"1\" />\n"
    "    <port number=\"3\" state=\"Active\" phys-state=\"LinkUp\" width=\"4x\" "
    "width-enabled=\"1x 4x\" width-supported=\"1x 4x\" speed=\"HDR\" speed-enabled=\"SDR HDR\" "
    "speed-supported=\"SDR QDR HDR\" mtu=\"4096\" mtu-cap=\"4096\" vl-cap=\"4\" "
    "peer-node=\"1\" peer-port=\"1\" />\n"
    "  </node>\n"
    "  <node index=\"1\" type=\"CA\" guid=\"0x0000000000000020\" port-count=\"1\" "
    "description=\"\">\n"
    "    <port number=\"1\" state=\"Active\" phys-state=\"LinkUp\" width=\"4x\" "
    "width-enabled=\"1x 4x\" width-supported=\"1x 4x\" speed=\"HDR\" speed-enabled=\"SDR HDR\" "
    "speed-supported=\"SDR QDR HDR\" mtu=\"4096\" mtu-cap=\"4096\" vl-cap=\"4\" "
    "peer-node=\"0\" peer-port=\"3\" />\n"
    "  </node>\n"
    "</ibatlas-snapshot>\n";

TEST(XmlSnapshotTest, WritesTheDocumentedLayout) {
  EXPECT_EQ(to_xml(test::sample_minimal_fabric()), kMinimalExpected);
}

pugi::xml_node node_with_guid(const pugi::xml_document& doc, const char* guid) {
  return doc.child("ibatlas-snapshot").find_child_by_attribute("node", "guid", guid);
}

TEST(XmlSnapshotTest, AbsentAndZeroAreDifferentAttributes) {
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(to_xml(test::sample_full_fabric()).c_str()));
  pugi::xml_node router = node_with_guid(doc, "0x0002c90300003000");
  pugi::xml_node bare = node_with_guid(doc, "0x0002c90300000300");
  pugi::xml_node h1 = node_with_guid(doc, "0x0002c90300001000");
  pugi::xml_node h3 = node_with_guid(doc, "0x0002c90300005000");
  EXPECT_STREQ(router.attribute("vendor-id").value(), "0x0");
  EXPECT_FALSE(bare.attribute("vendor-id"));
  EXPECT_FALSE(bare.attribute("enhanced-port0"));
  EXPECT_STREQ(h1.attribute("revision").value(), "0x0");
  EXPECT_FALSE(router.attribute("revision"));
  // h3's port knows nothing but its number and its cable.
  std::vector<std::string> names;
  for (pugi::xml_attribute a : h3.child("port").attributes()) {
    names.push_back(a.name());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"number", "peer-node", "peer-port"}));
  // Counters read but empty, and counters with one zero.
  pugi::xml_node spine = node_with_guid(doc, "0x0002c90300000200");
  EXPECT_TRUE(spine.child("port").child("counters"));
  EXPECT_FALSE(spine.child("port").child("counters").first_attribute());

  Fabric back = read_xml_snapshot(to_xml(test::sample_full_fabric()), "f.xml").fabric;
  const Node& r = back.node(*back.find_node(test::kRouterGuid));
  EXPECT_EQ(r.vendor_id, std::optional<std::uint32_t>(0));
  EXPECT_EQ(back.node(*back.find_node(test::kBareGuid)).vendor_id, std::nullopt);
}

TEST(XmlSnapshotTest, ForwardingTablesAreHexBytes) {
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(to_xml(test::sample_full_fabric()).c_str()));
  pugi::xml_node root = doc.child("ibatlas-snapshot");
  pugi::xml_node leaf_table = root.find_child_by_attribute("forwarding-table", "switch", "2");
  EXPECT_STREQ(leaf_table.attribute("size").value(), "13");
  EXPECT_STREQ(leaf_table.child_value(), "ff000001ff0404040404ffff0c");
  pugi::xml_node spine_table = root.find_child_by_attribute("forwarding-table", "switch", "1");
  EXPECT_STREQ(spine_table.attribute("size").value(), "0");
  EXPECT_STREQ(spine_table.child_value(), "");
}

TEST(XmlSnapshotTest, BitsNoEnumeratorNamesSurvive) {
  FabricBuilder b;
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 1, .port_count = 1});
  b.add_port(
      ca, Port{.number = 1, .width_enabled = WidthSet{0x81}, .speed_supported = SpeedSet{0x8001}});
  Fabric f = std::move(b).build();
  std::string xml = to_xml(f);
  EXPECT_NE(xml.find("width-enabled=\"1x bit7\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("speed-supported=\"SDR bit15\""), std::string::npos) << xml;
  EXPECT_TRUE(read_xml_snapshot(xml, "b.xml").fabric == f);
}

// A valid snapshot; each bad case below changes one piece of it.
constexpr const char* kValid =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                                              // 1
    "<ibatlas-snapshot version=\"1\">\n"                                                        // 2
    "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n"                                  // 3
    "  <node index=\"0\" type=\"Switch\" guid=\"0x10\" port-count=\"8\" description=\"sw\">\n"  // 4
    "    <port number=\"0\" lid=\"1\"/>\n"                                                      // 5
    "    <port number=\"3\" width-enabled=\"1x 4x\" peer-node=\"1\" peer-port=\"1\">\n"         // 6
    "      <counters symbol-errors=\"0\"/>\n"                                                   // 7
    "    </port>\n"                                                                             // 8
    "  </node>\n"                                                                               // 9
    "  <node index=\"1\" type=\"CA\" guid=\"0x20\" port-count=\"1\" description=\"h\">\n"  // 10
    "    <port number=\"1\" state=\"Active\" mtu=\"4096\" peer-node=\"0\" peer-port=\"3\"/>\n"  // 11
    "  </node>\n"                                                              // 12
    "  <forwarding-table switch=\"0\" size=\"3\">ff0300</forwarding-table>\n"  // 13
    "</ibatlas-snapshot>\n";                                                   // 14

TEST(XmlSnapshotTest, ReadsAHandWrittenSnapshot) {
  Fabric f = read_xml_snapshot(kValid, "ok.xml").fabric;
  ASSERT_EQ(f.nodes().size(), 2u);
  PortId sw3 = *f.find_port(NodeId{0}, 3);
  PortId ca1 = *f.find_port(NodeId{1}, 1);
  EXPECT_TRUE(f.is_link(sw3));
  EXPECT_EQ(f.port(sw3).peer, ca1);
  EXPECT_EQ(f.port(sw3).counters->symbol_errors, std::optional<std::uint64_t>(0));
  EXPECT_EQ(f.port(sw3).counters->rcv_errors, std::nullopt);
  EXPECT_EQ(f.port(ca1).mtu_active, Mtu::B4096);
  EXPECT_EQ(f.port(ca1).base_lid, std::nullopt);
  ASSERT_EQ(f.forwarding_tables().size(), 1u);
  EXPECT_EQ(f.forwarding_tables()[0].out_port, (std::vector<std::uint8_t>{255, 3, 0}));
}

constexpr test::BadInputCase kBadCases[] = {
    {"unclosed tag", "<counters symbol-errors=\"0\"/>", "<counters symbol-errors=\"0\">", 8,
     "expected well-formed XML"},
    {"other root", "<ibatlas-snapshot version=\"1\">",
     "<fabric version=\"1\"/><ibatlas-snapshot version=\"1\">", 2,
     "expected root element <ibatlas-snapshot>, found <fabric>"},
    {"two roots", "</ibatlas-snapshot>\n",
     "</ibatlas-snapshot>\n<ibatlas-snapshot version=\"1\"/>\n", 15,
     "expected nothing after </ibatlas-snapshot>"},
    {"newer version", "version=\"1\">", "version=\"4\">", 2, "newer ibatlas"},
    {"no version", "<ibatlas-snapshot version=\"1\">", "<ibatlas-snapshot>", 2,
     "expected attribute version of <ibatlas-snapshot>, found none"},
    {"unknown attribute", "lid=\"1\"", "lidd=\"1\"", 5, "found attribute \"lidd\""},
    {"guid not hex", "guid=\"0x20\"", "guid=\"0xZZ\"", 10, "found \"0xZZ\""},
    {"guid without 0x", "guid=\"0x20\"", "guid=\"20\"", 10, "to be 0x and at most 16 hex digits"},
    {"repeated port", "<port number=\"3\"", "<port number=\"0\"", 6, "not used before"},
    {"port 0 on a CA", "<port number=\"1\"", "<port number=\"0\"", 11, "port 0 only on a switch"},
    {"port above count", "port-count=\"8\"", "port-count=\"2\"", 6,
     "up to the node's port-count 2"},
    {"peer node missing", "peer-node=\"1\"", "peer-node=\"7\"", 6, "naming one of the 2 nodes"},
    {"peer port missing", "peer-port=\"3\"", "peer-port=\"5\"", 11, "naming a <port> of node 0"},
    {"half a peer", " peer-port=\"3\"", "", 11, "both peer-node and peer-port"},
    {"LID too big", "lid=\"1\"", "lid=\"65536\"", 5, "from 0 to 65535, found \"65536\""},
    {"unknown state", "state=\"Active\"", "state=\"Up\"", 11,
     "one of Down, Initialize, Armed, Active"},
    {"unknown width", "\"1x 4x\"", "\"1x 3x\"", 6, "found \"3x\""},
    {"unknown MTU", "mtu=\"4096\"", "mtu=\"4000\"", 11, "one of 256, 512, 1024, 2048, 4096"},
    {"table too long", "size=\"3\"", "size=\"4\"", 13, "expected 4 entries"},
    {"odd digits", ">ff0300<", ">ff030<", 13, "2 and a half entries"},
    {"not hex", ">ff0300<", ">ff03zz<", 13, "found \"zz\""},
    {"table of a CA", "switch=\"0\"", "switch=\"1\"", 13, "index of a switch <node>"},
    {"no provenance", "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n", "", 2,
     "a <provenance> element"},
    {"two provenances", "  <provenance",
     "  <provenance source=\"\" format=\"\" tool=\"\"/><provenance", 3, "found <provenance>"},
    {"unknown element", "  </node>\n  <node index=\"1\"", "  </node><cable/>\n  <node index=\"1\"",
     9, "found <cable>"},
    {"index out of order", "index=\"1\"", "index=\"2\"", 10, "index=\"1\""},
    {"no description", " description=\"sw\"", "", 4, "attribute description of <node>"},
    {"unknown counter", "symbol-errors", "symbol-error", 7, "found attribute \"symbol-error\""},
    {"boolean", "description=\"sw\"", "enhanced-port0=\"yes\" description=\"sw\"", 4,
     "one of false, true"},
    {"text in a node", "<port number=\"0\" lid=\"1\"/>", "junk<port number=\"0\" lid=\"1\"/>", 5,
     "found \"junk"},
    // What pugixml lets through and XML 1.0 (and so xmllint or Python) does not.
    {"repeated attribute", "lid=\"1\"", "lid=\"1\" lid=\"2\"", 5,
     "each attribute once on <port>, found attribute \"lid\" again"},
    {"reference to ESC", "description=\"sw\"", "description=\"s&#27;w\"", 4,
     "a reference to a character XML 1.0 allows, found \"&#27;\""},
    {"reference to NUL", "description=\"sw\"", "description=\"s&#0;w\"", 4, "found \"&#0;\""},
    {"reference past U+10FFFF", "description=\"h\"", "description=\"&#x110000;\"", 10,
     "found \"&#x110000;\""},
    {"reference to a surrogate", "description=\"h\"", "description=\"&#xD800;\"", 10,
     "found \"&#xD800;\""},
    {"huge reference", "description=\"h\"", "description=\"&#99999999999999999999999;\"", 10,
     "a reference to a character XML 1.0 allows"},
    {"undefined entity", "description=\"h\"", "description=\"&nbsp;\"", 10,
     "expected &lt;, &gt;, &amp;, &quot;, &apos; or a character reference, found \"&nbsp;\""},
    {"bare ampersand", "description=\"h\"", "description=\"a & b\"", 10,
     "or a character reference, found \"& b\""},
    {"< in an attribute", "description=\"h\"", "description=\"a<b\"", 10,
     "&lt; for a < in an attribute value"},
    {"raw ESC", "description=\"sw\"", "description=\"s\x1bw\"", 4,
     "characters XML 1.0 allows, found byte 0x1b"},
    {"not UTF-8", "description=\"h\"", "description=\"h\xff\"", 10, "found byte 0xff"},
    {"raw U+FFFE", "description=\"h\"", "description=\"\xef\xbf\xbe\"", 10, "found byte 0xef"},
    {"DTD", "<ibatlas-snapshot version=\"1\">",
     "<!DOCTYPE s [<!ENTITY e \"v\">]>\n<ibatlas-snapshot version=\"1\">", 2, "no <!DOCTYPE>"},
    {"-- in a comment", "  </node>\n  <node index=\"1\"",
     "  </node><!-- a -- b -->\n  <node index=\"1\"", 9, "a comment without --"},
    {"text before the root", "<ibatlas-snapshot version=\"1\">",
     "junk<ibatlas-snapshot version=\"1\">", 2, "found \"junk\""},
    {"late declaration", "</ibatlas-snapshot>\n", "</ibatlas-snapshot>\n<?xml version=\"1.0\"?>\n",
     15, "<?xml ...?> only at the very start"},
    {"]]> in text", ">ff0300<", ">ff0300]]><", 13, "]]> only to end a CDATA section"},
    {"bad reference in text", ">ff0300<", ">ff&#1;0300<", 13, "found \"&#1;\""},
    {"bad escape", "<ibatlas-snapshot version=\"1\">\n  <provenance source=\"s\"",
     "<ibatlas-snapshot version=\"2\">\n  <provenance source=\"s\\q\"", 3,
     "attribute source of <provenance> to use \\\\ and \\xHH escapes only"},
};

TEST(XmlSnapshotTest, RejectsBadInputNamingTheLine) {
  test::expect_each_rejected(
      kValid, kBadCases,
      [](const std::string& text, const std::string& file) { read_xml_snapshot(text, file); });
}

TEST(XmlSnapshotTest, RejectsInputThatIsNotXmlAtAll) {
  for (const char* text : {"", "Switch 8 \"S-0000000000000010\"\n", "<a></b>"}) {
    SCOPED_TRACE(text);
    EXPECT_THROW(read_xml_snapshot(text, "t.xml"), ParseError);
  }
}

using test::slurp;
using test::TempDir;

TEST(XmlSnapshotTest, FileIsWrittenWholeWithUsualModeAndNoTemporaryLeft) {
  TempDir dir;
  fs::path file = dir.path() / "snap.xml";
  std::ofstream(file) << "old contents";
  mode_t old_mask = ::umask(022);
  write_xml_snapshot_file(test::sample_full_fabric(), file.string());
  ::umask(old_mask);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"snap.xml"});
  EXPECT_TRUE(read_xml_snapshot(slurp(file.string()), "snap.xml").fabric ==
              test::sample_full_fabric());

  struct stat st {};

  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST(XmlSnapshotTest, FailedFileWriteNamesPathAndReasonAndCleansUp) {
  TempDir dir;
  fs::path blocked = dir.path() / "a-directory";
  fs::create_directory(blocked);
  fs::path inside = blocked / "keep";
  std::ofstream(inside) << "x";
  try {
    write_xml_snapshot_file(test::sample_minimal_fabric(), blocked.string());
    ADD_FAILURE() << "renamed over a non-empty directory";
  } catch (const Error& e) {
    std::string message = e.what();
    EXPECT_NE(message.find(blocked.string()), std::string::npos) << message;
    EXPECT_NE(message.find(std::strerror(EISDIR)), std::string::npos) << message;
  }
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"a-directory"});
  EXPECT_EQ(slurp(inside.string()), "x");

  fs::path missing = dir.path() / "no-such-dir" / "snap.xml";
  try {
    write_xml_snapshot_file(test::sample_minimal_fabric(), missing.string());
    ADD_FAILURE() << "wrote into a missing directory";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(std::strerror(ENOENT)), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ibatlas
