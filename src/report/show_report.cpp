// `ibatlas show` output as text. The JSON form stays in apps/cmd_show.cpp.

#include "ibatlas/report/show_report.hpp"

#include <string>

#include "text.hpp"

namespace ibatlas {

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
}

}  // namespace ibatlas
