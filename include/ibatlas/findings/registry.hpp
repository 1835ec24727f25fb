#pragma once

// The one registry of check ids: every check ibatlas runs, whatever command or analysis
// runs it, with its default severity, a title and where docs/checks.md explains it. A new
// analysis adds its ids here (and a section to docs/checks.md) before it emits them.

#include <span>
#include <string>
#include <string_view>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

struct CheckInfo {
  std::string_view id;
  Severity severity;  // the default; a finding may be milder or worse and says why
  std::string_view title;
};

// Where docs/checks.md documents `id`: "docs/checks.md#linkdegraded" (the anchor GitHub and
// most Markdown renderers give the heading "## `link.degraded`").
std::string docs_anchor(std::string_view id);

// Every check ibatlas runs, in documentation order. Ids never change once released.
std::span<const CheckInfo> all_checks();

// The registry entry for `id`, or nullptr.
const CheckInfo* find_check(std::string_view id);

}  // namespace ibatlas
