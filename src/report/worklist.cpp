#include "ibatlas/report/worklist.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

bool on_worklist(const Finding& finding) {
  constexpr std::array<std::string_view, 6> kHands = {"plan.missing",  "plan.miswired",
                                                      "plan.extra",    "plan.wrong_speed",
                                                      "link.degraded", "port.down"};
  return std::find(kHands.begin(), kHands.end(), finding.check) != kHands.end() &&
         finding.location.kind != LocationKind::Fabric;
}

void write_worklist(std::span<const Finding> findings, std::ostream& out) {
  std::vector<Finding> work;
  for (const Finding& f : findings) {
    if (on_worklist(f)) {
      work.push_back(f);
      work.back().severity = Severity::Error;  // order by place only
    }
  }
  sort_findings(work);
  if (work.empty()) {
    out << "nothing to do\n";
    return;
  }
  // Names and hints hold node descriptions: escaped, so they cannot drive the terminal.
  const Endpoint* group = nullptr;
  for (const Finding& f : work) {
    const Endpoint& here = f.location.here;
    if (group == nullptr || group->name != here.name || group->node_guid != here.node_guid) {
      out << (group == nullptr ? "" : "\n") << "# " << text::printable(here.name);
      if (here.node_guid) {
        out << " (" << text::guid_text(*here.node_guid) << ')';
      }
      out << '\n';
      group = &here;
    }
    out << text::printable(here.name);
    if (here.port) {
      out << " port " << static_cast<int>(*here.port);
    }
    out << ": " << text::printable(f.hint) << '\n';
  }
}

}  // namespace ibatlas
