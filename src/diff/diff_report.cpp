#include "ibatlas/diff/diff_report.hpp"

#include <cstdio>
#include <map>
#include <vector>

#include "diff/change_json.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  out += text;
  out += '"';
  return out;
}

// 0x0000000000100000[1] "host01"
std::string where(const PortRef& ref) {
  return end_string(ref) + " " + quoted(ref.node);
}

std::string arrow(const std::optional<std::string>& before,
                  const std::optional<std::string>& after) {
  return before.value_or("-") + " -> " + after.value_or("-");
}

std::string counter_line(const Change& c) {
  std::string out = where(c.at) + " " + c.counter + ": " + arrow(c.before, c.after) + " (";
  out += c.reset ? "reset, +" : "+";
  out += std::to_string(c.delta.value_or(0));
  if (c.per_hour) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, ", %.1f/h", *c.per_hour);
    out += buffer;
  }
  return out + ")";
}

std::vector<std::string> ignored_names(const DiffOptions& o) {
  std::vector<std::string> out;
  for (auto [on, name] :
       {std::pair{o.ignore_lids, "lids"}, std::pair{o.ignore_descriptions, "descriptions"},
        std::pair{o.ignore_counters, "counters"}}) {
    if (on) {
      out.emplace_back(name);
    }
  }
  return out;
}

std::string ignored_list(const DiffOptions& o) {
  std::string out;
  for (const std::string& name : ignored_names(o)) {
    out += (out.empty() ? "" : ",") + name;
  }
  return out;
}

std::string snapshot_line(const SnapshotInfo& s) {
  return s.source + (s.time ? " (" + *s.time + ")" : "");
}

}  // namespace

std::string format_change(const Change& c) {
  switch (c.kind) {
    case ChangeKind::NodeAdded:
      return "+ " + where(c.at) + " (" + c.after.value_or("?") + ")";
    case ChangeKind::NodeRemoved:
      return "- " + where(c.at) + " (" + c.before.value_or("?") + ")";
    case ChangeKind::NodeReplaced:
      return where(c.at) + ": was " + c.before.value_or("?");
    case ChangeKind::CableAdded:
      return "+ " + where(c.at) + " <-> " + where(*c.peer_after);
    case ChangeKind::CableRemoved:
      return "- " + where(c.at) + " <-> " + where(*c.peer_before);
    case ChangeKind::CableMoved:
      return where(c.at) + ": " + where(*c.peer_before) + " -> " + where(*c.peer_after);
    case ChangeKind::CableSwapped:
      return where(c.at) + ": " + where(*c.peer_before) + " -> " + where(*c.peer_after) +
             " (traded with " + where(*c.traded_with) + ")";
    case ChangeKind::LinkDegraded:
    case ChangeKind::LinkRestored:
      return where(c.at) + " <-> " + where(*c.peer_after) + ": " + arrow(c.before, c.after);
    case ChangeKind::DescriptionChanged:
      return where(c.at) + ": " + quoted(c.before.value_or("")) + " -> " +
             quoted(c.after.value_or(""));
    case ChangeKind::CounterDelta:
      return counter_line(c);
    case ChangeKind::ArSettingChanged:
    case ChangeKind::ArGroupChanged:
      return where(c.at) + " " + c.item + ": " + arrow(c.before, c.after);
    case ChangeKind::ArLftChanged:
      return where(c.at) + " " + c.item + ": " + std::to_string(c.delta.value_or(0)) +
             " entries changed (state, group or default port)";
    case ChangeKind::SmMasterChanged:
      return where(c.at) + ": " + c.before.value_or("no master") + " -> " +
             c.after.value_or("no master");
    case ChangeKind::SmChanged:
    case ChangeKind::ArSupportChanged:
    case ChangeKind::ArDisabled:
    case ChangeKind::ArEnabled:
    case ChangeKind::PortStateChanged:
    case ChangeKind::LidChanged:
      break;
  }
  return where(c.at) + ": " + arrow(c.before, c.after);
}

void write_diff_text(const FabricDiff& diff, std::ostream& out) {
  if (diff.same()) {
    for (const std::string& note : diff.notes) {
      out << "note: " << note << '\n';
    }
    return;
  }
  std::map<ChangeKind, std::size_t> counts;
  for (const Change& c : diff.changes) {
    ++counts[c.kind];
  }
  // Names, descriptions and sources are bytes from the snapshots: escaped, so they cannot
  // drive the terminal (format_change keeps them, for other writers).
  out << "--- " << text::printable(snapshot_line(diff.before)) << '\n';
  out << "+++ " << text::printable(snapshot_line(diff.after)) << '\n';
  out << diff.changes.size() << (diff.changes.size() == 1 ? " change:" : " changes:");
  for (auto [kind, n] : counts) {
    out << ' ' << n << ' ' << to_string(kind) << (kind == counts.rbegin()->first ? "" : ",");
  }
  std::string ignored = ignored_list(diff.options);
  out << (ignored.empty() ? "" : " (ignoring " + ignored + ")") << '\n';
  for (std::size_t i = 0; i < diff.changes.size(); ++i) {
    const Change& c = diff.changes[i];
    if (i == 0 || diff.changes[i - 1].kind != c.kind) {
      out << '\n' << kind_heading(c.kind) << " (" << counts[c.kind] << "):\n";
    }
    out << "  " << text::printable(format_change(c)) << '\n';
  }
  out << (diff.notes.empty() ? "" : "\n");
  for (const std::string& note : diff.notes) {
    out << "note: " << note << '\n';
  }
}

void write_diff_json(const FabricDiff& diff, std::ostream& out) {
  nlohmann::ordered_json j;
  j["before"] = diff::snapshot_json(diff.before);
  j["after"] = diff::snapshot_json(diff.after);
  j["seconds"] = diff::optional_json(diff.seconds);
  j["ignored"] = ignored_names(diff.options);
  j["same"] = diff.same();
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();
  for (const Change& c : diff.changes) {
    std::string kind(to_string(c.kind));
    counts[kind] = counts.value(kind, 0) + 1;
    changes.push_back(diff::change_json(c));
  }
  j["counts"] = std::move(counts);
  j["changes"] = std::move(changes);
  j["notes"] = diff.notes;
  out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
