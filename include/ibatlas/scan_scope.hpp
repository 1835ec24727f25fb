#pragma once

// What a partial scan (discover -D/-G/--max-hops) looked at, so that comparing it with a
// whole snapshot (diff) or a cabling plan (check --plan) leaves out what lies beyond it
// instead of calling it gone (docs/discover.md, "Partial scans").
//
// The crawler reads every node within max_hops cables of its start whole, and follows every
// LinkUp port of the nodes nearer than max_hops. So a node of the scan nearer than the limit
// is "followed": every cable at it is in the scan. A cable is covered when one of its ends is
// followed; a node is covered when it is in the scan or a cable of it (in the other snapshot,
// or in the plan) reaches a followed node. Distances are counted over the scan's own cables
// from its start node, as the crawler counts them.

#include <optional>
#include <string>
#include <unordered_set>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// "from 0,1,2, 1 hop": where a partial scan started and how far it went, for the notes and
// findings that say what was left out.
std::string extent_text(const PartialScan& scan);

class ScanScope {
 public:
  // The scope of `scan`: everything when it is not a partial scan (no provenance().partial),
  // or when its start node is not in it (an old or hand-made file: nothing can be left out
  // safely, so nothing is).
  explicit ScanScope(const Fabric& scan);

  // Whether the scan covers the whole subnet (then every query below is true).
  bool whole() const { return whole_; }

  // The node is in the scan and nearer than the limit: every cable at it is in the scan.
  bool followed(Guid node) const;

  // A cable between these two nodes would be in the scan.
  bool covers_cable(Guid a, Guid b) const;

  // Node `node` of `other` (another snapshot of the same subnet) would be in the scan: it is,
  // or one of its cables in `other` reaches a followed node.
  bool covers_node(const Fabric& other, NodeId node) const;

 private:
  bool whole_ = true;
  std::unordered_set<Guid> scanned_;
  std::unordered_set<Guid> followed_;
};

}  // namespace ibatlas
