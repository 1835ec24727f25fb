#include <map>

#include "ibatlas/link_capability.hpp"

#include "findings/finding_factory.hpp"
#include "routing/balance.hpp"

namespace ibatlas {

namespace {

// True when the link from `port` goes up a tier.
bool goes_up(const Fabric& fabric, const Tiers& tiers, PortId port) {
  std::optional<int> here = tiers.of(fabric.node_of(port));
  std::optional<int> there = tiers.of(fabric.node_of(*fabric.port(port).peer));
  return here && there && *there > *here;
}

void judge(const Fabric& fabric, NodeId at, std::string label, std::vector<PortId> ports,
           const std::vector<std::uint32_t>& lids, std::vector<ImbalancedGroup>& out) {
  if (ports.size() < 2) {
    return;
  }
  ImbalanceRule rule(fabric, std::move(ports), lids);
  if (rule.unbalanced) {
    rule.group.at = at;
    rule.group.group = std::move(label);
    out.push_back(std::move(rule.group));
  }
}

}  // namespace

std::vector<ImbalancedGroup> imbalanced_groups(const AnalysisContext& context, const Tiers& tiers,
                                               const std::vector<PortLoad>& ports) {
  const RouteView& view = context.view;
  const Fabric& fabric = view.fabric();
  std::vector<std::uint32_t> lids(fabric.ports().size(), 0);
  for (const PortLoad& p : ports) {
    lids[p.port.value] = p.lids;
  }
  std::vector<ImbalancedGroup> out;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    std::vector<PortId> up;
    std::map<std::uint32_t, std::vector<PortId>> by_neighbour;  // by neighbour switch
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      const SwitchPort& sp = view.at(s, p);
      if (sp.peer_switch == kNoSwitch || sp.peer_switch == s) {
        continue;
      }
      if (goes_up(fabric, tiers, PortId{sp.port})) {
        up.push_back(PortId{sp.port});
      } else {
        by_neighbour[sp.peer_switch].push_back(PortId{sp.port});
      }
    }
    judge(fabric, view.switch_node(s), "uplinks", std::move(up), lids, out);
    for (auto& [neighbour, group] : by_neighbour) {
      std::string label = "links to " + fabric.node(view.switch_node(neighbour)).description;
      judge(fabric, view.switch_node(s), std::move(label), std::move(group), lids, out);
    }
  }
  return out;
}

std::vector<DegradedLoad> degraded_loads(const Fabric& fabric, const std::vector<PortLoad>& ports) {
  std::vector<std::uint64_t> routes(fabric.ports().size(), 0);
  for (const PortLoad& p : ports) {
    routes[p.port.value] = p.routes;
  }
  FindingFactory make(fabric, nullptr);  // for link_ends: the order link.degraded names them
  EnabledUnion enabled = enabled_union(fabric);
  std::vector<DegradedLoad> out;
  for (PortId link : fabric.links()) {
    PortId peer = *fabric.port(link).peer;
    if (!judge_link(fabric.port(link), fabric.port(peer), enabled).degraded()) {
      continue;
    }
    auto [a, b] = make.link_ends(link, peer);
    out.push_back(DegradedLoad{a, b, routes[a.value], routes[b.value]});
  }
  return out;
}

}  // namespace ibatlas
