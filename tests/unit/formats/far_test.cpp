// The .far reader on a hand-written dump (the layout of ar-spec.md §4: CrackedPoly/Rapimt's
// ibfar.pest), the writer's round trip and attaching a dump to a fabric. What the reader
// refuses: far_refusals_test.cpp.

#include "ibatlas/formats/far.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_copy.hpp"

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

// Line numbers on the right; the expectations below are read off this text.
constexpr const char* kDump =
    "# ibdiagnet AR dump\n"                  // 1
    "File version: 2\n"                      // 2
    "\n"                                     // 3
    "Switch 0x0002c90300000001\n"            // 4
    "AR info: enabled, by SL mask 0xffff\n"  // 5: free text before the groups
    "Groups Definition: follow\n"            // 6: still free text (not the label alone)
    "Groups Definition:\n"                   // 7
    "Group   Sub Group   WHBF   Ports\n"     // 8
    "--------------------------------\n"     // 9
    "1       0           0      3,4,\n"      // 10
    "1       1           5      4, 3 ,\n"    // 11: unsorted, blanks inside the list
    "2\t0\t0\t\n"                            // 12: no port
    "\n"                                     // 13
    "LFT Definition:\n"                      // 14
    "PLFT_NUM: 0 , top: 0x0005\n"            // 15
    "LID   Static Port  Lid State  Group\n"  // 16
    "-----------------------------------\n"  // 17
    "0x0001  3  Free    1\n"                 // 18
    "0x0003  0  Static  0\n"                 // 19
    "0x0005  255  HBF   2\n"                 // 20
    "LFT Definition:\n"                      // 21
    "PLFT_NUM:1,top:0x2\n"                   // 22: blanks around tokens are optional
    "LID Static Port Lid State Group\n"      // 23
    "---\n"                                  // 24
    "0x2  4  bounded  1\n"                   // 25
    "Switch 0x0002c90300000002\n"            // 26
    "Groups Definition:\n"                   // 27
    "Group Sub Group WHBF Ports\n"           // 28
    "--\n"                                   // 29
    "LFT Definition:\n"                      // 30
    "PLFT_NUM: 0 , top: 0x0000\n"            // 31
    "LID Static Port Lid State Group\n"      // 32
    "-----\n"                                // 33
    "# end of dump\n";                       // 34

ArLftEntry entry(ArLidState state, std::uint8_t port, std::uint16_t group) {
  ArLftEntry e;
  e.state = state;
  e.default_port = port;
  e.group = group;
  return e;
}

ArGroup group(std::uint16_t number, std::uint8_t sub, std::uint32_t whbf,
              std::vector<std::uint8_t> ports) {
  ArGroup g;
  g.group = number;
  g.sub_group = sub;
  g.whbf = whbf;
  g.ports = std::move(ports);
  return g;
}

TEST(FarTest, ReadsAHandWrittenDumpFieldByField) {
  FarDump d = read_far(kDump, "t.far");
  EXPECT_EQ(d.version, 2U);
  ASSERT_EQ(d.switches.size(), 2U);

  const FarSwitch& s1 = d.switches[0];
  EXPECT_EQ(s1.guid, 0x0002c90300000001U);
  EXPECT_EQ(s1.line, 4U);
  EXPECT_EQ(s1.groups, (std::vector<ArGroup>{group(1, 0, 0, {3, 4}), group(1, 1, 5, {3, 4}),
                                             group(2, 0, 0, {})}));
  ASSERT_EQ(s1.lfts.size(), 2U);
  EXPECT_EQ(s1.lfts[0].plft, 0);
  ASSERT_EQ(s1.lfts[0].entries.size(), 6U);  // LIDs 0 .. top 5
  EXPECT_EQ(s1.lfts[0].entries[0], std::nullopt);
  EXPECT_EQ(s1.lfts[0].entries[1], entry(ArLidState::Free, 3, 1));
  EXPECT_EQ(s1.lfts[0].entries[2], std::nullopt);
  EXPECT_EQ(s1.lfts[0].entries[3], entry(ArLidState::Static, 0, 0));  // 0 kept as given
  EXPECT_EQ(s1.lfts[0].entries[4], std::nullopt);
  EXPECT_EQ(s1.lfts[0].entries[5], entry(ArLidState::Hbf, 255, 2));  // 255 kept as given
  EXPECT_EQ(s1.lfts[1].plft, 1);
  ASSERT_EQ(s1.lfts[1].entries.size(), 3U);
  EXPECT_EQ(s1.lfts[1].entries[2], entry(ArLidState::Bounded, 4, 1));

  const FarSwitch& s2 = d.switches[1];
  EXPECT_EQ(s2.guid, 0x0002c90300000002U);
  EXPECT_EQ(s2.line, 26U);
  EXPECT_TRUE(s2.groups.empty());
  ASSERT_EQ(s2.lfts.size(), 1U);
  EXPECT_EQ(s2.lfts[0].entries, (std::vector<std::optional<ArLftEntry>>{std::nullopt}));
}

TEST(FarTest, SortsPlftsAndGroupsAndTakesCrlf) {
  FarDump d = read_far(
      "File version: 1\r\nSwitch 0x0000000000000abc extra words\r\nGroups Definition:\r\n"
      "Group Sub Group WHBF Ports\r\n---\r\n7 0 0 1,\r\n3 2 0 2,\r\n3 1 0 9,\r\n"
      "LFT Definition:\r\nPLFT_NUM: 2 , top: 0x1\r\nLID Static Port Lid State Group\r\n"
      "---\r\n0x1 1 FREE 3\r\n"
      "LFT Definition:\r\nPLFT_NUM: 0 , top: 0x1\r\nLID Static Port Lid State Group\r\n"
      "---\r\n",
      "t.far");
  ASSERT_EQ(d.switches.size(), 1U);
  const FarSwitch& s = d.switches[0];
  EXPECT_EQ(s.guid, 0xabcU);
  ASSERT_EQ(s.groups.size(), 3U);
  EXPECT_EQ(s.groups[0], group(3, 1, 0, {9}));
  EXPECT_EQ(s.groups[1], group(3, 2, 0, {2}));
  EXPECT_EQ(s.groups[2], group(7, 0, 0, {1}));
  ASSERT_EQ(s.lfts.size(), 2U);
  EXPECT_EQ(s.lfts[0].plft, 0);
  EXPECT_EQ(s.lfts[1].plft, 2);
  EXPECT_EQ(s.lfts[1].entries[1], entry(ArLidState::Free, 1, 3));
}

TEST(FarTest, AVersionLineAloneHoldsNoSwitch) {
  EXPECT_TRUE(read_far("# nothing with AR\nFile version: 1\n\n", "t.far").switches.empty());
}

// A small linear congruential generator: the same "random" state on every run.
class Lcg {
 public:
  std::uint32_t next(std::uint32_t bound) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::uint32_t>(state_ >> 33) % bound;
  }

 private:
  std::uint64_t state_ = 14;
};

ArLft random_lft(Lcg& rng, std::uint8_t plft) {
  ArLft lft;
  lft.plft = plft;
  lft.entries.resize(1 + rng.next(40));
  for (std::optional<ArLftEntry>& e : lft.entries) {
    if (rng.next(3) != 0) {
      e = entry(static_cast<ArLidState>(rng.next(4)), static_cast<std::uint8_t>(rng.next(256)),
                static_cast<std::uint16_t>(rng.next(70000) % 65536));
    }
  }
  return lft;
}

SwitchAr random_ar(Lcg& rng, NodeId sw) {
  SwitchAr ar;
  ar.switch_node = sw;
  ar.lfts.push_back(random_lft(rng, 0));
  if (rng.next(2) == 1) {
    ar.lfts.push_back(random_lft(rng, static_cast<std::uint8_t>(1 + rng.next(255))));
  }
  for (std::uint16_t g = 0; g < 6; ++g) {
    for (std::uint8_t sub = 0; sub < 2; ++sub) {
      std::vector<std::uint8_t> ports;
      for (int p = 0; p <= 254; p += 1 + static_cast<int>(rng.next(60))) {
        ports.push_back(static_cast<std::uint8_t>(p));
      }
      ar.groups.push_back(
          group(static_cast<std::uint16_t>(g * 1000), sub, rng.next(UINT32_MAX), std::move(ports)));
    }
  }
  return ar;
}

// Three switches with AR state, one whose AR state has no LFT (not written), one without AR
// state; a CA.
struct ArFabric {
  test::Net net;
  NodeId s1 = net.sw("s1");
  NodeId s2 = net.sw("s2");
  NodeId s3 = net.sw("s3");
  NodeId s4 = net.sw("s4");
  NodeId s5 = net.sw("s5");
  NodeId h = net.ca("h");
  Fabric fabric;

  Guid guid(NodeId node) const { return fabric.node(node).guid; }

  ArFabric() {
    net.link(s1, 1, h, 1);
    Fabric bare = net.build();
    FabricBuilder b = from_fabric(bare);
    Lcg rng;
    for (NodeId sw : {s1, s2, s3}) {
      b.set_switch_ar(random_ar(rng, sw));
    }
    SwitchAr unread;
    unread.switch_node = s4;
    unread.support = ArSupport::NoAnswer;
    b.set_switch_ar(unread);
    fabric = std::move(b).build();
  }
};

TEST(FarTest, WriteThenReadGivesBackEveryLftAndGroup) {
  ArFabric t;
  ASSERT_TRUE(check_invariants(t.fabric).empty());
  std::ostringstream out;
  write_far(t.fabric, out);
  FarDump d = read_far(out.str(), "written");
  ASSERT_EQ(d.switches.size(), 3U);  // s4 has no LFT, s5 no AR state
  for (std::size_t i = 0; i < 3; ++i) {
    const SwitchAr& ar = t.fabric.adaptive_routing()[i];
    SCOPED_TRACE(i);
    EXPECT_EQ(d.switches[i].guid, t.fabric.node(ar.switch_node).guid);
    EXPECT_EQ(d.switches[i].lfts, ar.lfts);
    EXPECT_EQ(d.switches[i].groups, ar.groups);
  }
  // Attached to the fabric it came from, the dump changes nothing.
  FarAttachResult attached = attach_far(t.fabric, d, "written");
  EXPECT_EQ(attached.fabric, t.fabric);
}

TEST(FarTest, WriterLeavesOutWhatTheFormatCannotHold) {
  test::Net net;
  NodeId sw = net.sw("s");
  Fabric bare = net.build();
  SwitchAr ar;
  ar.switch_node = sw;
  ar.lfts.push_back(ArLft{0, {std::nullopt, entry(ArLidState::Free, 2, 1)}});
  ar.lfts[0].entries[1]->default_port.reset();  // the legacy table has none
  ar.lfts[0].entries[1]->table = 1;
  ar.groups.push_back(group(1, 0, 0, {2}));
  ar.groups[0].whbf.reset();
  ar.groups.push_back(group(1, 0, 0, {3}));
  ar.groups[1].table = 1;
  ar.groups.push_back(group(1, 0, 0, {4}));
  ar.groups[2].plft = 1;
  FabricBuilder b = from_fabric(bare);
  b.set_switch_ar(ar);
  std::ostringstream out;
  write_far(std::move(b).build(), out);
  FarDump d = read_far(out.str(), "written");
  ASSERT_EQ(d.switches.size(), 1U);
  EXPECT_EQ(d.switches[0].groups, (std::vector<ArGroup>{group(1, 0, 0, {2})}));
  EXPECT_EQ(d.switches[0].lfts[0].entries[1], entry(ArLidState::Free, 255, 1));
}

FarSwitch dumped(Guid guid, std::size_t line, std::uint8_t port) {
  FarSwitch s;
  s.guid = guid;
  s.line = line;
  s.lfts.push_back(ArLft{0, {std::nullopt, entry(ArLidState::Free, port, 1)}});
  s.groups.push_back(group(1, 0, 0, {port}));
  return s;
}

TEST(FarTest, AttachReportsUnknownAndMissingSwitches) {
  ArFabric t;
  FarDump d;
  d.switches.push_back(dumped(t.guid(t.s1), 4, 7));
  d.switches.push_back(dumped(0x0002c903000000ffU, 30, 1));  // no such node
  d.switches.push_back(dumped(t.guid(t.h), 50, 1));          // a CA
  FarAttachResult r = attach_far(t.fabric, d, "x.far");
  EXPECT_TRUE(check_invariants(r.fabric).empty());

  ASSERT_EQ(r.findings.size(), 6U);
  EXPECT_EQ(r.findings[0].check, "ar.unknown_switch");
  EXPECT_EQ(r.findings[0].severity, Severity::Warning);
  EXPECT_EQ(r.findings[0].location.kind, LocationKind::Fabric);
  EXPECT_EQ(r.findings[0].message,
            "x.far:30: the AR dump names 0x0002c903000000ff, which the fabric does not hold; its "
            "AR tables are not checked");
  EXPECT_EQ(r.findings[1].check, "ar.unknown_switch");
  EXPECT_NE(r.findings[1].message.find("x.far:50: "), std::string::npos);
  EXPECT_NE(r.findings[1].message.find("not a switch"), std::string::npos);
  // s2 .. s5 are not in the dump, in switch order.
  std::vector<NodeId> missing = {t.s2, t.s3, t.s4, t.s5};
  for (std::size_t i = 0; i < missing.size(); ++i) {
    const Finding& f = r.findings[2 + i];
    EXPECT_EQ(f.check, "ar.not_in_dump");
    EXPECT_EQ(f.severity, Severity::Info);
    EXPECT_EQ(f.location.kind, LocationKind::Node);
    EXPECT_EQ(f.location.here.node_guid, t.guid(missing[i]));
  }

  // s1's state is the dump's; the others keep what they had.
  const SwitchAr* s1 = r.fabric.adaptive_routing_of(t.s1);
  ASSERT_NE(s1, nullptr);
  EXPECT_EQ(s1->support, ArSupport::Supported);
  EXPECT_FALSE(s1->info.has_value());
  EXPECT_FALSE(s1->legacy_lft);
  EXPECT_EQ(s1->lfts, d.switches[0].lfts);
  EXPECT_EQ(s1->groups, d.switches[0].groups);
  EXPECT_EQ(*r.fabric.adaptive_routing_of(t.s2), *t.fabric.adaptive_routing_of(t.s2));
  EXPECT_EQ(r.fabric.adaptive_routing_of(t.s5), nullptr);
  EXPECT_EQ(r.fabric.adaptive_routing().size(), 4U);
}

TEST(FarTest, AttachWithEverySwitchDumpedFindsNothing) {
  ArFabric t;
  FarDump d;
  std::size_t line = 2;
  for (NodeId sw : {t.s5, t.s4, t.s3, t.s2, t.s1}) {
    d.switches.push_back(dumped(t.guid(sw), line, 1));
    line += 12;
  }
  FarAttachResult r = attach_far(t.fabric, d, "x.far");
  EXPECT_TRUE(r.findings.empty());
  EXPECT_EQ(r.fabric.adaptive_routing().size(), 5U);
  EXPECT_TRUE(check_invariants(r.fabric).empty());
}

}  // namespace
}  // namespace ibatlas
