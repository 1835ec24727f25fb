// The counters added after the first 17 (unicast/multicast split, PortRcvErrorDetails,
// PortXmitDiscardDetails) in the XML snapshot and the JSON export: kept losslessly (a zero
// stays a zero, an absent one stays absent), under the names docs/formats.md lists.

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/exports.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

namespace ibatlas {
namespace {

// One switch port cabled to one CA port; the switch port holds `c`.
Fabric two_ports(const PortCounters& c) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 2});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 1});
  PortId s = b.add_port(sw, Port{.number = 1});
  PortId h = b.add_port(ca, Port{.number = 1});
  b.port_data(s).counters = c;
  b.connect(s, h);
  return std::move(b).build();
}

PortCounters new_counters() {
  PortCounters c;
  c.rcv_errors = 40;
  c.unicast_xmit_pkts = 1;
  c.unicast_rcv_pkts = 2;
  c.multicast_xmit_pkts = 0;
  c.multicast_rcv_pkts = 18446744073709551615ULL;  // 2^64 - 1: the full 64 bits
  c.local_physical_errors = 5;
  c.malformed_packet_errors = 6;
  c.buffer_overrun_errors = 7;
  c.dlid_mapping_errors = 8;
  c.vl_mapping_errors = 9;
  c.looping_errors = 10;
  c.inactive_discards = 11;
  c.neighbor_mtu_discards = 12;
  c.sw_lifetime_limit_discards = 0;
  // sw_hoq_lifetime_limit_discards left absent
  return c;
}

std::string xml_of(const Fabric& f) {
  std::ostringstream out;
  write_xml_snapshot(f, out);
  return out.str();
}

TEST(CountersExportTest, XmlSnapshotKeepsEveryNewCounter) {
  Fabric f = two_ports(new_counters());
  std::string xml = xml_of(f);
  for (const char* attribute :
       {"unicast-xmit-pkts=\"1\"", "unicast-rcv-pkts=\"2\"", "multicast-xmit-pkts=\"0\"",
        "multicast-rcv-pkts=\"18446744073709551615\"", "local-physical-errors=\"5\"",
        "malformed-packet-errors=\"6\"", "buffer-overrun-errors=\"7\"", "dlid-mapping-errors=\"8\"",
        "vl-mapping-errors=\"9\"", "looping-errors=\"10\"", "inactive-discards=\"11\"",
        "neighbor-mtu-discards=\"12\"", "sw-lifetime-limit-discards=\"0\""}) {
    EXPECT_NE(xml.find(attribute), std::string::npos) << attribute << '\n' << xml;
  }
  EXPECT_EQ(xml.find("sw-hoq-lifetime-limit-discards"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<ibatlas-snapshot version=\"1\""), std::string::npos);  // no bump
  Fabric back = read_xml_snapshot(xml, "c.xml").fabric;
  EXPECT_TRUE(back == f);
  EXPECT_FALSE(back.ports()[0].counters->sw_hoq_lifetime_limit_discards);
}

TEST(CountersExportTest, AnOlderSnapshotReadsWithTheNewCountersAbsent) {
  constexpr const char* kOld =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<ibatlas-snapshot version=\"1\">\n"
      "  <provenance source=\"s\" format=\"xml\" tool=\"t\"/>\n"
      "  <node index=\"0\" type=\"CA\" guid=\"0x20\" port-count=\"1\" description=\"h\">\n"
      "    <port number=\"1\"><counters rcv-errors=\"3\" xmit-discards=\"4\"/></port>\n"
      "  </node>\n"
      "</ibatlas-snapshot>\n";
  Fabric f = read_xml_snapshot(kOld, "old.xml").fabric;
  const PortCounters& c = *f.ports()[0].counters;
  EXPECT_EQ(c.rcv_errors, 3U);
  EXPECT_FALSE(c.local_physical_errors);
  EXPECT_FALSE(c.unicast_xmit_pkts);
  EXPECT_FALSE(c.inactive_discards);
}

TEST(CountersExportTest, JsonHasTheNewCountersAndLeavesAbsentOnesOut) {
  std::ostringstream out;
  write_json(two_ports(new_counters()), out);
  std::string json = out.str();
  for (const char* key : {"\"unicast_xmit_pkts\": 1", "\"multicast_xmit_pkts\": 0",
                          "\"multicast_rcv_pkts\": 18446744073709551615", "\"looping_errors\": 10",
                          "\"neighbor_mtu_discards\": 12", "\"sw_lifetime_limit_discards\": 0"}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << '\n' << json;
  }
  EXPECT_EQ(json.find("sw_hoq_lifetime_limit_discards"), std::string::npos) << json;
}

}  // namespace
}  // namespace ibatlas
