// Suspects from findings: links and ports with a peer become cables, each once; what names
// nothing in the fabric becomes a note; the rest is not a suspect.

#include <gtest/gtest.h>

#include "ibatlas/probe/plan.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::SmallTree;

Endpoint end(Guid guid, int port) {
  return Endpoint{guid, static_cast<std::uint8_t>(port), "x"};
}

Finding at_link(const std::string& check, Severity severity, Endpoint here, Endpoint peer) {
  Finding f;
  f.check = check;
  f.severity = severity;
  f.location = Location{LocationKind::Link, std::move(here), std::move(peer)};
  return f;
}

Finding at_port(const std::string& check, Severity severity, Endpoint here) {
  Finding f;
  f.check = check;
  f.severity = severity;
  f.location = Location{LocationKind::Port, std::move(here), std::nullopt};
  return f;
}

struct Suspects : ::testing::Test {
  SmallTree t;
  Fabric f = t.net.build();  // no tables needed
  Guid l1 = f.node(t.l1).guid;
  Guid sp1 = f.node(t.sp1).guid;
  Guid a1 = f.node(t.a1).guid;

  PortId port(NodeId n, int number) { return *f.find_port(n, static_cast<std::uint8_t>(number)); }
};

TEST_F(Suspects, LinkAndPortFindingsBecomeCablesOnce) {
  std::vector<Finding> findings{
      at_link("link.degraded", Severity::Warning, end(l1, 3), end(sp1, 1)),
      at_port("port.errors", Severity::Error, end(sp1, 1)),  // the same cable, other end
      at_port("port.errors", Severity::Error, end(a1, 1)),   // a1's host cable
  };
  std::vector<std::string> notes;
  std::vector<SuspectLink> s = suspects_from_findings(f, findings, Severity::Warning, notes);
  ASSERT_EQ(s.size(), 2U);
  EXPECT_EQ(s[0].a, port(t.l1, 3));
  EXPECT_EQ(s[0].b, port(t.sp1, 1));
  EXPECT_EQ(s[0].reason, "link.degraded");
  EXPECT_EQ(s[1].a, port(t.a1, 1));
  EXPECT_EQ(s[1].b, port(t.l1, 1));
  EXPECT_EQ(s[1].reason, "port.errors");
  EXPECT_TRUE(notes.empty());
}

TEST_F(Suspects, LessSevereFabricAndNodeFindingsAreNotSuspects) {
  Finding fabric_wide;
  fabric_wide.check = "fabric.summary";
  fabric_wide.severity = Severity::Error;
  Finding node = fabric_wide;
  node.location = Location{LocationKind::Node, Endpoint{l1, std::nullopt, "l1"}, std::nullopt};
  std::vector<Finding> findings{
      at_link("link.degraded", Severity::Info, end(l1, 3), end(sp1, 1)),      // below the level
      fabric_wide, node, at_port("port.state", Severity::Error, end(l1, 7)),  // an uncabled port
  };
  std::vector<std::string> notes;
  EXPECT_TRUE(suspects_from_findings(f, findings, Severity::Warning, notes).empty());
  EXPECT_TRUE(notes.empty());
  // At level Info the first one is a suspect.
  EXPECT_EQ(suspects_from_findings(f, findings, Severity::Info, notes).size(), 1U);
}

TEST_F(Suspects, UnknownGuidsAndNonCablesGoToNotes) {
  std::vector<Finding> findings{
      at_link("link.degraded", Severity::Error, end(0xdead, 1), end(sp1, 1)),  // unknown GUID
      at_link("link.mismatch", Severity::Error, end(l1, 3), end(sp1, 2)),      // not each other
      at_port("port.errors", Severity::Error, end(l1, 99)),                    // no such port
  };
  std::vector<std::string> notes;
  EXPECT_TRUE(suspects_from_findings(f, findings, Severity::Warning, notes).empty());
  ASSERT_EQ(notes.size(), 3U);
  EXPECT_NE(notes[0].find("link.degraded"), std::string::npos);
  EXPECT_NE(notes[0].find("names no cable"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
