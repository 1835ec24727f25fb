#pragma once

// Groups of switches computed from the cabling alone, so that a map of a large fabric can
// show a few dozen boxes instead of thousands (docs/render.md, "The overview"):
// - Chassis: the switch chips of one director (one system image GUID, Tiers::unit) are one
//   group; their internal cables are inside it.
// - Pods: leaves with the same set of up-neighbours form a pod. A switch above the leaves
//   whose down-neighbours all lie in one pod joins that pod, when there is more than one
//   pod (a 3-tier fat-tree: leaves and their aggregation switches). Switches above pods that
//   joined none stay tiers: one Tier group per tier.
// - Irregular fabrics (a switch without a tier, or no leaves at all) fall back to connected
//   groups of similar role: the switches with hosts and those without, each split into its
//   connected components.
// Hosts, routers and aggregation nodes belong to the group of the first switch their cables
// reach (in port order); a node cabled to no switch belongs to no group.
//
// Pure and deterministic: the same fabric gives the same groups, ids and order.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

enum class GroupKind : std::uint8_t { Chassis, Pod, Tier, Connected };

struct MapGroup {
  // Stable across runs of the same fabric, safe in a URL fragment, an SVG id and a shell
  // argument (`render --expand pod3`): "pod1".."podN", "tier2", "chassis-<16 hex digits>",
  // "group1".."groupN".
  std::string id;
  GroupKind kind = GroupKind::Pod;
  // The box's first label line: "pod 3", "core tier", a chassis_name(), "group 2".
  std::string name;
  // One line of what is inside, for the box's second label line: "4 leaves + 4 spines,
  // 72 hosts", "18 spine + 30 line ASICs", "36 switches, 648 hosts".
  std::string summary;
  // The highest tier of its switches (a pod of leaves and spines: the spines' tier); absent
  // when none of them has a tier.
  std::optional<int> tier;
  std::vector<NodeId> switches;  // in NodeId order
  std::vector<NodeId> others;    // hosts, routers, aggregation nodes; in NodeId order
};

struct MapGroups {
  // Drawing order: by tier from the top down (groups without a tier last); within a tier,
  // pods in pod order (the natural order of their first leaf's name), then chassis and tier
  // groups, then connected groups, each in the natural order of their names.
  std::vector<MapGroup> groups;
  std::vector<std::optional<std::size_t>> group_of;  // per NodeId: index into groups
  std::size_t switch_units = 0;  // switch boxes of the detailed map (a chassis counts once)

  // The group with this id, or nullptr.
  const MapGroup* find(const std::string& id) const;
};

// O(nodes + links · log). `tiers` must be infer_tiers(fabric).
MapGroups compute_map_groups(const Fabric& fabric, const Tiers& tiers);

// Above this many switch boxes (chassis counted once) `render` draws the overview by default.
constexpr std::size_t kOverviewSwitchUnits = 60;

}  // namespace ibatlas
