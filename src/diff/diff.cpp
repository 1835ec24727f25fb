#include "ibatlas/diff/diff.hpp"

#include <algorithm>
#include <iterator>

#include "ibatlas/diff/ar_diff.hpp"
#include "ibatlas/diff/attribute_diff.hpp"
#include "ibatlas/diff/cable_diff.hpp"
#include "ibatlas/diff/counter_diff.hpp"
#include "ibatlas/diff/link_diff.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/diff/port_state_diff.hpp"
#include "ibatlas/diff/sm_diff.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/findings/error_counters.hpp"
#include "ibatlas/scan_scope.hpp"
#include "ibatlas/utc_time.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// Whether `c` lies beyond what a partial side looked at: a removal NEW's scan could not have
// seen, or an addition OLD's could not have (docs/discover.md, "Partial scans").
bool beyond_scans(const Change& c, const Fabric& before, const Fabric& after,
                  const ScanScope& old_scope, const ScanScope& new_scope) {
  switch (c.kind) {
    case ChangeKind::NodeRemoved: {
      std::optional<NodeId> id = before.find_node(c.at.node_guid);
      return id && !new_scope.covers_node(before, *id);
    }
    case ChangeKind::NodeAdded: {
      std::optional<NodeId> id = after.find_node(c.at.node_guid);
      return id && !old_scope.covers_node(after, *id);
    }
    case ChangeKind::CableRemoved:
      return c.peer_before && !new_scope.covers_cable(c.at.node_guid, c.peer_before->node_guid);
    case ChangeKind::CableAdded:
      return c.peer_after && !old_scope.covers_cable(c.at.node_guid, c.peer_after->node_guid);
    default:
      return false;  // the other kinds compare what both sides read
  }
}

// A partial scan (discover -D/-G/--max-hops) did not look past its hop limit: what lies there
// is left out of the changes, and a note says so for each partial side.
void leave_out_unscanned(const Fabric& before, const Fabric& after, FabricDiff& d) {
  ScanScope old_scope(before);
  ScanScope new_scope(after);
  std::size_t removals = 0;
  std::size_t additions = 0;
  std::erase_if(d.changes, [&](const Change& c) {
    if (!beyond_scans(c, before, after, old_scope, new_scope)) {
      return false;
    }
    ++(c.kind == ChangeKind::NodeRemoved || c.kind == ChangeKind::CableRemoved ? removals
                                                                               : additions);
    return true;
  });
  auto note = [&d](const Fabric& f, const ScanScope& scope, const char* side, std::size_t left_out,
                   const char* what) {
    const std::optional<PartialScan>& scan = f.provenance().partial;
    if (!scan) {
      return;
    }
    if (scope.whole()) {  // its start node is not in it: nothing could be scoped
      d.notes.push_back(std::string(side) + " is a partial scan (" + extent_text(*scan) +
                        ") whose start is not in it: nodes and cables beyond it show as " +
                        (side[0] == 'N' ? "removed" : "added"));
      return;
    }
    d.notes.push_back(std::string(side) + " is a partial scan (" + extent_text(*scan) +
                      "): only what it reached is compared; " + std::to_string(left_out) + " " +
                      what + (left_out == 1 ? "" : "s") + " beyond it left out");
  };
  note(before, old_scope, "OLD", additions, "addition");
  note(after, new_scope, "NEW", removals, "removal");
}

SnapshotInfo info_of(const Fabric& f) {
  const Provenance& p = f.provenance();
  return SnapshotInfo{p.source, p.format, p.time};
}

Change node_change(ChangeKind kind, const Fabric& f, NodeId id) {
  Change c;
  c.kind = kind;
  c.at = node_ref(f, id);
  std::string type = to_string(f.node(id).type);
  (kind == ChangeKind::NodeAdded ? c.after : c.before) = type;
  return c;
}

void diff_nodes(const Fabric& before, const Fabric& after, const NodeMatch& match,
                std::vector<Change>& out) {
  for (std::uint32_t i = 0; i < match.after_of.size(); ++i) {
    if (!match.after_of[i]) {
      out.push_back(node_change(ChangeKind::NodeRemoved, before, NodeId{i}));
    }
  }
  for (std::uint32_t i = 0; i < match.before_of.size(); ++i) {
    if (!match.before_of[i]) {
      out.push_back(node_change(ChangeKind::NodeAdded, after, NodeId{i}));
    }
  }
  for (auto [old, now] : match.replaced) {
    Change& c = out.emplace_back();
    c.kind = ChangeKind::NodeReplaced;
    c.at = node_ref(after, now);
    c.before = text::guid_text(before.node(old).guid);
    c.after = text::guid_text(after.node(now).guid);
  }
}

void append(std::vector<Change>& out, std::vector<Change> more) {
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

}  // namespace

FabricDiff diff_fabrics(const Fabric& before, const Fabric& after, const DiffOptions& options) {
  FabricDiff d;
  d.before = info_of(before);
  d.after = info_of(after);
  d.seconds = seconds_between(before, after);
  d.options = options;
  NodeMatch match = match_nodes(before, after);
  diff_nodes(before, after, match, d.changes);
  append(d.changes, diff_cables(before, after, match));
  append(d.changes, diff_link_rates(before, after, match));
  append(d.changes, diff_port_states(before, after, match));
  if (!options.ignore_lids) {
    append(d.changes, diff_lids(before, after, match));
  }
  if (!options.ignore_descriptions) {
    append(d.changes, diff_descriptions(before, after, match));
  }
  if (!options.ignore_counters) {
    append(d.changes, diff_counters(before, after, match, d.seconds));
  }
  ArDiff ar = diff_adaptive_routing(before, after, match);
  append(d.changes, std::move(ar.changes));
  append(d.changes, diff_subnet_managers(before, after));
  d.notes = std::move(ar.notes);
  leave_out_unscanned(before, after, d);
  std::sort(d.changes.begin(), d.changes.end(), report_order);
  return d;
}

DiffOptions ignoring(const std::vector<std::string>& words) {
  DiffOptions o;
  for (const std::string& w : words) {
    if (w == "lids") {
      o.ignore_lids = true;
    } else if (w == "descriptions") {
      o.ignore_descriptions = true;
    } else if (w == "counters") {
      o.ignore_counters = true;
    } else {
      throw Error("cannot ignore \"" + w + "\": expected lids, descriptions or counters");
    }
  }
  return o;
}

std::optional<std::int64_t> snapshot_time(const Fabric& fabric) {
  const std::optional<std::string>& time = fabric.provenance().time;
  if (!time) {
    return std::nullopt;
  }
  if (std::optional<std::int64_t> utc = parse_utc_time(*time)) {
    return utc;
  }
  return parse_utc_time(*time + "Z");
}

std::optional<double> seconds_between(const Fabric& before, const Fabric& after) {
  std::optional<std::int64_t> t0 = snapshot_time(before);
  std::optional<std::int64_t> t1 = snapshot_time(after);
  if (!t0 || !t1 || *t1 <= *t0) {
    return std::nullopt;
  }
  return static_cast<double>(*t1 - *t0);
}

}  // namespace ibatlas
