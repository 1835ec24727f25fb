#include "ibatlas/diff/history_report.hpp"

#include <ctime>
#include <span>

#include "ibatlas/diff/diff_report.hpp"
#include "ibatlas/utc_time.hpp"

#include "diff/change_json.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::ordered_json;

// The snapshot's own time text when it has one (a dump's zone-less local time stays as it
// was written), else the time it was ordered by.
std::optional<std::string> time_text(const HistorySnapshot& s) {
  const std::optional<std::string>& own = s.fabric->provenance().time;
  if (own) {
    return own;
  }
  return s.time ? std::optional(utc_string(*s.time)) : std::nullopt;
}

// label, where and link_name are for the text report only: names and times are bytes from
// the snapshots, escaped so they cannot drive the terminal.
std::string label(const History& h, std::size_t i) {
  const HistorySnapshot& s = h.snapshots[i];
  std::optional<std::string> time = time_text(s);
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

void write_timeline(const History& h, std::ostream& out) {
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
    out << "  " << label(h, step.from) << " -> " << label(h, step.to) << ": " << step.changes.size()
        << (step.changes.size() == 1 ? " change\n" : " changes\n");
    for (const Change& c : step.changes) {
      out << "    " << to_string(c.kind) << "  " << text::printable(format_change(c)) << '\n';
    }
    for (const std::string& note : step.notes) {
      out << "    note: " << note << '\n';
    }
  }
}

void write_flapping(const History& h, std::ostream& out) {
  std::size_t n = 0;
  for (const LinkHistory& l : h.links) {
    n += l.flapping() ? 1 : 0;
  }
  out << "\nflapping links (" << n << "):\n";
  for (const LinkHistory& l : h.links) {
    if (!l.flapping()) {
      continue;
    }
    out << "  " << link_name(l.a, l.b) << ": " << l.transitions.size() << " transitions:";
    for (auto [index, up] : l.transitions) {
      out << (up ? " up@#" : " down@#") << index;
    }
    out << '\n';
  }
}

std::optional<std::string> guid_string(std::optional<Guid> guid) {
  return guid ? std::optional<std::string>(text::guid_text(*guid)) : std::nullopt;
}

// Only when some snapshot read SMInfo. More than one move is sm.flapping, in the findings.
void write_masters(const History& h, std::ostream& out) {
  if (!h.sm_read) {
    return;
  }
  out << "\nmaster SM changes (" << h.sm_masters.size() << "):\n";
  for (const MasterChange& m : h.sm_masters) {
    out << "  " << label(h, m.to) << ": "
        << (m.was ? text::guid_text(*m.was) : std::string("no master")) << " -> "
        << (m.now ? text::guid_text(*m.now) : std::string("no master")) << '\n';
  }
}

// Only when some pair of consecutive snapshots both hold forwarding tables (--routes).
void write_route_churn(const History& h, std::ostream& out) {
  if (h.route_churn.empty()) {
    return;
  }
  out << "\nroute churn (" << h.route_churn.size() << " pairs with routes):\n";
  for (const RouteChurn& c : h.route_churn) {
    out << "  " << label(h, c.from) << " -> " << label(h, c.to) << ": " << c.lids.size()
        << " LIDs changed owner, " << c.lft_entries() << " LFT entries changed on "
        << c.switches.size() << " switches\n";
    for (const LidMove& m : c.lids) {
      out << "    LID " << m.lid << ": " << where(m.was) << " -> " << where(m.now) << '\n';
    }
    for (const LftChurn& s : c.switches) {
      out << "    " << where(s.at) << ": " << s.entries << " LFT entries\n";
    }
  }
}

Json route_churn_json(const History& h) {
  Json list = Json::array();
  for (const RouteChurn& c : h.route_churn) {
    Json lids = Json::array();
    for (const LidMove& m : c.lids) {
      lids.push_back(
          Json{{"lid", m.lid}, {"was", diff::ref_json(m.was)}, {"now", diff::ref_json(m.now)}});
    }
    Json switches = Json::array();
    for (const LftChurn& s : c.switches) {
      switches.push_back(Json{{"switch", diff::ref_json(s.at)}, {"entries", s.entries}});
    }
    list.push_back(Json{{"from", c.from},
                        {"to", c.to},
                        {"lids_changed_owner", c.lids.size()},
                        {"lft_entries_changed", c.lft_entries()},
                        {"lids", std::move(lids)},
                        {"switches", std::move(switches)}});
  }
  return list;
}

Json masters_json(const History& h) {
  Json changes = Json::array();
  for (const MasterChange& m : h.sm_masters) {
    changes.push_back(Json{{"from", m.from},
                           {"to", m.to},
                           {"time", diff::optional_json(time_text(h.snapshots[m.to]))},
                           {"was", diff::optional_json(guid_string(m.was))},
                           {"now", diff::optional_json(guid_string(m.now))}});
  }
  return Json{{"changes", std::move(changes)}, {"flapping", sm_flapping(h.sm_masters)}};
}

void write_degradations(const History& h, std::ostream& out) {
  out << "\ndegraded links (" << h.degradations.size() << "):\n";
  for (const Degradation& d : h.degradations) {
    out << "  " << link_name(d.a, d.b) << ": " << to_string(d.normal) << " -> "
        << to_string(d.worst) << " from " << label(h, d.since);
    out << (d.restored ? ", restored at " + label(h, *d.restored) : ", not restored") << '\n';
  }
}

void write_nodes(const History& h, std::ostream& out) {
  out << "\nnodes that came and went (" << h.nodes.size() << "):\n";
  for (const NodePresence& n : h.nodes) {
    out << "  " << where(n.node) << " (" << to_string(n.type) << "): present in";
    for (auto [first, last] : n.present) {
      out << " #" << first;
      if (last != first) {
        out << "-#" << last;
      }
    }
    out << '\n';
  }
}

Json snapshots_json(const History& h) {
  Json list = Json::array();
  for (std::size_t i = 0; i < h.snapshots.size(); ++i) {
    const HistorySnapshot& s = h.snapshots[i];
    const Provenance& p = s.fabric->provenance();
    list.push_back(Json{{"index", i},
                        {"name", s.name},
                        {"time", diff::optional_json(time_text(s))},
                        {"source", p.source},
                        {"format", p.format}});
  }
  return list;
}

Json skipped_json(const History& h) {
  Json list = Json::array();
  for (const SkippedInput& s : h.skipped) {
    list.push_back(Json{{"name", s.name}, {"reason", s.reason}});
  }
  return list;
}

Json timeline_json(const History& h) {
  Json list = Json::array();
  for (const TimelineStep& step : h.timeline) {
    Json changes = Json::array();
    for (const Change& c : step.changes) {
      changes.push_back(diff::change_json(c));
    }
    list.push_back(Json{{"from", step.from},
                        {"to", step.to},
                        {"changes", std::move(changes)},
                        {"notes", step.notes}});
  }
  return list;
}

Json links_json(const History& h) {
  Json list = Json::array();
  for (const LinkHistory& l : h.links) {
    Json transitions = Json::array();
    for (auto [index, up] : l.transitions) {
      transitions.push_back(Json{{"snapshot", index}, {"up", up}});
    }
    list.push_back(Json{{"a", diff::ref_json(l.a)},
                        {"b", diff::ref_json(l.b)},
                        {"transitions", std::move(transitions)},
                        {"flapping", l.flapping()}});
  }
  return list;
}

Json degradations_json(const History& h) {
  Json list = Json::array();
  for (const Degradation& d : h.degradations) {
    list.push_back(Json{{"a", diff::ref_json(d.a)},
                        {"b", diff::ref_json(d.b)},
                        {"normal", to_string(d.normal)},
                        {"worst", to_string(d.worst)},
                        {"since", d.since},
                        {"restored", diff::optional_json(d.restored)}});
  }
  return list;
}

Json nodes_json(const History& h) {
  Json list = Json::array();
  for (const NodePresence& n : h.nodes) {
    Json present = Json::array();
    for (auto [first, last] : n.present) {
      present.push_back(Json::array({first, last}));
    }
    Json j = diff::ref_json(n.node);
    j.erase("port");
    j["type"] = to_string(n.type);
    j["present"] = std::move(present);
    list.push_back(std::move(j));
  }
  return list;
}

// The list routes and probe close with (report/findings_text.cpp, which diff cannot include).
void write_findings(std::span<const Finding> findings, std::ostream& out) {
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

}  // namespace

void write_history_text(const History& h, std::ostream& out) {
  out << "history of " << h.snapshots.size() << " snapshots:\n";
  for (std::size_t i = 0; i < h.snapshots.size(); ++i) {
    out << "  " << label(h, i) << '\n';
  }
  write_timeline(h, out);
  write_flapping(h, out);
  write_masters(h, out);
  write_route_churn(h, out);
  write_degradations(h, out);
  write_nodes(h, out);
  write_findings(history_findings(h), out);
}

std::string history_report_json(const History& h) {
  Json j;
  j["snapshots"] = snapshots_json(h);
  j["skipped"] = skipped_json(h);
  j["timeline"] = timeline_json(h);
  j["links"] = links_json(h);
  j["degradations"] = degradations_json(h);
  j["nodes"] = nodes_json(h);
  if (h.sm_read) {
    j["subnet_managers"] = masters_json(h);
  }
  if (!h.route_churn.empty()) {
    j["route_churn"] = route_churn_json(h);
  }
  // Names are bytes from the snapshots: replace what is not UTF-8.
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace ibatlas
