// The one line under a group's name (map_groups_work.hpp).

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

#include "render/map_groups_work.hpp"

namespace ibatlas::render_detail {

namespace {

std::string counted(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string hosts_part(const Work& w, const Draft& d) {
  auto hosts = std::count_if(d.others.begin(), d.others.end(),
                             [&w](NodeId id) { return is_host(w.fabric.node(id)); });
  return hosts == 0 ? "" : ", " + counted(static_cast<std::size_t>(hosts), "host", "hosts");
}

// "4 leaves + 4 spines": switches per tier, bottom up.
std::string pod_summary(const Work& w, const Draft& d) {
  std::map<int, std::size_t> per_tier;
  for (std::uint32_t head : d.units) {
    ++per_tier[*w.tier(head)];
  }
  std::string text;
  for (const auto& [tier, count] : per_tier) {
    std::string name = tier_name(tier) + (tier > 3 ? " switch" : "");  // "tier 5 switch"
    std::string many = tier == kLeafTier ? "leaves" : name + (tier > 3 ? "es" : "s");
    text += (text.empty() ? "" : " + ") + counted(count, name, many);
  }
  return text;
}

// A director's line chips have cables leaving it, but a line card with nothing plugged in is
// one too: a chip is line or spine by the parity of its internal hops from the nearest chip
// cabled out (inside, a director is bipartite: line chips to spine chips).
std::size_t line_chips(const Work& w, const std::vector<NodeId>& chips) {
  std::unordered_map<std::uint32_t, std::size_t> hops;
  std::deque<std::uint32_t> queue;
  for (NodeId chip : chips) {
    if (w.external[chip.value]) {
      hops[chip.value] = 0;
      queue.push_back(chip.value);
    }
  }
  for (; !queue.empty(); queue.pop_front()) {
    std::size_t next = hops[queue.front()] + 1;
    for (std::uint32_t far : w.inside[queue.front()]) {
      if (hops.emplace(far, next).second) {
        queue.push_back(far);
      }
    }
  }
  return static_cast<std::size_t>(
      std::count_if(hops.begin(), hops.end(), [](const auto& h) { return h.second % 2 == 0; }));
}

}  // namespace

std::string group_summary(const Work& w, const Draft& d) {
  if (d.kind == GroupKind::Pod) {
    return pod_summary(w, d) + hosts_part(w, d);
  }
  if (d.kind == GroupKind::Chassis) {
    const std::vector<NodeId>& chips = w.chips[d.units.front()];
    std::size_t line = line_chips(w, chips);
    return std::to_string(chips.size()) + " ASICs: " + std::to_string(chips.size() - line) +
           " spine + " + std::to_string(line) + " line" + hosts_part(w, d);
  }
  return counted(d.units.size(), "switch", "switches") + hosts_part(w, d);
}

}  // namespace ibatlas::render_detail
