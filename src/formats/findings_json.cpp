// Writing the findings JSON schema (docs/formats.md, "Findings JSON"). The reader is in
// findings_json_reader.cpp; both follow the one field list in that section.

#include "ibatlas/formats/findings_json.hpp"

#include <nlohmann/json.hpp>

#include "ibatlas/findings/registry.hpp"

#include "formats/findings_json_fields.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::ordered_json;

Json endpoint_json(const Endpoint& e) {
  Json j;
  j["node_guid"] = e.node_guid ? Json(text::guid_text(*e.node_guid)) : Json(nullptr);
  j["node"] = e.name;
  j["port"] = e.port ? Json(*e.port) : Json(nullptr);
  return j;
}

Json location_json(const Location& at) {
  Json j;
  j["kind"] = findings_json::kLocationKinds.at(static_cast<std::size_t>(at.kind));
  j["text"] = to_string(at);
  j["here"] = at.kind == LocationKind::Fabric ? Json(nullptr) : endpoint_json(at.here);
  j["peer"] = at.peer && at.kind != LocationKind::Fabric ? endpoint_json(*at.peer) : Json(nullptr);
  return j;
}

Json finding_json(const Finding& f) {
  Json j;
  j["check"] = f.check;
  j["severity"] = to_string(f.severity);
  j["docs"] = docs_anchor(f.check);
  j["location"] = location_json(f.location);
  j["measured"] = f.measured;
  j["expected"] = f.expected;
  j["hint"] = f.hint;
  j["message"] = f.message;
  return j;
}

}  // namespace

void write_findings_json(const FindingsDocument& document, std::ostream& out) {
  SeverityCounts counts = count_by_severity(document.findings);
  Json j;
  j["schema"] = kFindingsSchema;
  j["command"] = document.command;
  j["source"] = document.source;
  j["format"] = document.format;
  j["summary"] = {{"findings", document.findings.size()},
                  {"errors", counts.errors},
                  {"warnings", counts.warnings},
                  {"info", counts.infos}};
  j["findings"] = Json::array();
  for (const Finding& f : document.findings) {
    j["findings"].push_back(finding_json(f));
  }
  if (!document.report.empty()) {
    j["report"] = Json::parse(document.report);
  }
  // Node descriptions are bytes from the fabric, not always UTF-8: replace what is not.
  out << j.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
