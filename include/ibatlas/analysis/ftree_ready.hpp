#pragma once

// topo.ftree_ready: would opensm's fat-tree routing engine (routing_engine ftree, without
// root_guid_file or cn_guid_file) accept this fabric, and if not, which cables break it.
// The conditions are opensm's own, from opensm/osm_ucast_ftree.c (construct_fabric and
// fabric_validate_topology), in its order; docs/checks.md lists them with opensm's error
// codes. One finding when it would be rejected, naming the first failed condition and its
// culprits; none when it would be accepted. Only run on fabrics with two switch tiers or
// more: a single switch is no tree to route.

#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

// What breaks a condition: a cable (both ends), a switch (port absent), or a switch pair.
struct FtreeCulprit {
  PortId port;                  // a port of the culprit switch or CA (its lowest, for a node)
  std::optional<PortId> peer;   // the other end, for a cable
  std::optional<NodeId> other;  // the other switch, for a pair
  bool whole_node = false;      // the culprit is the node `port` belongs to
};

struct FtreeVerdict {
  bool accepted = true;
  std::string code;                    // opensm's log code for the failed condition ("AB0B"), or ""
  std::string reason;                  // the failed condition in words
  std::vector<FtreeCulprit> culprits;  // by failed condition, then rank; empty: a global reason
};

// Emulates opensm's checks. Ranks: opensm ranks switches by hop distance from the switches
// with CAs (aggregation nodes are CAs to opensm), takes the farthest as roots, and re-ranks
// from them; every switch with a CA must then sit at the deepest rank, and the switches of
// each rank must have equal numbers of up and down neighbours with equal cable counts.
FtreeVerdict judge_ftree(const Fabric& fabric);

std::vector<Finding> check_ftree_ready(const Fabric& fabric, const Tiers& tiers,
                                       const AuditOptions& options);

}  // namespace ibatlas
