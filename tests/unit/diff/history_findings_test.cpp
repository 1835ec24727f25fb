// history's sm.flapping over hand-built series: two SM hosts A and B, each snapshot saying
// which one is master. Expected moves are read off the series as written.

#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/findings/registry.hpp"
#include "ibatlas/report/history_text.hpp"

namespace ibatlas {
namespace {

constexpr Guid kA = 0xa1;  // port GUIDs of the two SM hosts (node GUID = port GUID - 1)
constexpr Guid kB = 0xb1;

// A snapshot where `master` is master and the other one standby; nullopt: SMInfo not read.
// The times come from history_of: snapshot i at 1000 * (i + 1) s.
Fabric snapshot(std::optional<Guid> master) {
  FabricBuilder b;
  std::vector<SubnetManager> sms;
  for (Guid g : {kA, kB}) {
    Node n;
    n.guid = g - 1;
    n.port_count = 1;
    n.description = g == kA ? "smA HCA-1" : "smB HCA-1";
    NodeId id = b.add_node(n);
    Port p;
    p.number = 1;
    p.guid = g;
    b.add_port(id, p);
    SubnetManager sm;
    sm.port_guid = g;
    sm.guid = g;
    sm.priority = 5;
    sm.state = master == g ? SmState::Master : SmState::Standby;
    sms.push_back(sm);
  }
  if (master) {
    b.set_subnet_managers(sms);
  }
  return std::move(b).build();
}

History history_of(const std::vector<Fabric>& fabrics) {
  std::vector<HistorySnapshot> snapshots;
  for (std::size_t i = 0; i < fabrics.size(); ++i) {
    snapshots.push_back(HistorySnapshot{"s" + std::to_string(i),
                                        static_cast<std::int64_t>(1000 * (i + 1)), &fabrics[i]});
  }
  return build_history(std::move(snapshots));
}

TEST(HistoryFindingsTest, MasterMovingTwiceIsFlapping) {
  // A, B, B, A: A -> B at #1, B -> A at #3.
  std::vector<Fabric> fabrics;
  for (Guid m : {kA, kB, kB, kA}) {
    fabrics.push_back(snapshot(m));
  }
  History h = history_of(fabrics);
  std::vector<Finding> findings = history_findings(h);
  ASSERT_EQ(findings.size(), 1U);
  const Finding& f = findings[0];
  EXPECT_EQ(f.check, "sm.flapping");
  EXPECT_EQ(f.severity, find_check("sm.flapping")->severity);
  EXPECT_EQ(f.severity, Severity::Warning);
  // At the last master's port: A's node, port 1, in the snapshot it was first seen in.
  EXPECT_EQ(f.location.kind, LocationKind::Port);
  EXPECT_EQ(f.location.here.node_guid, kA - 1);
  EXPECT_EQ(f.location.here.port, 1);
  EXPECT_EQ(f.measured, "master changed 2 times");
  EXPECT_EQ(f.expected, "at most one change");
  EXPECT_EQ(f.message,
            "the master SM moved 2 times: 0x00000000000000a1 -> 0x00000000000000b1 at #1 "
            "(1970-01-01T00:33:20Z); 0x00000000000000b1 -> 0x00000000000000a1 at #3 "
            "(1970-01-01T01:06:40Z)");
}

TEST(HistoryFindingsTest, MasterMovingOnceIsNoFinding) {
  std::vector<Fabric> fabrics;
  for (Guid m : {kA, kA, kB, kB}) {
    fabrics.push_back(snapshot(m));
  }
  History h = history_of(fabrics);
  EXPECT_EQ(h.sm_masters.size(), 1U);
  EXPECT_TRUE(history_findings(h).empty());
}

TEST(HistoryFindingsTest, SnapshotsWithoutSmInfoAreSkipped) {
  // A, (not read), A, (not read): no move, however the unread ones look.
  std::vector<Fabric> fabrics;
  fabrics.push_back(snapshot(kA));
  fabrics.push_back(snapshot(std::nullopt));
  fabrics.push_back(snapshot(kA));
  fabrics.push_back(snapshot(std::nullopt));
  EXPECT_TRUE(history_findings(history_of(fabrics)).empty());
}

TEST(HistoryFindingsTest, NoMasterAtTheEndIsAtTheFabric) {
  // A, B, then no SM says master: two moves, the last to "no master".
  std::vector<Fabric> fabrics;
  fabrics.push_back(snapshot(kA));
  fabrics.push_back(snapshot(kB));
  fabrics.push_back(snapshot(Guid{0x99}));  // SMInfo read, neither A nor B master
  std::vector<Finding> findings = history_findings(history_of(fabrics));
  ASSERT_EQ(findings.size(), 1U);
  EXPECT_EQ(findings[0].location.kind, LocationKind::Fabric);
  EXPECT_NE(findings[0].message.find("0x00000000000000b1 -> no master at #2"), std::string::npos)
      << findings[0].message;
}

TEST(HistoryFindingsTest, TextEndsWithTheFindingsList) {
  std::vector<Fabric> fabrics;
  for (Guid m : {kA, kB, kA}) {
    fabrics.push_back(snapshot(m));
  }
  std::ostringstream out;
  write_history_text(history_of(fabrics), TextStyle{}, out);
  std::string text = out.str();
  EXPECT_NE(text.find("master SM changes (2):"), std::string::npos) << text;
  std::size_t list = text.find("\n1 findings (0 errors, 1 warnings, 0 info)\n");
  ASSERT_NE(list, std::string::npos) << text;
  // The findings table: a header, then the finding's row (columns padded to the widest cell)
  // and its fix under the location.
  EXPECT_TRUE(std::regex_search(text.substr(list),
                                std::regex(R"(\nSEVERITY +CHECK +LOCATION +MESSAGE\n)"
                                           R"(warning +sm\.flapping +smA HCA-1 port 1 +\S[^\n]*\n)"
                                           R"( +fix: )")))
      << text;
}

}  // namespace
}  // namespace ibatlas
