// UFM NDT cabling design files as plans: the header variants UFM documents, the three port
// forms (`Port N`, `Blade B_Port A/N`, a host's `DEVICE NAME`), rows that plan no cable,
// cables listed both ways, bad input, and names resolved in a fabric. Expected values are
// counted by hand from the NDT rules in the UFM manual (NDT Plugin: "Blade N_Port i/j, where N
// is a leaf number, i is an internal ASIC number and j is a port number").

#include "ibatlas/formats/ndt_plan.hpp"

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "ibatlas/analysis/plan.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/plan_match.hpp"

#include "support/bad_input.hpp"
#include "support/fabric_sketch.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

constexpr std::string_view kNdt =
    "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
    "LEAF01,Port 21,DIR-A,Blade 16_Port 2/20,Data\n"
    "NODE01,NODE01 ibp11s0f0,LEAF01,Port 1, Data\n"
    "LEAF01,Port 22,LEAF02,Port 22,Data\n";

TEST(NdtPlanTest, ReadsTheThreePortForms) {
  NdtPlan p = read_ndt_plan(kNdt, "design.ndt");
  ASSERT_EQ(p.cables.size(), 3u);
  const NdtCable& director = p.cables[0];
  EXPECT_EQ(director.line, 2u);
  EXPECT_EQ(director.start.device, "LEAF01");
  EXPECT_EQ(director.start.kind, NdtPortKind::Switch);
  EXPECT_EQ(director.start.number, 21);
  EXPECT_EQ(director.end.kind, NdtPortKind::Director);
  EXPECT_EQ(director.end.blade, 16u);
  EXPECT_EQ(director.end.asic, 2u);
  EXPECT_EQ(director.end.number, 20);
  const NdtCable& host = p.cables[1];
  EXPECT_EQ(host.start.kind, NdtPortKind::Host);
  EXPECT_EQ(host.start.port, "NODE01 ibp11s0f0");
  EXPECT_EQ(host.start.number, 1);
  EXPECT_EQ(host.end.number, 1);
  EXPECT_EQ(p.cables[2].end.device, "LEAF02");
  EXPECT_EQ(p.skipped, 0u);
}

TEST(NdtPlanTest, FindsTheColumnsInAWideHeader) {
  // The full NDT layout: rack and location columns around the five, "#Fields:" prefix.
  NdtPlan p = read_ndt_plan(
      ",rack #,U height,#Fields:StartDevice,StartPort,StartDeviceLocation,EndDevice,EndPort,"
      "EndDeviceLocation,U height,LinkType,Speed\n"
      ",Rack 1,U41,SW-IB0,Port 3,R1,DIR-IB1,Blade 1_Port 1/7,R2,U25,Data,200000\n",
      "wide.ndt");
  ASSERT_EQ(p.cables.size(), 1u);
  EXPECT_EQ(p.cables[0].start.device, "SW-IB0");
  EXPECT_EQ(p.cables[0].start.number, 3);
  EXPECT_EQ(p.cables[0].end.blade, 1u);
  EXPECT_EQ(p.cables[0].end.number, 7);
}

TEST(NdtPlanTest, SkipsRowsThatPlanNoCable) {
  NdtPlan p = read_ndt_plan(
      "StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
      "SW1,Port 1,SW2,Port 1,Data\n"
      "SW1,Port 2,MGMT1,Port 1,Ethernet\n"
      "SW1,Port 3,,,Data\n"
      "\n"
      "# a comment\n",
      "p.ndt");
  EXPECT_EQ(p.cables.size(), 1u);
  EXPECT_EQ(p.skipped, 2u);
}

TEST(NdtPlanTest, ACableListedBothWaysIsOneCable) {
  NdtPlan p = read_ndt_plan(
      "#StartDevice,StartPort,EndDevice,EndPort,LinkType\r\n"
      "SW1,Port 1,DIR,Blade 3_Port 1/5,Data\r\n"
      "dir,Blade 03_Port 1/5,sw1,PORT 1,Data\r\n",
      "p.ndt");
  EXPECT_EQ(p.cables.size(), 1u);
}

TEST(NdtPlanTest, RejectsBadLinesNamingTheLine) {
  static constexpr std::string_view kValid =
      "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
      "SW1,Port 1,DIR,Blade 3_Port 1/5,Data\n"
      "SW1,Port 2,SW2,Port 2,Data\n"
      "H1,H1 mlx5_0,SW2,Port 3,Data\n";
  static constexpr test::BadInputCase kCases[] = {
      {"a port label", "SW1,Port 2,", "SW1,Port 1/2,", 3, "(a port label"},
      {"port 0", "SW2,Port 2,", "SW2,Port 0,", 3, "`Port N` (N 1-254)"},
      {"port 255", "SW2,Port 2,", "SW2,Port 255,", 3, "found \"Port 255\""},
      {"a blade without ASIC", "Blade 3_Port 1/5", "Blade 3_Port 5", 2, "`Blade B_Port A/N`"},
      {"garbage port", "SW1,Port 2,", "SW1,abra,", 3, "found \"abra\""},
      {"a host port of another device", "H1 mlx5_0", "H2 mlx5_0", 4, "found \"H2 mlx5_0\""},
      {"a missing column", "StartPort,", "Start,", 1, "column StartPort is missing"},
      {"no header", "#StartDevice,", "Device,", 1, "an NDT header"},
      {"too few fields", "SW1,Port 2,SW2,Port 2,Data", "SW1,Port 2,SW2", 3, "at least 4"},
      {"no start device", "SW1,Port 2,", ",Port 2,", 3, "a device name in column 1"},
      {"a port in two cables", "SW2,Port 2,", "DIR,Blade 3_Port 1/5,", 3,
       "each port in one cable, found \"DIR Blade 3_Port 1/5\" again (first on line 2)"},
      {"both ends one port", "SW2,Port 2,", "SW1,Port 2,", 3, "two different ports"},
      {"an open quote", "H1,H1 mlx5_0", "H1,\"H1 mlx5_0", 4, "a closing '\"'"},
  };
  test::expect_each_rejected(kValid, kCases, [](const std::string& text, const std::string& file) {
    static_cast<void>(read_ndt_plan(text, file));
  });
}

TEST(NdtPlanTest, AFileWithNoCableIsAnError) {
  try {
    read_ndt_plan("#StartDevice,StartPort,EndDevice,EndPort,LinkType\nA,Port 1,B,Port 1,Power\n",
                  "p.ndt");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              "p.ndt:3: expected at least one cable (a row of LinkType Data), found none (1 rows "
              "skipped)");
  }
}

TEST(NdtPlanTest, TellsAnNdtFromOtherFiles) {
  EXPECT_TRUE(looks_like_ndt_plan(kNdt));
  EXPECT_TRUE(looks_like_ndt_plan("\xEF\xBB\xBF# design v2\n\n#Fields:StartDevice,StartPort\n"));
  EXPECT_TRUE(looks_like_ndt_plan(",rack #,StartDevice,StartPort\n"));
  EXPECT_FALSE(looks_like_ndt_plan("node,port,peer_node,peer_port\n"));
  EXPECT_FALSE(looks_like_ndt_plan("Switch 36 \"S-0002c90300000100\"\n"));
  EXPECT_FALSE(looks_like_ndt_plan("# only a comment\n"));
  EXPECT_FALSE(looks_like_ndt_plan(""));
}

TEST(NdtPlanTest, NotAPlanNamesThePlanFormatsAndTheFirstLine) {
  ParseError e = not_a_plan_error("# notes\n\nfoo;bar\n", "x.txt");
  EXPECT_EQ(e.line(), 3u);
  std::string message = e.what();
  EXPECT_EQ(message.rfind("x.txt:3: expected a cabling plan (ibatlas plan CSV header", 0), 0u)
      << message;
  EXPECT_NE(message.find("UFM NDT CSV `#StartDevice,StartPort,"), std::string::npos);
  EXPECT_NE(message.find("or a fabric dump), found \"foo;bar\""), std::string::npos);
  EXPECT_EQ(not_a_plan_error("", "e.txt").line(), 1u);
}

// A leaf, a director with two line ASICs on blade 16 and a spine ASIC, and a host.
struct Sample {
  Fabric fabric;
  static constexpr Guid kLeaf = 0x101;
  static constexpr Guid kL16U1 = 0xa161;
  static constexpr Guid kL16U2 = 0xa162;
  static constexpr Guid kSpine = 0xa501;
  static constexpr Guid kHost = 0x1001;
};

Sample sample(int leaf_port_to_director = 20) {
  test::Sketch s;
  NodeId leaf = s.sw("MF0;leaf01:MQM8700/U1", Sample::kLeaf, 40);
  NodeId u1 = s.sw("MF0;dir-a:MCS8500/L16/U1", Sample::kL16U1, 40);
  NodeId u2 = s.sw("MF0;dir-a:MCS8500/L16/U2", Sample::kL16U2, 40);
  NodeId spine = s.sw("MF0;dir-a:MCS8500/S05/U1", Sample::kSpine, 40);
  NodeId host = s.ca("node01 ibp11s0f0", Sample::kHost);
  s.cable(leaf, 21, u2, leaf_port_to_director);
  s.cable(leaf, 1, host, 1);
  s.cable(u1, 21, spine, 1);
  s.cable(u2, 21, spine, 2);
  return Sample{s.build()};
}

TEST(NdtPlanTest, NamesResolveToTheNodesTheyDenote) {
  Sample f = sample();
  CablingPlan p = ndt_cabling_plan(read_ndt_plan(kNdt, "design.ndt"), f.fabric);
  ASSERT_EQ(p.cables.size(), 5u);  // three from the NDT, two links inside the director
  EXPECT_EQ(p.cables[0].a, (PlanEnd{"0x0000000000000101", 21, "LEAF01"}));
  EXPECT_EQ(p.cables[0].b, (PlanEnd{"0x000000000000a162", 20, "DIR-A/L16/U2"}));
  EXPECT_EQ(p.cables[0].line, 2u);
  EXPECT_EQ(p.cables[1].a.node, "0x0000000000001001");
  EXPECT_EQ(p.cables[1].a.port, 1);
  EXPECT_EQ(p.cables[2].b.node, "LEAF02");  // not in the fabric: the NDT name stays
  EXPECT_EQ(p.cables[3].line, 0u);
  EXPECT_EQ(p.cables[3].b.node, "0x000000000000a501");
}

TEST(NdtPlanTest, AnAbsentDirectorAsicKeepsItsNdtName) {
  Sample f = sample();
  CablingPlan p =
      ndt_cabling_plan(read_ndt_plan("#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
                                     "LEAF01,Port 30,DIR-A,Blade 17_Port 1/3,Data\n",
                                     "d.ndt"),
                       f.fabric);
  EXPECT_EQ(p.cables[0].b.node, "DIR-A/L17/U1");
}

TEST(NdtPlanTest, APlainPortOfADirectorIsAnError) {
  Sample f = sample();
  NdtPlan ndt = read_ndt_plan(
      "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
      "LEAF01,Port 21,DIR-A,Blade 16_Port 2/20,Data\n"
      "LEAF01,Port 22,dir-a,Port 5,Data\n",
      "d.ndt");
  try {
    static_cast<void>(ndt_cabling_plan(ndt, f.fabric));
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()),
              "d.ndt:3: expected a director port `Blade B_Port A/N` in EndPort (dir-a is a "
              "director in the fabric), found \"Port 5\"");
  }
}

std::vector<Finding> check_ndt(const Fabric& fabric, std::string_view ndt) {
  CablingPlan plan = ndt_cabling_plan(read_ndt_plan(ndt, "design.ndt"), fabric);
  return check_plan(fabric, plan, AuditOptions{});
}

TEST(NdtPlanTest, AFabricAsDesignedHasNoPlanFindings) {
  // LEAF02 is absent: one plan.missing and nothing else (no extra for the director's
  // internal links).
  std::vector<Finding> findings = check_ndt(sample().fabric, kNdt);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "plan.missing");
}

TEST(NdtPlanTest, ACableOnTheWrongDirectorPortIsMiswired) {
  std::vector<Finding> findings = check_ndt(sample(19).fabric,
                                            "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
                                            "LEAF01,Port 21,DIR-A,Blade 16_Port 2/20,Data\n"
                                            "NODE01,NODE01 ibp11s0f0,LEAF01,Port 1,Data\n");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].check, "plan.miswired");
  EXPECT_NE(findings[0].message.find("MF0;dir-a:MCS8500/L16/U2 port 19"), std::string::npos)
      << findings[0].message;
}

TEST(NdtPlanTest, ReadsTheLayoutNvidiasCreatorWrites) {
  // ndt_file_creator.py (UFM NDT plugin): whole node descriptions as devices, empty rack and
  // LinkType fields, a free port as a Disabled row.
  Sample f = sample();
  NdtPlan ndt = read_ndt_plan(
      "rack #,U height,#Fields:StartDevice,StartPort,StartDeviceLocation,EndDevice,EndPort,"
      "EndDeviceLocation,LinkType,State,Domain\n"
      ",,MF0;leaf01:MQM8700/U1,Port 1,,node01 ibp11s0f0,Port 1,,,Active,In-Scope\n"
      ",,MF0;leaf01:MQM8700/U1,Port 21,,MF0;dir-a:MCS8500/L16/U2,Port 20,,,Active,In-Scope\n"
      ",,MF0;leaf01:MQM8700/U1,Port 30,,,,,,Disabled,Disconnected\n",
      "generated_ndt.csv");
  EXPECT_EQ(ndt.skipped, 1u);
  CablingPlan p = ndt_cabling_plan(ndt, f.fabric);
  ASSERT_EQ(p.cables.size(), 4u);
  EXPECT_EQ(p.cables[0].a.node, "0x0000000000000101");
  EXPECT_EQ(p.cables[0].b.node, "0x0000000000001001");
  EXPECT_EQ(p.cables[1].b.node, "0x000000000000a162");
  EXPECT_EQ(p.cables[1].b.port, 20);
  EXPECT_TRUE(check_plan(f.fabric, p, AuditOptions{}).empty());
}

// The real director dump (../shared/realworld, read from there, never copied): NDT rows written
// by hand from its own lines are in place, and the director's internal links are planned as
// they are.
TEST(NdtPlanRealworldTest, RowsReadOffTheDirectorDumpAreInPlace) {
  std::string path = test::realworld("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt");
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << "no " << path;
  }
  Fabric fabric = read_fabric(read_file(path), path).fabric;
  CablingPlan plan = ndt_cabling_plan(
      read_ndt_plan(
          "#StartDevice,StartPort,EndDevice,EndPort,LinkType\n"
          // "MF0;sat11-0101-0927-20ib0:MQM8700/U1" [21] -> ".../L16/U2" [20]
          "SAT11-0101-0927-20IB0,Port 21,SAT11-0101-0903-01IB1-A,Blade 16_Port 2/20,Data\n"
          // "MF0;sat11-0101-0903-01ib1-A:MCS8500/L16/U2" [1] -> "...0927-01ib0..." [21]
          "SAT11-0101-0903-01IB1-A,Blade 16_Port 2/1,SAT11-0101-0927-01IB0,Port 21,Data\n"
          // 0927-20ib0 [1] -> "SAT111092710053 ibp11s0f0" [1]
          "SAT111092710053,SAT111092710053 ibp11s0f0,SAT11-0101-0927-20IB0,Port 1,Data\n"
          // ibp21s0f0 is on port 2, not 3
          "SAT111092710053,SAT111092710053 ibp21s0f0,SAT11-0101-0927-20IB0,Port 3,Data\n",
          "hand.ndt"),
      fabric);
  NameResolver resolver(fabric, nullptr);
  std::vector<MatchedCable> matched = match_plan(fabric, plan, resolver);
  ASSERT_GT(matched.size(), 4u);
  std::vector<bool> rows_in_place;
  for (std::size_t i = 0; i < 4; ++i) {
    rows_in_place.push_back(matched[i].in_place());
  }
  EXPECT_EQ(rows_in_place, (std::vector<bool>{true, true, true, false}));
  auto internal_in_place = [](const MatchedCable& c) { return c.plan->line == 0 && c.in_place(); };
  EXPECT_EQ(static_cast<std::size_t>(
                std::count_if(matched.begin() + 4, matched.end(), internal_in_place)),
            matched.size() - 4);
}

}  // namespace
}  // namespace ibatlas
