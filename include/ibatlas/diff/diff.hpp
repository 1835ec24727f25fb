#pragma once

// `ibatlas diff OLD NEW`: every change between two snapshots, from any two sources (a live
// crawl against last month's ibnetdiscover dump). What a source does not give is never a
// change: only values both snapshots know are compared. docs/diff.md lists every kind.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

// `--ignore lids,descriptions,counters`: those kinds are neither computed nor reported.
struct DiffOptions {
  bool ignore_lids = false;
  bool ignore_descriptions = false;
  bool ignore_counters = false;
};

// The options for `--ignore` words: "lids", "descriptions", "counters". Throws Error naming
// any other word.
DiffOptions ignoring(const std::vector<std::string>& words);

// Where one side of a diff came from (its provenance).
struct SnapshotInfo {
  std::string source;
  std::string format;
  std::optional<std::string> time;
};

struct FabricDiff {
  SnapshotInfo before;
  SnapshotInfo after;
  std::optional<double>
      seconds;  // from before to after, when both times are known and NEW is later
  DiffOptions options;
  std::vector<Change> changes;  // in report order (report_order)
  // What was not compared and why, one line each (AR state only one snapshot holds); never
  // a change.
  std::vector<std::string> notes;

  bool same() const { return changes.empty(); }
};

// Matches nodes (node_match.hpp), then compares nodes, cables, link rates, port states,
// LIDs, descriptions, error counters and adaptive-routing state (ar_diff.hpp). Linear in the size
// of the two snapshots.
FabricDiff diff_fabrics(const Fabric& before, const Fabric& after, const DiffOptions& options = {});

// A snapshot's provenance time as seconds since 1970. ISO 8601 with "Z" or "+00:00" is
// UTC; a time without a zone (ibnetdiscover's header gives the local time of the host that
// ran it) is taken as if it were UTC, which keeps the order and the intervals of dumps made
// on one host. nullopt when there is no time or it does not parse.
std::optional<std::int64_t> snapshot_time(const Fabric& fabric);

// after's time minus before's, when both are known and the difference is positive.
std::optional<double> seconds_between(const Fabric& before, const Fabric& after);

}  // namespace ibatlas
