#pragma once

// Fat-tree structure over the inferred tiers (analysis/tiers.hpp), docs/checks.md:
//   topo.asymmetric     a pair of switches in adjacent tiers joined by another number of
//                       cables than most such pairs; or a switch whose count of up-links
//                       (or, above the leaves, down-links) differs from most of its tier and
//                       is not explained by such pairs (a neighbour it lacks entirely).
//   topo.oversubscribed a leaf whose host bandwidth : uplink bandwidth ratio is above the
//                       ratio more than half of the leaves have (lost uplinks, hosts added).
// Both need at least two switch tiers; a single switch is no tree. topo.ftree_ready lives
// in analysis/ftree_ready.hpp.

#include <optional>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

// One leaf's load. Bandwidths are lanes x lane rate (Gb/s) when every host and uplink of
// every leaf has a known width and speed, else plain cable counts (by_bandwidth false).
struct LeafLoad {
  NodeId leaf;      // the leaf's unit (Tiers::unit_of)
  int hosts = 0;    // cables to hosts
  int uplinks = 0;  // cables to higher tiers
  double down = 0;  // host bandwidth (or count)
  double up = 0;    // uplink bandwidth (or count)
  // down / up; absent without uplinks.
  std::optional<double> ratio() const;
};

struct FatTreeShape {
  bool by_bandwidth = false;
  std::vector<LeafLoad> leaves;  // in NodeId order
  // The ratio more than half of the leaves with hosts and uplinks have; absent if none.
  std::optional<double> usual_ratio;
};

FatTreeShape fat_tree_shape(const Fabric& fabric, const Tiers& tiers);

std::vector<Finding> check_fat_tree(const Fabric& fabric, const Tiers& tiers,
                                    const AuditOptions& options);

// Down:up as people write it: "2:1", "1:1", "1.5:1"; below 1 as "1:4".
std::string ratio_text(double ratio);

}  // namespace ibatlas
