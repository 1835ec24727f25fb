#include "ibatlas/routing/route_load.hpp"

#include <algorithm>
#include <map>

#include "ibatlas/tiers.hpp"

namespace ibatlas {

namespace {

// Groups are keyed by (tier, direction); tier -1 stands for "unknown" and sorts after the
// known ones.
using GroupKey = std::pair<int, int>;

GroupKey key_of(const LinkLoad& l) {
  return {l.tier.value_or(1 << 30), static_cast<int>(l.direction)};
}

LinkDirection switch_direction(std::optional<int> from, std::optional<int> to) {
  if (!from || !to || *from == *to) {
    return LinkDirection::Lateral;
  }
  return *to > *from ? LinkDirection::Up : LinkDirection::Down;
}

// Totals per group; a group is rated when every one of its links has a known, positive rate.
std::map<GroupKey, LoadGroup> group_totals(const std::vector<LinkLoad>& links) {
  std::map<GroupKey, LoadGroup> groups;
  for (const LinkLoad& l : links) {
    auto [it, added] = groups.try_emplace(key_of(l));
    LoadGroup& g = it->second;
    if (added) {
      g.tier = l.tier;
      g.direction = l.direction;
      g.rated = true;
    }
    ++g.links;
    g.routes += l.routes;
    bool known = l.gbps && *l.gbps > 0;
    g.rated = g.rated && known;
    g.gbps += known ? *l.gbps : 0;
  }
  for (auto& [key, g] : groups) {
    if (!g.rated) {
      g.gbps = 0;
    }
    double capacity = g.rated ? g.gbps : static_cast<double>(g.links);
    g.fair = capacity > 0 ? static_cast<double>(g.routes) / capacity : 0;
  }
  return groups;
}

}  // namespace

RouteLoad route_loads(const Fabric& fabric, const RouteBalance& balance, double threshold) {
  RouteLoad out;
  out.threshold = threshold;
  Tiers tiers = infer_tiers(fabric);
  for (const PortLoad& p : balance.ports) {
    const Port& port = fabric.port(p.port);
    if (!port.peer) {
      continue;
    }
    NodeId here = port.node;
    NodeId there = fabric.port(*port.peer).node;
    if (fabric.node(here).type != NodeType::Switch || fabric.node(there).type != NodeType::Switch) {
      continue;  // a host's cable carries its routes whatever the tables say
    }
    LinkLoad l;
    l.from = p.port;
    l.to = *port.peer;
    l.tier = tiers.of(here);
    l.direction = switch_direction(l.tier, tiers.of(there));
    l.routes = p.routes;
    l.gbps = p.gbps;
    out.links.push_back(l);
  }
  std::map<GroupKey, LoadGroup> groups = group_totals(out.links);
  for (LinkLoad& l : out.links) {
    LoadGroup& g = groups.at(key_of(l));
    double per = g.rated ? static_cast<double>(l.routes) / *l.gbps : static_cast<double>(l.routes);
    l.share = g.fair > 0 ? per / g.fair : 0;
    l.hot = g.links >= 2 && g.fair > 0 && l.share >= threshold;
    g.max_share = std::max(g.max_share, l.share);
  }
  for (auto& [key, g] : groups) {
    out.groups.push_back(g);
  }
  return out;
}

}  // namespace ibatlas
