#include "report/findings_text.hpp"

#include "text.hpp"

namespace ibatlas {

void write_findings_list(std::span<const Finding> findings, std::ostream& out) {
  SeverityCounts c = count_by_severity(findings);
  out << "\n"
      << findings.size() << " findings (" << c.errors << " errors, " << c.warnings << " warnings, "
      << c.infos << " info)\n";
  for (const Finding& f : findings) {
    out << to_string(f.severity) << "  " << f.check << "  "
        << text::printable(to_string(f.location)) << "\n    " << text::printable(f.message)
        << "\n    fix: " << text::printable(f.hint) << '\n';
  }
}

}  // namespace ibatlas
