#pragma once

// opensm's up/down routing engine (`opensm -R updn`), computed offline.

#include <span>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct UpdnTables {
  std::vector<ForwardingTable> tables;
  std::vector<NodeId> roots;       // the root switches used, by NodeId
  bool fell_back = false;          // no root: minhop tables instead, as opensm does
  std::vector<std::string> notes;  // root GUIDs not found, fallback
};

// Root switches the way opensm finds them without a root GUID file
// (updn_find_root_nodes_by_min_hop): a switch is a root when, of the histogram of min-hop
// distances from it to every CA/router (weighted by the CAs behind each switch), exactly one
// bar holds more than 90% of them and no other bar more than 5%.
std::vector<NodeId> detect_updn_roots(const Fabric& fabric);

// Ranks switches by hop distance from the nearest root, then runs opensm's per-switch
// breadth-first search that never turns from down to up (equal ranks: the larger GUID is
// up), and builds tables as minhop does from those hop counts. `roots` are node GUIDs;
// empty: detect_updn_roots. GUIDs that name no switch are noted and skipped. Never throws.
UpdnTables compute_updn(const Fabric& fabric, std::span<const Guid> roots);

}  // namespace ibatlas
