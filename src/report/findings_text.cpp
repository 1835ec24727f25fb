#include "report/findings_text.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kLocationMinWidth = 16;
constexpr std::size_t kMessageMinWidth = 24;

Tone severity_tone(Severity s) {
  constexpr Tone kTones[] = {Tone::Error, Tone::Warning, Tone::Info};
  return kTones[static_cast<int>(s)];
}

void write_count(std::span<const Finding> findings, std::ostream& out) {
  SeverityCounts c = count_by_severity(findings);
  out << "\n"
      << findings.size() << " findings (" << c.errors << " errors, " << c.warnings << " warnings, "
      << c.infos << " info)\n";
}

}  // namespace

// Names and messages hold node descriptions: escaped, so they cannot drive the terminal.
void write_findings_table(std::span<const Finding> findings, const TextStyle& style,
                          std::ostream& out) {
  Table table({{"SEVERITY"},
               {"CHECK"},
               {"LOCATION", true, kLocationMinWidth},
               {"MESSAGE", true, kMessageMinWidth}});
  for (const Finding& f : findings) {
    table.add_row({{to_string(f.severity), severity_tone(f.severity)},
                   {f.check},
                   {text::printable(to_string(f.location))},
                   {text::printable(f.message)}});
    table.add_note(2, {"fix: " + text::printable(f.hint)});
  }
  table.write(out, style);
}

void write_findings_list(std::span<const Finding> findings, const TextStyle& style,
                         std::ostream& out) {
  write_count(findings, out);
  write_findings_table(findings, style, out);
}

void write_findings_list(std::span<const Finding> findings, std::ostream& out) {
  write_count(findings, out);
  for (const Finding& f : findings) {
    out << to_string(f.severity) << "  " << f.check << "  "
        << text::printable(to_string(f.location)) << "\n    " << text::printable(f.message)
        << "\n    fix: " << text::printable(f.hint) << '\n';
  }
}

}  // namespace ibatlas
