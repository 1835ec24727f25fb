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
                          std::ostream& out, const FindingsTextOptions& options) {
  Table table({{"SEVERITY"},
               {"CHECK"},
               {"LOCATION", true, kLocationMinWidth},
               {"MESSAGE", true, kMessageMinWidth}});
  for (const Finding& f : findings) {
    table.add_row(
        {{to_string(f.severity), severity_tone(f.severity)},
         {f.check},
         {f.location.kind == LocationKind::Fabric ? std::string(options.whole)
                                                  : text::printable(to_string(f.location))},
         {text::printable(f.message)}});
    if (options.measured && !f.measured.empty()) {
      table.add_note(2, {"measured " + text::printable(f.measured) + ", expected " +
                         text::printable(f.expected)});
    }
    table.add_note(2, {"fix: " + text::printable(f.hint)});
  }
  table.write(out, style);
}

void write_findings_list(std::span<const Finding> findings, const TextStyle& style,
                         std::ostream& out, const FindingsTextOptions& options) {
  write_count(findings, out);
  if (!findings.empty()) {  // no header over nothing
    write_findings_table(findings, style, out, options);
  }
}

}  // namespace ibatlas
