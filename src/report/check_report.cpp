// `ibatlas check` output: the findings table and a summary line, or the findings JSON.

#include "ibatlas/report/check_report.hpp"

#include <sstream>
#include <string>

#include "ibatlas/analysis/fat_tree.hpp"
#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/tiers.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

void write_summary(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out) {
  // One sentence, wrapped at the line width by the caller.
  FabricSummary s = summarize(fabric);
  Tiers tiers = infer_tiers(fabric);
  SeverityCounts counts = count_by_severity(findings);
  out << "checked " << s.switches << " switches, " << s.hosts << " hosts, " << s.links << " links";
  if (tiers.top >= 2) {
    out << " (" << tiers.top << " switch tiers";
    FatTreeShape shape = fat_tree_shape(fabric, tiers);
    if (shape.usual_ratio) {
      out << ", leaves oversubscribed " << ratio_text(*shape.usual_ratio) << " by "
          << (shape.by_bandwidth ? "bandwidth" : "cable count");
    }
    out << ')';
  }
  out << ": " << findings.size() << " finding" << (findings.size() == 1 ? "" : "s") << " ("
      << counts.errors << " error" << (counts.errors == 1 ? "" : "s") << ", " << counts.warnings
      << " warning" << (counts.warnings == 1 ? "" : "s") << ", " << counts.infos << " info)\n";
}

}  // namespace

void write_check_text(const Fabric& fabric, std::span<const Finding> findings,
                      const TextStyle& style, std::ostream& out) {
  write_findings_table(findings, style, out);
  std::ostringstream summary;
  write_summary(fabric, findings, summary);
  std::string line = summary.str();
  line.pop_back();  // the newline
  write_wrapped(out, line, 0, 0, Tone::Plain, style);
}

void write_check_json(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out) {
  const Provenance& p = fabric.provenance();
  write_findings_json(FindingsDocument{"check", p.source, p.format,
                                       std::vector<Finding>(findings.begin(), findings.end()), ""},
                      out);
}

}  // namespace ibatlas
