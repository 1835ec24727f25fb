// The findings JSON schema "ibatlas.findings/1": what is written reads back equal, the
// fields are where docs/formats.md says, and any other shape is refused with its JSON path.

#include "ibatlas/formats/findings_json.hpp"

#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

Endpoint end(Guid guid, std::optional<std::uint8_t> port, std::string name) {
  return Endpoint{guid, port, std::move(name)};
}

// One finding of each location kind, and a plan end that names no fabric node.
std::vector<Finding> every_kind() {
  std::vector<Finding> f(5);
  f[0] = {"link.degraded",
          Severity::Error,
          Location{LocationKind::Link, end(0x10, 3, "leaf1"), end(0x20, 7, "spine1")},
          "1xHDR",
          "4xHDR",
          "reseat the cable",
          "runs 1xHDR"};
  f[1] = {"port.not_active",
          Severity::Error,
          Location{LocationKind::Port, end(0x10, 5, "leaf1"), end(0x1000, 1, "host1 HCA-1")},
          "Init",
          "Active",
          "start the SM",
          "stuck in Init"};
  f[2] = {"node.duplicate_description", Severity::Warning,
          Location{LocationKind::Node, end(0x30, std::nullopt, "twin"), std::nullopt}};
  f[3] = {"counter.no_interval", Severity::Info, Location{}, "", "", "", "no time"};
  f[4] = {"plan.missing", Severity::Error,
          Location{LocationKind::Link, end(0x10, 9, "leaf1"),
                   Endpoint{std::nullopt, 2, "rack9-node3"}}};
  return f;
}

std::string write(const FindingsDocument& doc) {
  std::ostringstream out;
  write_findings_json(doc, out);
  return out.str();
}

TEST(FindingsJsonTest, RoundTripsEveryLocationKind) {
  FindingsDocument doc{"check", "fabric.topo", "ibnetdiscover", every_kind(), ""};
  FindingsDocument back = read_findings_json(write(doc), "f.json");
  EXPECT_EQ(back.command, "check");
  EXPECT_EQ(back.source, "fabric.topo");
  EXPECT_EQ(back.format, "ibnetdiscover");
  EXPECT_EQ(back.findings, doc.findings);
  EXPECT_TRUE(back.report.empty());
}

TEST(FindingsJsonTest, FieldsAreWhereTheDocsSayAndTheReportIsKept) {
  FindingsDocument doc{"routes", "s", "xml", every_kind(), R"({"validation":{"pairs":56}})"};
  std::string text = write(doc);
  nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["schema"], "ibatlas.findings/1");
  EXPECT_EQ(j["summary"]["findings"], 5);
  EXPECT_EQ(j["summary"]["errors"], 3);
  EXPECT_EQ(j["summary"]["warnings"], 1);
  EXPECT_EQ(j["summary"]["info"], 1);
  const nlohmann::json& link = j["findings"][0];
  EXPECT_EQ(link["docs"], "docs/checks.md#linkdegraded");
  EXPECT_EQ(link["location"]["kind"], "link");
  EXPECT_EQ(link["location"]["text"], "leaf1 port 3 <-> spine1 port 7");
  EXPECT_EQ(link["location"]["here"]["node_guid"], "0x0000000000000010");
  EXPECT_EQ(link["location"]["peer"]["port"], 7);
  EXPECT_TRUE(j["findings"][3]["location"]["here"].is_null());               // fabric-wide
  EXPECT_TRUE(j["findings"][2]["location"]["here"]["port"].is_null());       // a node
  EXPECT_TRUE(j["findings"][4]["location"]["peer"]["node_guid"].is_null());  // plan name
  EXPECT_EQ(j["report"]["validation"]["pairs"], 56);
  EXPECT_EQ(read_findings_json(text, "f.json").report, R"({"validation":{"pairs":56}})");
}

TEST(FindingsJsonTest, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  std::vector<Finding> f = every_kind();
  f[0].location.here.name = "leaf\xff";
  FindingsDocument back = read_findings_json(write({"check", "s", "f", f, ""}), "f.json");
  EXPECT_EQ(back.findings[0].location.here.name, "leaf\xef\xbf\xbd");
}

TEST(FindingsJsonTest, NotJsonIsAParseErrorWithTheLine) {
  try {
    read_findings_json("{\n  \"findings\": [\n  oops\n", "f.json");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "f.json");
    EXPECT_EQ(e.line(), 3u);
  }
}

// A valid document with one finding, as text, for the cases below to break.
std::string valid() {
  return write({"check", "s", "f", {every_kind()[0]}, ""});
}

std::string edited(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json j = nlohmann::json::parse(valid());
  edit(j);
  return j.dump();
}

TEST(FindingsJsonTest, EveryOtherShapeIsRefusedWithItsPath) {
  using J = nlohmann::json;

  struct Case {
    const char* name;
    std::string text;
    const char* message;  // what() after "f.json: "
  };

  const Case cases[] = {
      {"not an object", "[1, 2]", "$: expected an object, found [1,2]"},
      {"check --json before the schema", edited([](J& j) { j.erase("schema"); }),
       "$.schema: expected a value, found nothing (the field is missing)"},
      {"routes --json before the schema", R"({"source": "s", "tables": {}, "findings": []})",
       "$: expected only the fields of the schema, found \"tables\""},
      {"a later version", edited([](J& j) { j["schema"] = "ibatlas.findings/2"; }),
       "$.schema: expected \"ibatlas.findings/1\" (the version this ibatlas reads), found "
       "\"ibatlas.findings/2\""},
      {"a bad severity", edited([](J& j) { j["findings"][0]["severity"] = "fatal"; }),
       "$.findings[0].severity: expected \"error\", \"warning\" or \"info\", found "
       "\"fatal\""},
      {"a port out of range",
       edited([](J& j) { j["findings"][0]["location"]["here"]["port"] = 300; }),
       "$.findings[0].location.here.port: expected a port number 0..255 or null, found 300"},
      {"a GUID that is not hex",
       edited([](J& j) { j["findings"][0]["location"]["peer"]["node_guid"] = "0xzz"; }),
       "$.findings[0].location.peer.node_guid: expected a GUID like \"0x0002c903000e0b72\" or "
       "null, found \"0xzz\""},
      {"a link without its other end",
       edited([](J& j) { j["findings"][0]["location"]["peer"] = nullptr; }),
       "$.findings[0].location.peer: expected the other end of the link, found null"},
      {"a field the schema lacks", edited([](J& j) { j["findings"][0]["where"] = "x"; }),
       "$.findings[0]: expected only the fields of the schema, found \"where\""},
      {"a summary that does not count the findings",
       edited([](J& j) { j["summary"]["errors"] = 2; }),
       "$.summary.errors: expected 1 (what \"findings\" holds), found 2"},
      {"a report that is not an object", edited([](J& j) { j["report"] = 3; }),
       "$.report: expected an object, found 3"},
  };
  for (const Case& c : cases) {
    try {
      read_findings_json(c.text, "f.json");
      ADD_FAILURE() << c.name << ": no error";
    } catch (const ParseError& e) {
      ADD_FAILURE() << c.name << ": a parse error: " << e.what();
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), std::string("f.json: ") + c.message) << c.name;
    }
  }
}

TEST(FindingsJsonTest, HugeNumbersAndDeepNestingAreBadInputNotACrash) {
  EXPECT_THROW(read_findings_json(R"({"schema": 1e999})", "f.json"), Error);
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_THROW(read_findings_json(deep, "f.json"), Error);
}

}  // namespace
}  // namespace ibatlas
