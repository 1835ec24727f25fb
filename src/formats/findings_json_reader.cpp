// Reading the findings JSON schema strictly: a document of another shape (an older
// `routes --json`, a hand-edited file) must be refused with the place that is wrong, never
// read into findings without their locations. Every error names a JSON path.

#include <algorithm>
#include <span>

#include <nlohmann/json.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/findings_json.hpp"

#include "formats/findings_json_fields.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::json;
using findings_json::kLocationKinds;

// Deeper than any document of the schema (a finding's endpoint is at depth 5).
constexpr int kMaxDepth = 16;

// How much of a JSON value an error message shows.
constexpr std::size_t kShownBytes = 40;

// One place in the document, for messages: "$.findings[2].location".
class Path {
 public:
  Path(const std::string& file, std::string path) : file_(file), path_(std::move(path)) {}

  Path key(std::string_view name) const { return Path(file_, path_ + "." + std::string(name)); }

  Path index(std::size_t i) const { return Path(file_, path_ + "[" + std::to_string(i) + "]"); }

  [[noreturn]] void fail(const std::string& expected, const std::string& found) const {
    throw Error(file_ + ": " + path_ + ": expected " + expected + ", found " + found);
  }

  // A string as quote_found shows input ("fatal"); anything else as JSON (300, null), cut.
  [[noreturn]] void fail(const std::string& expected, const Json& found) const {
    if (found.is_string()) {
      fail(expected, quote_found(found.get<std::string>()));
    }
    std::string json = found.dump(-1, ' ', false, Json::error_handler_t::replace);
    fail(expected, json.size() <= kShownBytes ? json : json.substr(0, kShownBytes) + "...");
  }

 private:
  const std::string& file_;
  std::string path_;
};

// `j` must be an object with exactly these keys (optional ones may be left out).
void expect_keys(const Path& at, const Json& j, std::span<const std::string_view> keys,
                 std::span<const std::string_view> optional = {}) {
  if (!j.is_object()) {
    at.fail("an object", j);
  }
  for (const auto& item : j.items()) {
    if (std::find(keys.begin(), keys.end(), item.key()) == keys.end()) {
      at.fail("only the fields of the schema", quote_found(item.key()));
    }
  }
  for (std::string_view key : keys) {
    bool may_lack = std::find(optional.begin(), optional.end(), key) != optional.end();
    if (!may_lack && !j.contains(key)) {
      at.key(key).fail("a value", std::string("nothing (the field is missing)"));
    }
  }
}

std::string string_value(const Path& at, const Json& j) {
  if (!j.is_string()) {
    at.fail("a string", j);
  }
  return j.get<std::string>();
}

std::size_t count(const Path& at, const Json& j) {
  if (!j.is_number_unsigned()) {
    at.fail("a count (an integer >= 0)", j);
  }
  return j.get<std::size_t>();
}

std::optional<Guid> guid(const Path& at, const Json& j) {
  if (j.is_null()) {
    return std::nullopt;
  }
  std::string s = string_value(at, j);
  std::optional<std::uint64_t> value =
      text::starts_with(s, "0x") ? text::parse_hex(s) : std::nullopt;
  if (!value) {
    at.fail("a GUID like \"0x0002c903000e0b72\" or null", j);
  }
  return *value;
}

std::optional<std::uint8_t> port(const Path& at, const Json& j) {
  if (j.is_null()) {
    return std::nullopt;
  }
  if (!j.is_number_unsigned() || j.get<std::uint64_t>() > 255) {
    at.fail("a port number 0..255 or null", j);
  }
  return static_cast<std::uint8_t>(j.get<std::uint64_t>());
}

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

std::size_t line_of(std::string_view text, std::size_t byte) {
  byte = std::min(byte, text.size());
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + byte, '\n'));
}

Json parse(std::string_view text, const std::string& file) {
  auto shallow = [](int depth, Json::parse_event_t, Json&) {
    if (depth > kMaxDepth) {
      throw Error("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), shallow);
  } catch (const Json::parse_error& e) {
    std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
    throw ParseError(file, line_of(text, at), "JSON (ibatlas findings)",
                     quote_found(text.substr(at, 20)));
  } catch (const Json::exception& e) {  // numbers out of range, e.g. 1e999
    throw Error(file + ": expected JSON numbers a double or a 64-bit integer holds, found " +
                quote_found(e.what()));
  } catch (const Error& e) {
    throw Error(file + ": expected JSON of the findings schema, found " + e.what());
  }
}

}  // namespace

FindingsDocument read_findings_json(std::string_view text, const std::string& file) {
  Json doc = parse(text, file);
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
