#include "ibatlas/diff/history.hpp"

#include <algorithm>
#include <string>

#include "diff/history_tracker.hpp"

namespace ibatlas {

namespace {

// Snapshots without a time go last, in the order given.
void order_by_time(std::vector<HistorySnapshot>& snapshots) {
  std::stable_sort(snapshots.begin(), snapshots.end(),
                   [](const HistorySnapshot& a, const HistorySnapshot& b) {
                     if (!a.time || !b.time) {
                       return a.time.has_value() && !b.time.has_value();
                     }
                     return *a.time < *b.time;
                   });
}

// node.replaced says before = old GUID, after = new GUID, as text::guid_text writes them.
void learn_replacements(const std::vector<Change>& changes, diff::HistoryTracker& tracker) {
  for (const Change& c : changes) {
    if (c.kind == ChangeKind::NodeReplaced && c.before && c.after) {
      tracker.alias(std::stoull(*c.after, nullptr, 16), std::stoull(*c.before, nullptr, 16));
    }
  }
}

}  // namespace

History build_history(std::vector<HistorySnapshot> snapshots, const DiffOptions& options) {
  order_by_time(snapshots);
  History h;
  diff::HistoryTracker tracker(snapshots.size());
  for (std::size_t i = 0; i < snapshots.size(); ++i) {
    if (i > 0) {
      FabricDiff d = diff_fabrics(*snapshots[i - 1].fabric, *snapshots[i].fabric, options);
      learn_replacements(d.changes, tracker);
      h.timeline.push_back(TimelineStep{i - 1, i, std::move(d.changes), std::move(d.notes)});
      if (std::optional<RouteChurn> churn =
              route_churn(*snapshots[i - 1].fabric, *snapshots[i].fabric)) {
        churn->from = i - 1;
        churn->to = i;
        h.route_churn.push_back(std::move(*churn));
      }
    }
    tracker.observe(i, *snapshots[i].fabric);
  }
  tracker.finish(h);
  std::vector<const Fabric*> series;
  for (const HistorySnapshot& snapshot : snapshots) {
    series.push_back(snapshot.fabric);
    h.sm_read = h.sm_read || snapshot.fabric->subnet_managers_read();
  }
  h.sm_masters = master_changes(series);
  h.snapshots = std::move(snapshots);
  return h;
}

}  // namespace ibatlas
