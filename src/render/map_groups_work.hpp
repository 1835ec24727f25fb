#pragma once

// The working state of compute_map_groups (map_groups.cpp), shared with the file that names
// and sums up its groups (map_groups_summary.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/style.hpp"

namespace ibatlas::render_detail {

// A group before it is named and ordered: its switch units (by head: the lowest NodeId).
struct Draft {
  GroupKind kind = GroupKind::Pod;
  std::vector<std::uint32_t> units;
  std::size_t number = 0;  // pods and connected groups: 1..N
  std::vector<NodeId> others;
};

// Everything indexed by NodeId; the per-unit vectors are filled at unit heads only.
struct Work {
  const Fabric& fabric;
  const Tiers& tiers;
  std::vector<std::uint32_t> units;                // unit heads, ascending
  std::vector<std::vector<NodeId>> chips;          // per head: its switches, ascending
  std::vector<std::vector<std::uint32_t>> around;  // per head: other units cabled, sorted
  std::vector<bool> edge;                          // per head: a host or router cabled
  std::vector<bool> external;                      // per switch: a cable leaves its unit
  std::vector<std::vector<std::uint32_t>> inside;  // per switch: other chips of its unit cabled
  std::vector<std::string> names;                  // per switch: display_name
  std::vector<std::size_t> draft_of;               // per head
  std::vector<Draft> drafts;

  std::optional<int> tier(std::uint32_t head) const { return tiers.of(NodeId{head}); }

  bool chassis(std::uint32_t head) const { return chips[head].size() > 1; }

  // Natural order of switch names; equal names by NodeId, so the order is total.
  bool name_before(std::uint32_t a, std::uint32_t b) const {
    return natural_less(names[a], names[b]) ||
           (!natural_less(names[b], names[a]) && std::tie(names[a], a) < std::tie(names[b], b));
  }
};

// "4 leaves + 4 spines, 72 hosts", "48 ASICs: 18 spine + 30 line", "36 switches".
std::string group_summary(const Work& w, const Draft& d);

}  // namespace ibatlas::render_detail
