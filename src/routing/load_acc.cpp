#include "routing/load_acc.hpp"

#include <algorithm>

namespace ibatlas {

LoadAccumulator::LoadAccumulator(const AnalysisContext& context)
    : context_(context),
      inflow_(context.view.switch_count(), 0),
      routes_(context.view.slot_count(), 0),
      lids_(context.view.slot_count(), 0),
      delivered_ca_(context.view.switch_count(), 0),
      own_delivered_(context.sources.size(), false) {}

void LoadAccumulator::add(const Destination& d, const DestinationPass& pass) {
  const RouteView& view = context_.view;
  const std::vector<std::uint32_t>& order = pass.delivered_order();
  for (std::uint32_t s : order) {
    inflow_[s] = context_.ca_weight(s, d);
  }
  // Farthest first: a switch has all its inflow before it passes it on.
  for (std::size_t i = order.size(); i-- > 0;) {
    std::uint32_t s = order[i];
    std::uint32_t next = pass.next(s);
    if (next != kNoSwitch) {
      inflow_[next] += inflow_[s];
    }
    if (!d.to_switch && (next != kNoSwitch || s == d.target)) {
      routes_[view.slot(s, pass.out(s))] += inflow_[s];
    }
  }
  if (d.to_switch) {
    return;
  }
  for (std::uint32_t s : order) {
    ++delivered_ca_[s];
  }
  if (d.owner_is_source && pass.fate(d.target) == RouteFate::Delivered) {
    own_delivered_[context_.source_of_port[d.owner]] = true;
  }
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    std::uint8_t p = pass.out(s);
    if (p != 0 && p <= view.port_count(s) && !(s == d.target && d.to_switch)) {
      ++lids_[view.slot(s, p)];
    }
  }
}

std::vector<std::uint64_t> LoadAccumulator::source_routes() const {
  std::vector<std::uint64_t> out(context_.sources.size(), 0);
  for (std::size_t i = 0; i < out.size(); ++i) {
    // Every CA LID its switch delivers, except its own.
    out[i] = delivered_ca_[context_.sources[i].sw] - (own_delivered_[i] ? 1U : 0U);
  }
  return out;
}

}  // namespace ibatlas
