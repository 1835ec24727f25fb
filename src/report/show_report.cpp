// `ibatlas show` output as text. The JSON form stays in apps/cmd_show.cpp.

#include "ibatlas/report/show_report.hpp"

#include <string>

#include "text.hpp"

namespace ibatlas {

namespace {

// Only when the fabric holds AR state: a snapshot that never read it prints nothing here.
void write_ar(const ArSummary& ar, std::ostream& out) {
  out << "adaptive routing: " << ar.switches << " switches read\n";
  out << "  enabled: " << ar.enabled << '\n';
  out << "  disabled: " << ar.disabled << '\n';
  if (ar.settings_unknown != 0) {
    out << "  supported, settings not read: " << ar.settings_unknown << '\n';
  }
  out << "  unsupported: " << ar.unsupported << '\n';
  out << "  no answer: " << ar.no_answer << '\n';
  out << "  decode uncertain: " << ar.decode_uncertain << '\n';
  out << "  tables incomplete: " << ar.tables_incomplete << '\n';
}

}  // namespace

void write_show_text(const FabricSummary& s, const Provenance& provenance, std::ostream& out) {
  // The source is a path or a live port's name: its bytes are shown escaped.
  out << "source:    " << text::printable(provenance.source) << " ("
      << text::printable(provenance.format) << ")\n";
  out << "switches:  " << s.switches << '\n';
  out << "CAs:       " << s.cas << " (" << s.hosts << " hosts, " << s.aggregation_nodes
      << " aggregation nodes)\n";
  out << "routers:   " << s.routers << '\n';
  out << "links:     " << s.links << '\n';
  for (const auto& [rate, count] : s.links_by_rate) {
    out << "  " << rate << ": " << count << '\n';
  }
  if (s.one_sided_links != 0) {
    out << "one-sided: " << s.one_sided_links << " port(s) name a peer that does not name them\n";
  }
  out << "switches by radix:\n";
  for (const auto& [ports, count] : s.switches_by_radix) {
    out << "  " << (ports == 0 ? "unknown" : std::to_string(ports)) << " ports: " << count << '\n';
  }
  out << "down ports: " << s.down_ports << '\n';
  if (!s.lacks.empty()) {
    out << "source lacks:";
    for (const std::string& fact : s.lacks) {
      out << ' ' << fact << (&fact == &s.lacks.back() ? "" : ",");
    }
    out << '\n';
  }
  if (s.adaptive_routing) {
    write_ar(*s.adaptive_routing, out);
  }
}

}  // namespace ibatlas
