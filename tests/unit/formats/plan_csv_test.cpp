// The cabling plan CSV reader: what it accepts, and the file:line message for what it
// rejects.

#include "ibatlas/formats/plan_csv.hpp"

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

std::string error_of(const std::string& text) {
  try {
    read_plan_csv(text, "plan.csv");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PlanCsvTest, ReadsCablesWithCommentsBlankLinesAndCrlf) {
  CablingPlan p = read_plan_csv(
      "# rack 7\r\n"
      "node,port,peer_node,peer_port\r\n"
      "\r\n"
      "leaf07,14,spine03,7\r\n"
      "  # spare\r\n"
      "leaf07, 15 ,host12 HCA-1,1\r\n",
      "plan.csv");
  EXPECT_EQ(p.source, "plan.csv");
  ASSERT_EQ(p.cables.size(), 2u);
  EXPECT_EQ(p.cables[0].a, (PlanEnd{"leaf07", 14, ""}));
  EXPECT_EQ(p.cables[0].b, (PlanEnd{"spine03", 7, ""}));
  EXPECT_EQ(p.cables[0].line, 4u);
  EXPECT_EQ(p.cables[1].b.node, "host12 HCA-1");
  EXPECT_EQ(p.cables[1].a.port, 15);
  EXPECT_FALSE(p.cables[0].width.has_value());
}

TEST(PlanCsvTest, ReadsOptionalWidthAndSpeedColumns) {
  CablingPlan p = read_plan_csv(
      "Node,Port,Peer_Node,Peer_Port,Width,Speed\n"
      "leaf1,1,spine1,1,4x,hdr\n"
      "leaf1,2,spine1,2,,\n",
      "p");
  ASSERT_EQ(p.cables.size(), 2u);
  EXPECT_EQ(p.cables[0].width, LinkWidth::X4);
  EXPECT_EQ(p.cables[0].speed, LinkSpeed::Hdr);
  EXPECT_FALSE(p.cables[1].width.has_value());
  EXPECT_FALSE(p.cables[1].speed.has_value());
}

TEST(PlanCsvTest, QuotedFieldsMayHoldCommasAndQuotes) {
  CablingPlan p = read_plan_csv(
      "node,port,peer_node,peer_port\n"
      "\"MF0;ib1:SX6036/U1\",3,\"odd, \"\"quoted\"\" name\",1\n",
      "p");
  ASSERT_EQ(p.cables.size(), 1u);
  EXPECT_EQ(p.cables[0].a.node, "MF0;ib1:SX6036/U1");
  EXPECT_EQ(p.cables[0].b.node, "odd, \"quoted\" name");
}

TEST(PlanCsvTest, RejectsWhatIsNotAPlan) {
  struct Case {
    std::string text;
    std::string message;
  };

  const Case cases[] = {
      {"", "plan.csv:1: expected the header \"node,port,peer_node,peer_port\", found end of file"},
      {"leaf1,1,spine1,1\n",
       "plan.csv:1: expected the header \"node,port,peer_node,peer_port[,width,speed]\", found "
       "\"leaf1,1,spine1,1\""},
      {"node,port,peer_node,peer_port\nleaf1,x,spine1,1\n",
       "plan.csv:2: expected a port number 1-254 in column 2, found \"x\""},
      {"node,port,peer_node,peer_port\nleaf1,255,spine1,1\n",
       "plan.csv:2: expected a port number 1-254 in column 2, found \"255\""},
      {"node,port,peer_node,peer_port\nleaf1,1,spine1\n",
       "plan.csv:2: expected 4 comma-separated fields, found 3 in \"leaf1,1,spine1\""},
      {"node,port,peer_node,peer_port\n,1,spine1,1\n",
       "plan.csv:2: expected a node name in column 1, found an empty field"},
      {"node,port,peer_node,peer_port,width,speed\nleaf1,1,spine1,1,3x,HDR\n",
       "plan.csv:2: expected a width (1x, 2x, 4x, 8x, 12x) or nothing in column 5, found \"3x\""},
      {"node,port,peer_node,peer_port,width,speed\nleaf1,1,spine1,1,4x,FAST\n",
       "plan.csv:2: expected a speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR) or nothing "
       "in column 6, found \"FAST\""},
      {"node,port,peer_node,peer_port\nleaf1,1,spine1,1\nleaf2,1,spine1,1\n",
       "plan.csv:3: expected each port planned once, found \"spine1\" port 1 again (first on "
       "line 2)"},
      {"node,port,peer_node,peer_port\nleaf1,1,leaf1,1\n",
       "plan.csv:2: expected a cable between two different ports, found \"leaf1,1,leaf1,1\""},
      {"node,port,peer_node,peer_port\n\"leaf1,1,spine1,1\n",
       "plan.csv:2: expected a closing '\"', found end of line"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(error_of(c.text), c.message) << c.text;
  }
}

TEST(PlanCsvTest, LoopbackBetweenTwoPortsOfOneSwitchIsFine) {
  EXPECT_EQ(read_plan_csv("node,port,peer_node,peer_port\nsw,19,sw,20\n", "p").cables.size(), 1u);
}

TEST(PlanCsvTest, RecognisesPlansByTheirHeader) {
  EXPECT_TRUE(looks_like_plan_csv("# plan\n\nnode,port,peer_node,peer_port\n"));
  EXPECT_TRUE(looks_like_plan_csv("NODE,PORT,PEER_NODE,PEER_PORT,WIDTH,SPEED\n"));
  EXPECT_FALSE(looks_like_plan_csv("Switch 36 \"S-0002c90300000100\"\n"));
  EXPECT_FALSE(looks_like_plan_csv(""));
}

TEST(PlanCsvTest, GoldenSnapshotBecomesAPlanByGuid) {
  test::Sketch s;
  NodeId leaf = s.sw("leaf", 0x0002c90300000100);
  s.cable(leaf, 1, s.ca("host", 0x0002c90300001000), 1, LinkWidth::X4, LinkSpeed::Edr);
  CablingPlan p = plan_from_fabric(s.build());
  ASSERT_EQ(p.cables.size(), 1u);
  EXPECT_EQ(p.cables[0].a, (PlanEnd{"0x0002c90300000100", 1, "leaf"}));
  EXPECT_EQ(p.cables[0].b, (PlanEnd{"0x0002c90300001000", 1, "host"}));
  EXPECT_EQ(p.cables[0].width, LinkWidth::X4);
  EXPECT_EQ(p.cables[0].speed, LinkSpeed::Edr);
}

}  // namespace
}  // namespace ibatlas
