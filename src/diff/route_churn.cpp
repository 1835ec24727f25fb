#include "ibatlas/diff/route_churn.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace ibatlas {

namespace {

using Owner = std::pair<Guid, std::uint8_t>;

// Every LID a port answers to (its base LID and the LMC range above it) and that port.
std::map<Lid, PortId> lid_owners(const Fabric& fabric) {
  std::map<Lid, PortId> out;
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.ports()[i];
    if (!p.base_lid || *p.base_lid == 0) {
      continue;
    }
    std::uint32_t count = 1U << std::min<std::uint8_t>(p.lmc.value_or(0), 7);
    for (std::uint32_t k = 0; k < count && *p.base_lid + k < 0xC000; ++k) {
      out.emplace(static_cast<Lid>(*p.base_lid + k), PortId{i});
    }
  }
  return out;
}

Owner owner(const Fabric& fabric, PortId id) {
  const Port& p = fabric.port(id);
  return {fabric.node(p.node).guid, p.number};
}

std::map<Guid, const ForwardingTable*> tables_by_guid(const Fabric& fabric) {
  std::map<Guid, const ForwardingTable*> out;
  for (const ForwardingTable& t : fabric.forwarding_tables()) {
    out.emplace(fabric.node(t.switch_node).guid, &t);  // the first switch with that GUID
  }
  return out;
}

std::size_t changed_entries(const ForwardingTable& a, const ForwardingTable& b) {
  std::size_t n = std::max(a.out_port.size(), b.out_port.size());
  std::size_t changed = 0;
  for (std::size_t lid = 0; lid < n; ++lid) {
    std::uint8_t x = lid < a.out_port.size() ? a.out_port[lid] : ForwardingTable::kNoRoute;
    std::uint8_t y = lid < b.out_port.size() ? b.out_port[lid] : ForwardingTable::kNoRoute;
    changed += x != y ? 1 : 0;
  }
  return changed;
}

}  // namespace

std::size_t RouteChurn::lft_entries() const {
  return std::accumulate(switches.begin(), switches.end(), std::size_t{0},
                         [](std::size_t sum, const LftChurn& s) { return sum + s.entries; });
}

std::optional<RouteChurn> route_churn(const Fabric& before, const Fabric& after) {
  if (before.forwarding_tables().empty() || after.forwarding_tables().empty()) {
    return std::nullopt;
  }
  RouteChurn churn;
  std::map<Lid, PortId> was = lid_owners(before);
  std::map<Lid, PortId> now = lid_owners(after);
  for (const auto& [lid, port] : now) {
    auto it = was.find(lid);
    if (it != was.end() && owner(before, it->second) != owner(after, port)) {
      churn.lids.push_back(LidMove{lid, port_ref(before, it->second), port_ref(after, port)});
    }
  }
  std::map<Guid, const ForwardingTable*> old_tables = tables_by_guid(before);
  for (const auto& [guid, table] : tables_by_guid(after)) {
    auto it = old_tables.find(guid);
    if (it == old_tables.end()) {
      continue;
    }
    if (std::size_t n = changed_entries(*it->second, *table); n > 0) {
      churn.switches.push_back(LftChurn{node_ref(after, table->switch_node), n});
    }
  }
  return churn;
}

}  // namespace ibatlas
