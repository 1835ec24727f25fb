#pragma once

// Private to src/formats: the field names of the findings JSON schema that its writer
// (findings_json.cpp) and reader (findings_json_reader.cpp) share.

#include <array>
#include <string_view>

namespace ibatlas::findings_json {

// Indexed by LocationKind.
constexpr std::array<std::string_view, 4> kLocationKinds = {"fabric", "node", "port", "link"};

constexpr std::array<std::string_view, 7> kDocumentKeys = {
    "schema", "command", "source", "format", "summary", "findings", "report"};
constexpr std::array<std::string_view, 4> kSummaryKeys = {"findings", "errors", "warnings", "info"};
constexpr std::array<std::string_view, 8> kFindingKeys = {
    "check", "severity", "docs", "location", "measured", "expected", "hint", "message"};
constexpr std::array<std::string_view, 4> kLocationKeys = {"kind", "text", "here", "peer"};
constexpr std::array<std::string_view, 3> kEndpointKeys = {"node_guid", "node", "port"};

}  // namespace ibatlas::findings_json
