// Reading the findings JSON schema strictly: a document of another shape (an older
// `routes --json`, a hand-edited file) must be refused with the place that is wrong, never
// read into findings without their locations. Every error names a JSON path.

#include <algorithm>
#include <span>

#include <nlohmann/json.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/findings_json.hpp"

#include "formats/findings_json_fields.hpp"
#include "strict_json.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using findings_json::kLocationKinds;
using namespace strict_json;  // NOLINT(google-build-using-namespace): the reader's vocabulary

// Deeper than any document of the schema (a finding's endpoint is at depth 5).
constexpr int kMaxDepth = 16;

Endpoint endpoint(const Path& at, const Json& j) {
  expect_keys(at, j, findings_json::kEndpointKeys);
  return Endpoint{guid(at.key("node_guid"), j.at("node_guid")), port(at.key("port"), j.at("port")),
                  string_value(at.key("node"), j.at("node"))};
}

LocationKind location_kind(const Path& at, const Json& j) {
  std::string kind = string_value(at, j);
  for (std::size_t i = 0; i < kLocationKinds.size(); ++i) {
    if (kind == kLocationKinds[i]) {
      return static_cast<LocationKind>(i);
    }
  }
  at.fail("\"fabric\", \"node\", \"port\" or \"link\"", j);
}

Location location(const Path& at, const Json& j) {
  expect_keys(at, j, findings_json::kLocationKeys);
  Location l;
  l.kind = location_kind(at.key("kind"), j.at("kind"));
  string_value(at.key("text"), j.at("text"));  // for people; the fields below are the location
  const Json& here = j.at("here");
  const Json& peer = j.at("peer");
  bool fabric = l.kind == LocationKind::Fabric;
  if (fabric != here.is_null()) {
    at.key("here").fail(fabric ? "null for a fabric-wide finding" : "an endpoint", here);
  }
  if ((fabric || l.kind == LocationKind::Node) && !peer.is_null()) {
    std::string kind(kLocationKinds.at(static_cast<std::size_t>(l.kind)));
    at.key("peer").fail("null for a " + kind + " finding", peer);
  }
  if (l.kind == LocationKind::Link && peer.is_null()) {
    at.key("peer").fail("the other end of the link", peer);
  }
  if (!fabric) {
    l.here = endpoint(at.key("here"), here);
  }
  if (!peer.is_null()) {
    l.peer = endpoint(at.key("peer"), peer);
  }
  return l;
}

Finding finding(const Path& at, const Json& j) {
  expect_keys(at, j, findings_json::kFindingKeys);
  Finding f;
  f.check = string_value(at.key("check"), j.at("check"));
  if (f.check.empty()) {
    at.key("check").fail("a check id", j.at("check"));
  }
  std::optional<Severity> severity =
      parse_severity(string_value(at.key("severity"), j.at("severity")));
  if (!severity) {
    at.key("severity").fail("\"error\", \"warning\" or \"info\"", j.at("severity"));
  }
  f.severity = *severity;
  string_value(at.key("docs"), j.at("docs"));
  f.location = location(at.key("location"), j.at("location"));
  f.measured = string_value(at.key("measured"), j.at("measured"));
  f.expected = string_value(at.key("expected"), j.at("expected"));
  f.hint = string_value(at.key("hint"), j.at("hint"));
  f.message = string_value(at.key("message"), j.at("message"));
  return f;
}

// The summary must count what the document holds: a file cut short or edited by hand
// shows here.
void check_summary(const Path& at, const Json& j, std::span<const Finding> findings) {
  expect_keys(at, j, findings_json::kSummaryKeys);
  SeverityCounts c = count_by_severity(findings);
  const std::pair<std::string_view, std::size_t> wanted[] = {{"findings", findings.size()},
                                                             {"errors", c.errors},
                                                             {"warnings", c.warnings},
                                                             {"info", c.infos}};
  for (const auto& [key, value] : wanted) {
    if (count(at.key(key), j.at(key)) != value) {
      at.key(key).fail(std::to_string(value) + " (what \"findings\" holds)", j.at(key));
    }
  }
}

void check_schema(const Path& at, const Json& j) {
  std::string schema = string_value(at, j);
  if (schema != kFindingsSchema) {
    at.fail("\"" + std::string(kFindingsSchema) + "\" (the version this ibatlas reads)", j);
  }
}

}  // namespace

FindingsDocument read_findings_json(std::string_view text, const std::string& file) {
  Json doc = parse(text, file, "JSON (ibatlas findings)", kMaxDepth);
  Path root(file, "$");
  expect_keys(root, doc, findings_json::kDocumentKeys, std::array<std::string_view, 1>{"report"});
  check_schema(root.key("schema"), doc.at("schema"));
  FindingsDocument d;
  d.command = string_value(root.key("command"), doc.at("command"));
  d.source = string_value(root.key("source"), doc.at("source"));
  d.format = string_value(root.key("format"), doc.at("format"));
  const Json& list = doc.at("findings");
  if (!list.is_array()) {
    root.key("findings").fail("an array of findings", list);
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    d.findings.push_back(finding(root.key("findings").index(i), list[i]));
  }
  check_summary(root.key("summary"), doc.at("summary"), d.findings);
  if (doc.contains("report")) {
    if (!doc.at("report").is_object()) {
      root.key("report").fail("an object", doc.at("report"));
    }
    d.report = doc.at("report").dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  return d;
}

}  // namespace ibatlas
