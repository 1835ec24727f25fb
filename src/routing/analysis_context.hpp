#pragma once

// Private to src/routing: what every part of route analysis shares: the view, the shortest
// switch-to-switch distances, the sources and the destinations.

#include <cstdint>
#include <vector>

#include "routing/hop_matrix.hpp"
#include "routing/route_view.hpp"

namespace ibatlas {

struct AnalysisContext {
  explicit AnalysisContext(const Fabric& fabric)
      : view(fabric, LinkRule::Forwarding),
        hops(view),
        sources(ca_sources(view)),
        dests(destinations(view)),
        sources_at(view.switch_count(), 0),
        source_of_port(fabric.ports().size(), kNoSource),
        sends(view.switch_count(), false) {
    for (std::uint32_t i = 0; i < sources.size(); ++i) {
      ++sources_at[sources[i].sw];
      source_of_port[sources[i].port] = i;
    }
    for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
      for (const SwitchPort& p : view.ports(s)) {
        sends[s] = sends[s] || p.peer != kNoPort;
      }
    }
  }

  static constexpr std::uint32_t kNoSource = 0xffffffff;

  // CA sources at switch s that send to d (the LID's own port does not send to itself).
  std::uint32_t ca_weight(std::uint32_t s, const Destination& d) const {
    bool self = d.owner_is_source && !d.to_switch && s == d.target;
    return sources_at[s] - (self ? 1U : 0U);
  }

  // The shortest path from switch s to d's port, in links; absent when unreachable.
  std::optional<std::uint32_t> min_hops(std::uint32_t s, const Destination& d) const {
    std::uint8_t h = hops.at(s, d.target);
    if (h == HopMatrix::kUnreachable) {
      return std::nullopt;
    }
    return h + (d.to_switch ? 0U : 1U);
  }

  RouteView view;
  HopMatrix hops;
  std::vector<CaSource> sources;
  std::vector<Destination> dests;
  std::vector<std::uint32_t> sources_at;      // per switch
  std::vector<std::uint32_t> source_of_port;  // per PortId: index into sources, or kNoSource
  std::vector<bool> sends;  // per switch: has a working link (an isolated switch sends nothing)
};

}  // namespace ibatlas
