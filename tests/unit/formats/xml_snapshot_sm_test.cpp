// <subnet-managers> in the XML snapshot: every field round-trips, "not read" stays not read,
// and malformed elements are refused with file:line.

#include <algorithm>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

namespace ibatlas {
namespace {

Fabric one_host(std::optional<std::vector<SubnetManager>> sms) {
  FabricBuilder b;
  Node n;
  n.guid = 0x10;
  n.port_count = 1;
  n.description = "host";
  NodeId id = b.add_node(n);
  Port p;
  p.number = 1;
  p.guid = 0x11;
  b.add_port(id, p);
  b.set_provenance(Provenance{"t", "live", std::string("2026-12-02T11:00:00Z"), "ibatlas", {}});
  if (sms) {
    b.set_subnet_managers(*sms);
  }
  return std::move(b).build();
}

std::string write(const Fabric& f) {
  std::ostringstream out;
  write_xml_snapshot(f, out);
  return out.str();
}

SubnetManager full() {
  SubnetManager sm;
  sm.port_guid = 0x11;
  sm.lid = 7;
  sm.guid = 0x11;
  sm.priority = 15;
  sm.state = SmState::Master;
  sm.act_count = 4294967295U;
  sm.act_count_again = 12;
  sm.interval_ms = 503;
  return sm;
}

TEST(XmlSnapshotSm, EveryFieldRoundTrips) {
  SubnetManager bare;
  bare.port_guid = 0x99;
  bare.guid = 0x98;
  bare.state = SmState::NotActive;
  SubnetManager standby = full();
  standby.port_guid = 0x21;
  standby.state = SmState::Standby;
  SubnetManager discovering = bare;
  discovering.port_guid = 0x31;
  discovering.state = SmState::Discovering;
  Fabric f = one_host(std::vector{full(), bare, standby, discovering});
  Fabric back = read_xml_snapshot(write(f), "t.xml").fabric;
  EXPECT_TRUE(back.subnet_managers_read());
  EXPECT_EQ(back, f);
  EXPECT_NE(write(f).find("state=\"not active\""), std::string::npos);
}

TEST(XmlSnapshotSm, ReadButNoneFoundIsKeptApartFromNotRead) {
  Fabric none = one_host(std::vector<SubnetManager>{});
  Fabric back = read_xml_snapshot(write(none), "t.xml").fabric;
  EXPECT_TRUE(back.subnet_managers_read());
  EXPECT_TRUE(back.subnet_managers().empty());
  Fabric not_read = one_host(std::nullopt);
  EXPECT_EQ(write(not_read).find("subnet-managers"), std::string::npos);
  EXPECT_FALSE(read_xml_snapshot(write(not_read), "t.xml").fabric.subnet_managers_read());
}

// Replaces the <sm .../> line of a written snapshot and expects a ParseError naming its line.
void expect_refused(const std::string& sm_line, const std::string& why) {
  std::string text = write(one_host(std::vector{full()}));
  std::size_t begin = text.find("<sm ");
  ASSERT_NE(begin, std::string::npos);
  std::size_t end = text.find("/>", begin) + 2;
  text.replace(begin, end - begin, sm_line);
  std::size_t line =
      1 + static_cast<std::size_t>(
              std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
  try {
    read_xml_snapshot(text, "t.xml");
    ADD_FAILURE() << "accepted: " << why;
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("t.xml:" + std::to_string(line) + ":"), std::string::npos)
        << why << ": " << e.what();
  }
}

TEST(XmlSnapshotSm, OnlyTheRequiredAttributesAreEnough) {
  std::string text = write(one_host(std::vector{full()}));
  std::size_t begin = text.find("<sm ");
  std::size_t end = text.find("/>", begin) + 2;
  text.replace(begin, end - begin,
               R"(<sm port-guid="0x11" guid="0x11" priority="1" state="standby" act-count="5"/>)");
  Fabric f = read_xml_snapshot(text, "t.xml").fabric;
  ASSERT_EQ(f.subnet_managers().size(), 1U);
  EXPECT_EQ(f.subnet_managers()[0].state, SmState::Standby);
  EXPECT_FALSE(f.subnet_managers()[0].act_count_again);
  EXPECT_FALSE(f.subnet_managers()[0].lid);
}

TEST(XmlSnapshotSm, MalformedCases) {
  for (
      const auto& [line, why] : std::vector<std::pair<std::string, std::string>>{
          {R"(<sm guid="0x11" priority="1" state="standby" act-count="5"/>)", "no port-guid"},
          {R"(<sm port-guid="0x11" priority="1" state="standby" act-count="5"/>)", "no guid"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="16" state="standby" act-count="5"/>)",
           "priority over 15"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="1" state="boss" act-count="5"/>)",
           "unknown state"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="1" state="master"/>)", "no act-count"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="1" state="master" act-count="4294967296"/>)",
           "act-count over 32 bits"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="1" state="master" act-count="1" key="0"/>)",
           "unknown attribute"},
          {R"(<sm port-guid="zz" guid="0x11" priority="1" state="master" act-count="1"/>)",
           "port-guid not hex"},
          {R"(<sm port-guid="0x11" guid="0x11" priority="1" state="master" act-count="1"><x/></sm>)",
           "a child"},
          {R"(<smx port-guid="0x11"/>)", "not <sm>"},
      }) {
    expect_refused(line, why);
  }
}

TEST(XmlSnapshotSm, TwoListsOrTwoRecordsForOnePortAreRefused) {
  std::string text = write(one_host(std::vector{full()}));
  std::size_t begin = text.find("<subnet-managers>");
  std::size_t end = text.find("</subnet-managers>") + std::string("</subnet-managers>").size();
  std::string block = text.substr(begin, end - begin);
  std::string twice = text;
  twice.insert(end, "\n  " + block);
  EXPECT_THROW(read_xml_snapshot(twice, "t.xml"), ParseError);
  std::size_t sm = text.find("<sm ");
  std::size_t sm_end = text.find("/>", sm) + 2;
  std::string dup = text;
  dup.insert(sm_end, "\n    " + text.substr(sm, sm_end - sm));
  EXPECT_THROW(read_xml_snapshot(dup, "t.xml"), ParseError);
}

}  // namespace
}  // namespace ibatlas
