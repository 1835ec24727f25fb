#pragma once

// `ibatlas history`: many snapshots of one fabric, ordered by time. What changed from each
// snapshot to the next (the timeline), which links went down and came back (flapping),
// which links lost width or speed and got it back (slow degradation), and which nodes came
// and went. "What changed since the install?" and "which cables flap?".
//
// A node keeps its identity across snapshots by GUID, and across a replacement (diff's
// node.replaced) by the GUID it had first. A link is named by its two ends (node, port).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/diff.hpp"
#include "ibatlas/diff/link_diff.hpp"
#include "ibatlas/diff/route_churn.hpp"
#include "ibatlas/diff/sm_diff.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

struct HistorySnapshot {
  std::string name;                  // for the report: the file it was read from
  std::optional<std::int64_t> time;  // seconds since 1970: snapshot_time(), or the caller's
  const Fabric* fabric = nullptr;    // borrowed; must outlive build_history
};

// The changes from snapshots[from] to snapshots[to] (to = from + 1).
struct TimelineStep {
  std::size_t from = 0;
  std::size_t to = 0;
  std::vector<Change> changes;     // report order
  std::vector<std::string> notes;  // FabricDiff::notes: what was not compared
};

// A link that was up in some snapshots and not in others. A link is up in a snapshot when
// its two ports name each other and neither says Down. Only snapshot pairs where both its
// nodes are present count: a node that disappears takes its links with it, and that is the
// node's story (NodePresence), not the link's.
struct LinkHistory {
  PortRef a;  // the lower end by (first GUID, port); names as last seen
  PortRef b;
  std::vector<std::pair<std::size_t, bool>> transitions;  // (snapshot index, now up)

  bool flapping() const { return transitions.size() >= 2; }
};

// A link whose rate (link_rate) dropped while its cable stayed: `normal` is the rate just
// before the drop, `worst` the lowest seen while degraded. `restored` is the first snapshot
// with the link back at `normal` or better; nullopt when it never got back.
struct Degradation {
  PortRef a;
  PortRef b;
  LinkRate normal;
  LinkRate worst;
  std::size_t since = 0;
  std::optional<std::size_t> restored;
};

// A node missing from some snapshots: the intervals (first, last snapshot index, inclusive)
// in which it was present.
struct NodePresence {
  PortRef node;  // GUID it had first, description as last seen
  NodeType type = NodeType::Ca;
  std::vector<std::pair<std::size_t, std::size_t>> present;
};

// A file a directory held that is not a snapshot: left out of the history, with why.
struct SkippedInput {
  std::string name;
  std::string reason;
};

struct History {
  std::vector<HistorySnapshot> snapshots;  // in time order
  std::vector<SkippedInput> skipped;       // the caller's (build_history leaves it empty)
  std::vector<TimelineStep> timeline;      // one step per consecutive pair
  std::vector<LinkHistory> links;          // with >= 1 transition; most transitions first
  std::vector<Degradation> degradations;   // by `since`
  std::vector<NodePresence> nodes;         // by first appearance, then GUID
  // The master SM's moves, over the snapshots that read SMInfo (sm_read: some did); more
  // than one is sm.flapping.
  bool sm_read = false;
  std::vector<MasterChange> sm_masters;
  // Route churn per consecutive pair where both snapshots hold forwarding tables (--routes).
  std::vector<RouteChurn> route_churn;
};

// Orders the snapshots by time (stable; those without a time keep their order, last), diffs
// each with the next (with `options`), and tracks links and nodes through all of them.
// Linear in the total size of the snapshots. REQUIRES: every fabric pointer is non-null.
History build_history(std::vector<HistorySnapshot> snapshots, const DiffOptions& options = {});

// The series' findings (docs/checks.md), in report order: sm.flapping when the master moved
// more than once, at the last master's port in the snapshot it was first seen in (at that
// snapshot's fabric when there was no master then, or its port is not in it).
std::vector<Finding> history_findings(const History& history);

}  // namespace ibatlas
