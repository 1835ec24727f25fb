// The --plan-only writers on a plan worked out by hand: h1 and h2 on one switch s1, h1's
// cable the suspect. The only pairs are h1 -> h2 (crosses h1 -> s1) and h2 -> h1 (crosses
// s1 -> h1); no pair avoids the suspect, so neither direction has a control; the two probes
// share both hosts, so two rounds, and two probes use h1's cable: lower bound 2.

#include "ibatlas/probe/plan_report.hpp"

#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

using test::Net;

struct OneSwitch {
  Net net;
  NodeId s1 = net.sw("s1");          // GUID 0x1000, LID 1
  NodeId h1 = net.ca("h1\xff");      // 0x2010, LID 2: not UTF-8
  NodeId h2 = net.ca("h2\x1b[31m");  // 0x2020, LID 3: a terminal escape
  Fabric f;
  ProbePlan plan;

  OneSwitch() {
    net.link(h1, 1, s1, 1);
    net.link(h2, 1, s1, 2);
    net.routes(s1, {{2, 1}, {3, 2}});
    f = net.build();
    PortId h1_port = *f.find_port(h1, 1);
    std::vector<SuspectLink> suspects{SuspectLink{h1_port, *f.port(h1_port).peer, "--link"}};
    plan = plan_probes(f, suspects, PlanOptions{});
  }
};

TEST(PlanReportTest, TextOneLinePerDirection) {
  OneSwitch o;
  std::ostringstream out;
  write_plan_text(o.f, o.plan, out);
  // Two probes per direction are wanted, from different host pairs; there is only {h1, h2}.
  std::string none =
      "; controls none; only 1 host pair(s) cross it; no control pair of the same hop count "
      "avoids every suspect\n";
  EXPECT_EQ(out.str(),
            "probe plan: 1 suspect link(s), 2 probe(s), 0 of them control(s)\n"
            "suspect 1 \"h1\\xff\" port 1 -> \"s1\" port 1 (--link): probes #0 \"h1\\xff\" port 1 "
            "-> \"h2\\x1b[31m\" port 1 dlid 3 2 hops" +
                none +
                "suspect 1 \"s1\" port 1 -> \"h1\\xff\" port 1 (--link): probes #1 "
                "\"h2\\x1b[31m\" port 1 -> \"h1\\xff\" port 1 dlid 2 2 hops" +
                none + "rounds: 2 (lower bound 2)\n");
}

TEST(PlanReportTest, JsonFields) {
  OneSwitch o;
  std::ostringstream out;
  write_plan_json(o.f, o.plan, out);
  nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["schema"], "ibatlas.probe-plan/1");
  ASSERT_EQ(j["suspects"].size(), 1U);
  EXPECT_EQ(j["suspects"][0]["a"]["guid"], "0x0000000000002010");
  EXPECT_EQ(j["suspects"][0]["a"]["port"], 1);
  EXPECT_EQ(j["suspects"][0]["a"]["name"], "h1\xEF\xBF\xBD");  // U+FFFD for the bad byte
  EXPECT_EQ(j["suspects"][0]["b"]["guid"], "0x0000000000001000");
  EXPECT_EQ(j["suspects"][0]["reason"], "--link");
  ASSERT_EQ(j["probes"].size(), 2U);
  const nlohmann::json& p = j["probes"][0];
  EXPECT_EQ(p["from"]["name"], "h1\xEF\xBF\xBD");
  EXPECT_EQ(p["to"]["name"], "h2\x1b[31m");
  EXPECT_EQ(p["to"]["guid"], "0x0000000000002020");
  EXPECT_EQ(p["dlid"], 3);
  EXPECT_EQ(p["hops"], 2);
  EXPECT_EQ(p["control"], false);
  EXPECT_EQ(p["forward"], nlohmann::json::parse(R"([{"guid": "0x0000000000002010", "port": 1},
                                                     {"guid": "0x0000000000001000", "port": 2}])"));
  EXPECT_EQ(p["reverse"], nlohmann::json::parse(R"([{"guid": "0x0000000000002020", "port": 1},
                                                     {"guid": "0x0000000000001000", "port": 1}])"));
  ASSERT_EQ(j["coverage"].size(), 2U);
  EXPECT_EQ(j["coverage"][0]["suspect"], 0);
  EXPECT_EQ(j["coverage"][0]["direction"], 0);
  EXPECT_EQ(j["coverage"][0]["probes"], nlohmann::json::parse("[0]"));
  EXPECT_EQ(j["coverage"][1]["direction"], 1);
  EXPECT_EQ(j["coverage"][1]["probes"], nlohmann::json::parse("[1]"));
  EXPECT_EQ(j["coverage"][1]["controls"], nlohmann::json::array());
  EXPECT_EQ(j["coverage"][1]["identifiable"], true);
  EXPECT_EQ(j["rounds"], nlohmann::json::parse("[[0], [1]]"));
  EXPECT_EQ(j["round_lower_bound"], 2);
  EXPECT_EQ(j["notes"], nlohmann::json::array());
}

}  // namespace
}  // namespace ibatlas
