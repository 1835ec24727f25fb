// `ibatlas diff` as text: the header, one group per kind of change, the notes.

#include "ibatlas/report/diff_text.hpp"

#include <map>
#include <string>

#include "ibatlas/diff/diff_report.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kIndent = 2;  // a change under its group's heading
constexpr std::size_t kHang = 4;    // what a long change wraps to, under its own text

std::string snapshot_line(const SnapshotInfo& s) {
  return s.source + (s.time ? " (" + *s.time + ")" : "");
}

// "3 changes: 1 cable.moved, 2 counter.delta (ignoring lids)"
std::string count_line(const FabricDiff& diff, const std::map<ChangeKind, std::size_t>& counts) {
  std::string line = std::to_string(diff.changes.size());
  line += diff.changes.size() == 1 ? " change:" : " changes:";
  for (auto [kind, n] : counts) {
    line.append(" ").append(std::to_string(n)).append(" ").append(to_string(kind));
    line += kind == counts.rbegin()->first ? "" : ",";
  }
  std::string ignored;
  for (const std::string& name : ignored_names(diff.options)) {
    ignored.append(ignored.empty() ? "" : ",").append(name);
  }
  if (!ignored.empty()) {
    line.append(" (ignoring ").append(ignored).append(")");
  }
  return line;
}

void write_notes(const FabricDiff& diff, const TextStyle& style, std::ostream& out) {
  for (const std::string& note : diff.notes) {
    write_wrapped(out, "note: " + note, 0, 6, Tone::Plain, style);
  }
}

}  // namespace

Tone change_tone(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::NodeAdded:
    case ChangeKind::CableAdded:
    case ChangeKind::LinkRestored:
    case ChangeKind::ArEnabled:
      return Tone::Added;
    case ChangeKind::NodeRemoved:
    case ChangeKind::CableRemoved:
    case ChangeKind::LinkDegraded:
    case ChangeKind::ArDisabled:
      return Tone::Removed;
    default:
      return Tone::Changed;
  }
}

void write_diff_text(const FabricDiff& diff, const TextStyle& style, std::ostream& out) {
  if (diff.same()) {
    write_notes(diff, style, out);
    return;
  }
  std::map<ChangeKind, std::size_t> counts;
  for (const Change& c : diff.changes) {
    ++counts[c.kind];
  }
  // Names, descriptions and sources are bytes from the snapshots: escaped, so they cannot
  // drive the terminal (format_change keeps them, for other writers).
  write_wrapped(out, "--- " + text::printable(snapshot_line(diff.before)), 0, kHang, Tone::Removed,
                style);
  write_wrapped(out, "+++ " + text::printable(snapshot_line(diff.after)), 0, kHang, Tone::Added,
                style);
  write_wrapped(out, count_line(diff, counts), 0, kHang, Tone::Plain, style);
  for (std::size_t i = 0; i < diff.changes.size(); ++i) {
    const Change& c = diff.changes[i];
    if (i == 0 || diff.changes[i - 1].kind != c.kind) {
      out << '\n' << kind_heading(c.kind) << " (" << counts[c.kind] << "):\n";
    }
    write_wrapped(out, text::printable(format_change(c)), kIndent, kHang, change_tone(c.kind),
                  style);
  }
  out << (diff.notes.empty() ? "" : "\n");
  write_notes(diff, style, out);
}

}  // namespace ibatlas
