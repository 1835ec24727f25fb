// `ibatlas check` output: the findings table and a summary line, or the findings JSON.

#include "ibatlas/report/check_report.hpp"

#include <algorithm>
#include <string>

#include "ibatlas/analysis/fat_tree.hpp"
#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/tiers.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

std::string coloured(Severity s, bool colour) {
  std::string word = to_string(s);
  if (!colour) {
    return word;
  }
  constexpr const char* kCodes[] = {"\033[1;31m", "\033[33m", "\033[36m"};
  return kCodes[static_cast<int>(s)] + word + "\033[0m";
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) {
    text.append(width - text.size(), ' ');
  }
  return text;
}

void write_table(std::span<const Finding> findings, bool colour, std::ostream& out) {
  constexpr std::size_t kSeverityWidth = 9;
  constexpr std::size_t kMaxLocationWidth = 56;
  std::size_t check_width = 6;
  std::size_t location_width = 9;
  for (const Finding& f : findings) {
    check_width = std::max(check_width, f.check.size() + 2);
    location_width = std::max(location_width, text::printable(to_string(f.location)).size() + 2);
  }
  location_width = std::min(location_width, kMaxLocationWidth);
  out << padded("SEVERITY", kSeverityWidth) << padded("CHECK", check_width)
      << padded("LOCATION", location_width) << "MESSAGE\n";
  for (const Finding& f : findings) {
    // Names and messages hold node descriptions: escaped, so they cannot drive the terminal.
    std::string location = text::printable(to_string(f.location));
    std::string severity = coloured(f.severity, colour);
    out << severity << std::string(kSeverityWidth - to_string(f.severity).size(), ' ')
        << padded(f.check, check_width) << padded(location, location_width);
    if (location.size() >= location_width) {
      out << '\n' << std::string(kSeverityWidth + check_width + location_width, ' ');
    }
    out << text::printable(f.message) << '\n'
        << std::string(kSeverityWidth + check_width, ' ') << "fix: " << text::printable(f.hint)
        << '\n';
  }
}

void write_summary(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out) {
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

void write_check_text(const Fabric& fabric, std::span<const Finding> findings, bool colour,
                      std::ostream& out) {
  write_table(findings, colour, out);
  write_summary(fabric, findings, out);
}

void write_check_json(const Fabric& fabric, std::span<const Finding> findings, std::ostream& out) {
  const Provenance& p = fabric.provenance();
  write_findings_json(FindingsDocument{"check", p.source, p.format,
                                       std::vector<Finding>(findings.begin(), findings.end()), ""},
                      out);
}

}  // namespace ibatlas
