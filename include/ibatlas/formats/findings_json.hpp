#pragma once

// Reading back the findings `ibatlas check --json` wrote (for `render --findings FILE`).

#include <string>
#include <vector>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// `text` is the JSON document; `file` names it in errors. Throws ParseError for text that
// is not JSON, Error for a document that is not a check report ("file: finding 3: expected
// a severity, found ..."). Unknown check ids are kept: a newer ibatlas may have written them.
std::vector<Finding> read_findings_json(const std::string& text, const std::string& file);

}  // namespace ibatlas
