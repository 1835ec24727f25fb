#include "ibatlas/diff/diff_report.hpp"

#include <cstdio>
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

}  // namespace

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

void write_diff_json(const FabricDiff& diff, std::ostream& out) {
  nlohmann::ordered_json j;
  j["schema"] = "ibatlas.diff/1";
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
