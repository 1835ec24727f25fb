#pragma once

// The one findings JSON schema, "ibatlas.findings/1", that every command reporting findings
// writes (`check --json`, `routes --json`, and every later one) and that everything reading
// findings accepts (`render --findings`). docs/formats.md, "Findings JSON", documents it
// field by field. A command's own figures (routes' validation counts, say) go under
// "report", which readers of findings pass over.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

inline constexpr std::string_view kFindingsSchema = "ibatlas.findings/1";

struct FindingsDocument {
  std::string command;  // the command that wrote it: "check", "routes"
  std::string source;   // the snapshot's provenance: where it came from, and its format
  std::string format;
  std::vector<Finding> findings;
  // A JSON object of the command's own figures, as text ("" for none). REQUIRES: an object.
  std::string report;
};

// Writes `document` as one JSON document and a newline. Text that is not UTF-8 (node
// descriptions are bytes from the fabric) is written with U+FFFD in place of bad bytes.
void write_findings_json(const FindingsDocument& document, std::ostream& out);

// Reads a document of this schema and nothing else. `file` names it in errors. Throws
// ParseError ("file:line: expected ...") for text that is not JSON, and Error
// ("file: $.findings[2].severity: expected ..., found ...") for JSON of another shape: a
// missing, unknown or mistyped field, another schema or version, a summary that does not
// match the findings, numbers out of range, nesting deeper than any finding needs. Unknown
// check ids are kept: a newer ibatlas may have written them.
FindingsDocument read_findings_json(std::string_view text, const std::string& file);

}  // namespace ibatlas
