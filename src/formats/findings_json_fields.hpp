#pragma once

// Private to src/formats: the field names of the findings JSON schema that its writer
// (findings_json.cpp) and reader (findings_json_reader.cpp) share.

#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"

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

// "0x0002c903000e0b72".
inline std::string guid_text(Guid guid) {
  char buffer[19];
  std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(guid));
  return buffer;
}

}  // namespace ibatlas::findings_json
