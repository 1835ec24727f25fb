#include "routing/balance.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "ibatlas/tiers.hpp"

namespace ibatlas {

namespace {

std::optional<double> rate_gbps(const Fabric& fabric, PortId id) {
  const Port& p = fabric.port(id);
  std::optional<LinkWidth> width = p.width_active;
  std::optional<LinkSpeed> speed = p.speed_active;
  if ((!width || !speed) && p.peer) {  // a dump may give the rate on one end only
    width = width ? width : fabric.port(*p.peer).width_active;
    speed = speed ? speed : fabric.port(*p.peer).speed_active;
  }
  if (!width || !speed) {
    return std::nullopt;
  }
  return lanes(*width) * lane_rate_gbps(*speed);
}

LinkDirection direction(const Fabric& fabric, const Tiers& tiers, PortId from) {
  NodeId a = fabric.node_of(from);
  NodeId b = fabric.node_of(*fabric.port(from).peer);
  if (fabric.node(a).type != NodeType::Switch) {
    return LinkDirection::FromHost;
  }
  if (fabric.node(b).type != NodeType::Switch) {
    return LinkDirection::ToHost;
  }
  std::optional<int> ta = tiers.of(a);
  std::optional<int> tb = tiers.of(b);
  if (!ta || !tb || *ta == *tb) {
    return LinkDirection::Lateral;
  }
  return *tb > *ta ? LinkDirection::Up : LinkDirection::Down;
}

std::vector<TierLoad> tier_loads(const Fabric& fabric, const Tiers& tiers,
                                 const std::vector<PortLoad>& ports) {
  struct Sum {
    TierLoad load;
    double routes = 0;
    double per_gbps = 0;
    std::size_t rated = 0;
  };

  std::map<std::pair<int, int>, Sum> sums;  // (tier or -1, direction)
  for (const PortLoad& p : ports) {
    std::optional<int> tier = tiers.of(fabric.node_of(p.port));
    LinkDirection dir = direction(fabric, tiers, p.port);
    Sum& s = sums[{tier.value_or(-1), static_cast<int>(dir)}];
    s.load.tier = tier;
    s.load.direction = dir;
    ++s.load.ports;
    s.load.max_routes = std::max(s.load.max_routes, p.routes);
    s.routes += static_cast<double>(p.routes);
    if (p.gbps && *p.gbps > 0) {
      double per = static_cast<double>(p.routes) / *p.gbps;
      s.load.max_per_gbps = std::max(s.load.max_per_gbps, per);
      s.per_gbps += per;
      ++s.rated;
    }
  }
  std::vector<TierLoad> out;
  for (auto& [key, s] : sums) {
    s.load.mean_routes = s.routes / static_cast<double>(s.load.ports);
    s.load.mean_per_gbps = s.rated == 0 ? 0 : s.per_gbps / static_cast<double>(s.rated);
    out.push_back(s.load);
  }
  return out;
}

}  // namespace

ImbalanceRule::ImbalanceRule(const Fabric& fabric, std::vector<PortId> ports,
                             const std::vector<std::uint32_t>& lids_of_port) {
  group.ports = std::move(ports);
  double fastest = 0;
  std::vector<double> rates;
  for (PortId p : group.ports) {
    rates.push_back(rate_gbps(fabric, p).value_or(0));
    fastest = std::max(fastest, rates.back());
  }
  double sum = 0;
  group.min_lids = ~0U;
  std::vector<double> weighted;
  for (std::size_t i = 0; i < group.ports.size(); ++i) {
    std::uint32_t lids = lids_of_port[group.ports[i].value];
    group.min_lids = std::min(group.min_lids, lids);
    group.max_lids = std::max(group.max_lids, lids);
    // A port of half the group's best rate carrying as many LIDs is twice as loaded.
    double scale = rates[i] > 0 && fastest > 0 ? fastest / rates[i] : 1.0;
    weighted.push_back(lids * scale);
    sum += weighted.back();
  }
  auto [lo, hi] = std::minmax_element(weighted.begin(), weighted.end());
  group.max_weighted = *hi;
  group.mean_weighted = sum / static_cast<double>(weighted.size());
  // check_lft_balance's rule (max > min + 1), on rate-weighted counts.
  unbalanced = group.ports.size() >= 2 && *hi > *lo + 1.0;
}

RouteBalance summarize_balance(const AnalysisContext& context, const LoadAccumulator& loads) {
  const RouteView& view = context.view;
  const Fabric& fabric = view.fabric();
  RouteBalance b;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      const SwitchPort& sp = view.at(s, p);
      if (sp.peer != kNoPort) {
        std::uint32_t slot = view.slot(s, p);
        b.ports.push_back(PortLoad{PortId{sp.port}, loads.routes()[slot], loads.lids()[slot],
                                   rate_gbps(fabric, PortId{sp.port})});
      }
    }
  }
  std::vector<std::uint64_t> from_sources = loads.source_routes();
  for (std::size_t i = 0; i < context.sources.size(); ++i) {
    PortId port{context.sources[i].port};
    b.ports.push_back(PortLoad{port, from_sources[i], 0, rate_gbps(fabric, port)});
  }
  std::sort(b.ports.begin(), b.ports.end(),
            [](const PortLoad& x, const PortLoad& y) { return x.port < y.port; });
  Tiers tiers = infer_tiers(fabric);
  b.tiers = tier_loads(fabric, tiers, b.ports);
  b.imbalanced = imbalanced_groups(context, tiers, b.ports);
  b.degraded = degraded_loads(fabric, b.ports);
  return b;
}

}  // namespace ibatlas
