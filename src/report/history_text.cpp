// `ibatlas history` as text: the snapshots, the timeline, the per-link and per-node
// summaries, the findings table.

#include "ibatlas/report/history_text.hpp"

#include <string>

#include "ibatlas/diff/diff_report.hpp"
#include "ibatlas/diff/history_report.hpp"
#include "ibatlas/report/diff_text.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

// An entry under its section's heading, and a detail under its entry; what does not fit
// style.width goes on under its own text, 2 columns further in.
constexpr std::size_t kEntry = 2;
constexpr std::size_t kDetail = 4;
constexpr std::size_t kHang = 2;

// label, where and link_name: names and times are bytes from the snapshots, escaped so they
// cannot drive the terminal.
std::string label(const History& h, std::size_t i) {
  const HistorySnapshot& s = h.snapshots[i];
  std::optional<std::string> time = snapshot_time_text(s);
  std::string out = "#";  // piece by piece: GCC 12 -O3 misreads "#" + string (-Wrestrict)
  out += std::to_string(i);
  out += ' ';
  out += s.name;
  return text::printable(time ? out + " (" + *time + ")" : out);
}

std::string where(const PortRef& ref) {
  return end_string(ref) + " \"" + text::printable(ref.node) + "\"";
}

std::string link_name(const PortRef& a, const PortRef& b) {
  return where(a) + " <-> " + where(b);
}

void write_entry(std::ostream& out, const std::string& line, Tone tone, const TextStyle& style) {
  write_wrapped(out, line, kEntry, kHang, tone, style);
}

void write_detail(std::ostream& out, const std::string& line, Tone tone, const TextStyle& style) {
  write_wrapped(out, line, kDetail, kHang, tone, style);
}

void write_snapshots(const History& h, const TextStyle& style, std::ostream& out) {
  out << "history of " << h.snapshots.size() << " snapshots:\n";
  for (std::size_t i = 0; i < h.snapshots.size(); ++i) {
    write_entry(out, label(h, i), Tone::Plain, style);
  }
}

void write_timeline(const History& h, const TextStyle& style, std::ostream& out) {
  std::size_t changed = 0;
  for (const TimelineStep& step : h.timeline) {
    changed += step.changes.empty() ? 0 : 1;
  }
  // A step with notes only is listed too: it says what was not compared there.
  out << "\ntimeline (" << changed << " of " << h.timeline.size() << " steps changed):\n";
  for (const TimelineStep& step : h.timeline) {
    if (step.changes.empty() && step.notes.empty()) {
      continue;
    }
    write_entry(out,
                label(h, step.from) + " -> " + label(h, step.to) + ": " +
                    std::to_string(step.changes.size()) +
                    (step.changes.size() == 1 ? " change" : " changes"),
                Tone::Plain, style);
    for (const Change& c : step.changes) {
      write_detail(out, std::string(to_string(c.kind)) + "  " + text::printable(format_change(c)),
                   change_tone(c.kind), style);
    }
    for (const std::string& note : step.notes) {
      write_detail(out, "note: " + note, Tone::Plain, style);
    }
  }
}

void write_flapping(const History& h, const TextStyle& style, std::ostream& out) {
  std::size_t n = 0;
  for (const LinkHistory& l : h.links) {
    n += l.flapping() ? 1 : 0;
  }
  out << "\nflapping links (" << n << "):\n";
  for (const LinkHistory& l : h.links) {
    if (!l.flapping()) {
      continue;
    }
    std::string line =
        link_name(l.a, l.b) + ": " + std::to_string(l.transitions.size()) + " transitions:";
    for (auto [index, up] : l.transitions) {
      line += (up ? " up@#" : " down@#") + std::to_string(index);
    }
    write_entry(out, line, Tone::Warning, style);
  }
}

std::string master_text(const std::optional<Guid>& guid) {
  return guid ? text::guid_text(*guid) : std::string("no master");
}

// Only when some snapshot read SMInfo. More than one move is sm.flapping, in the findings.
void write_masters(const History& h, const TextStyle& style, std::ostream& out) {
  if (!h.sm_read) {
    return;
  }
  out << "\nmaster SM changes (" << h.sm_masters.size() << "):\n";
  for (const MasterChange& m : h.sm_masters) {
    write_entry(out, label(h, m.to) + ": " + master_text(m.was) + " -> " + master_text(m.now),
                Tone::Changed, style);
  }
}

// Only when some pair of consecutive snapshots both hold forwarding tables (--routes).
void write_route_churn(const History& h, const TextStyle& style, std::ostream& out) {
  if (h.route_churn.empty()) {
    return;
  }
  out << "\nroute churn (" << h.route_churn.size() << " pairs with routes):\n";
  for (const RouteChurn& c : h.route_churn) {
    write_entry(out,
                label(h, c.from) + " -> " + label(h, c.to) + ": " + std::to_string(c.lids.size()) +
                    " LIDs changed owner, " + std::to_string(c.lft_entries()) +
                    " LFT entries changed on " + std::to_string(c.switches.size()) + " switches",
                Tone::Plain, style);
    for (const LidMove& m : c.lids) {
      write_detail(out,
                   "LID " + std::to_string(m.lid) + ": " + where(m.was) + " -> " + where(m.now),
                   Tone::Changed, style);
    }
    for (const LftChurn& s : c.switches) {
      write_detail(out, where(s.at) + ": " + std::to_string(s.entries) + " LFT entries",
                   Tone::Changed, style);
    }
  }
}

// Red while the link stays degraded, the colour of a change once it is restored.
void write_degradations(const History& h, const TextStyle& style, std::ostream& out) {
  out << "\ndegraded links (" << h.degradations.size() << "):\n";
  for (const Degradation& d : h.degradations) {
    write_entry(out,
                link_name(d.a, d.b) + ": " + to_string(d.normal) + " -> " + to_string(d.worst) +
                    " from " + label(h, d.since) +
                    (d.restored ? ", restored at " + label(h, *d.restored) : ", not restored"),
                d.restored ? Tone::Changed : Tone::Removed, style);
  }
}

void write_nodes(const History& h, const TextStyle& style, std::ostream& out) {
  out << "\nnodes that came and went (" << h.nodes.size() << "):\n";
  for (const NodePresence& n : h.nodes) {
    std::string line = where(n.node) + " (" + to_string(n.type) + "): present in";
    for (auto [first, last] : n.present) {
      line += " #" + std::to_string(first);
      if (last != first) {
        line += "-#" + std::to_string(last);
      }
    }
    write_entry(out, line, Tone::Changed, style);
  }
}

}  // namespace

void write_history_text(const History& h, const TextStyle& style, std::ostream& out) {
  write_snapshots(h, style, out);
  write_timeline(h, style, out);
  write_flapping(h, style, out);
  write_masters(h, style, out);
  write_route_churn(h, style, out);
  write_degradations(h, style, out);
  write_nodes(h, style, out);
  write_findings_list(history_findings(h), style, out);
}

}  // namespace ibatlas
