// Every text report with node descriptions (and sources) that hold terminal escapes: an SGR
// colour (ESC [31m) and an OSC title change (ESC ]0;pwned BEL). The text must reach the
// terminal with neither byte, and show the escapes as "\x1b" and "\x07".

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/diff/diff_report.hpp"
#include "ibatlas/diff/history.hpp"
#include "ibatlas/report/check_report.hpp"
#include "ibatlas/report/diff_text.hpp"
#include "ibatlas/report/history_text.hpp"
#include "ibatlas/report/routes_report.hpp"
#include "ibatlas/report/show_report.hpp"
#include "ibatlas/report/worklist.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

constexpr const char* kSgr = "\x1b[31mred";
constexpr const char* kOsc = "\x1b]0;pwned\x07";

void expect_escaped(const std::string& text) {
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
  EXPECT_NE(text.find("\\x1b[31mred"), std::string::npos) << text;
  EXPECT_NE(text.find("\\x1b]0;pwned\\x07"), std::string::npos) << text;
}

// A switch named with the SGR sequence, a host with the OSC one, cabled once.
Fabric hostile(const std::string& host_description = kOsc) {
  test::Sketch s;
  NodeId sw = s.sw(kSgr, 0x1);
  s.cable(s.ca(host_description, 0x10), 1, sw, 1);
  Provenance p;
  p.source = std::string("dump") + kOsc + ".topo";
  p.format = "ibnetdiscover";
  s.builder().set_provenance(p);
  return s.build();
}

Finding link_finding(const std::string& check) {
  Finding f;
  f.check = check;
  f.severity = Severity::Error;
  f.location = {LocationKind::Link, Endpoint{0x1, 1, kSgr}, Endpoint{0x10, 1, kOsc}};
  f.message = std::string("link to ") + kOsc + " is down";
  f.hint = std::string("reseat the cable at ") + kSgr;
  return f;
}

TEST(TextOutputTest, CheckTableEscapesNamesMessagesAndHints) {
  std::ostringstream out;
  std::vector<Finding> findings = {link_finding("port.down")};
  write_check_text(hostile(), findings, TextStyle{}, out);
  expect_escaped(out.str());
}

TEST(TextOutputTest, CheckTableInColourKeepsOnlyItsOwnColourCodes) {
  std::ostringstream out;
  std::vector<Finding> findings = {link_finding("port.down")};
  write_check_text(hostile(), findings, TextStyle{.colour = true}, out);
  EXPECT_EQ(out.str().find("\x1b]"), std::string::npos);
  EXPECT_EQ(out.str().find("\x1b[31m"), std::string::npos);  // ours is "\x1b[1;31m"
  EXPECT_NE(out.str().find("\\x1b[31mred"), std::string::npos);
}

TEST(TextOutputTest, WorklistEscapesNamesAndHints) {
  std::ostringstream out;
  std::vector<Finding> findings = {link_finding("port.down")};
  write_worklist(findings, out);
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("# \\x1b[31mred (0x0000000000000001)\n"), std::string::npos)
      << out.str();
}

TEST(TextOutputTest, RoutesTextEscapesPortNamesAndFindings) {
  Fabric f = hostile();
  PortId sw_port = test::port_of(f, 0x1, 1);
  PortId host_port = test::port_of(f, 0x10, 1);
  RouteReport report;
  report.balance.degraded.push_back({sw_port, host_port, 1, 1});
  report.credit_loops.push_back({{sw_port, host_port}, 0});
  std::ostringstream out;
  write_routes_text(f, {std::string("read from ") + kOsc, 1, 1}, report,
                    {link_finding("route.loop")}, TextStyle{}, out);
  expect_escaped(out.str());
  EXPECT_NE(out.str().find("\\x1b[31mred[1] <-> \\x1b]0;pwned\\x07[1]"), std::string::npos)
      << out.str();
}

TEST(TextOutputTest, ShowEscapesTheSource) {
  Fabric f = hostile();
  std::ostringstream out;
  write_show_text(FabricSummary{}, f.provenance(), out);
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("source:    dump\\x1b]0;pwned\\x07.topo (ibnetdiscover)\n"),
            std::string::npos)
      << out.str();
}

TEST(TextOutputTest, DiffTextEscapesDescriptionsAndSources) {
  Fabric before = hostile(std::string(kSgr) + " HCA-1");
  Fabric after = hostile(std::string(kOsc) + " HCA-1");
  std::ostringstream out;
  write_diff_text(diff_fabrics(before, after), TextStyle{}, out);
  expect_escaped(out.str());
}

TEST(TextOutputTest, HistoryTextEscapesNamesAndDescriptions) {
  Fabric first = hostile();
  test::Sketch s;
  s.sw(kSgr, 0x1);  // the host is gone
  Fabric second = s.build();
  std::vector<HistorySnapshot> snapshots = {{std::string("one") + kOsc, 1, &first},
                                            {"two", 2, &second}};
  std::ostringstream out;
  write_history_text(build_history(snapshots), TextStyle{}, out);
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find('\x07'), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("#0 one\\x1b]0;pwned\\x07"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\"\\x1b]0;pwned\\x07\" (CA)"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace ibatlas
