#include "routing/validation_acc.hpp"

#include <algorithm>
#include <tuple>

namespace ibatlas {

namespace {

bool names_port(RouteFate fate) {
  return fate == RouteFate::BadPort || fate == RouteFate::DownPort || fate == RouteFate::WrongNode;
}

}  // namespace

ValidationAccumulator::ValidationAccumulator(const AnalysisContext& context)
    : context_(context), detours_(context.view.switch_count()) {
  v_.ca_sources = context.sources.size();
  v_.switch_sources =
      static_cast<std::size_t>(std::count(context.sends.begin(), context.sends.end(), true));
  v_.destinations = context.dests.size();
  for (std::uint32_t s = 0; s < context.view.switch_count(); ++s) {
    v_.switches_without_table += context.view.table(s) == nullptr ? 1U : 0U;
  }
  std::size_t owned = 0;
  for (std::uint32_t lid = 1; lid < context.view.lid_limit(); ++lid) {
    owned += context.view.owner(lid) != kNoPort ? 1U : 0U;
  }
  v_.unlinked_lids = owned - context.dests.size();
}

void ValidationAccumulator::bump(std::vector<std::uint64_t>& histogram, std::size_t at,
                                 std::uint64_t by) {
  if (by == 0) {
    return;
  }
  if (histogram.size() <= at) {
    histogram.resize(at + 1, 0);
  }
  histogram[at] += by;
}

void ValidationAccumulator::add(const Destination& d, const DestinationPass& pass) {
  for (std::uint32_t s = 0; s < context_.view.switch_count(); ++s) {
    std::uint32_t w_switch = (d.to_switch && s == d.target) || !context_.sends[s] ? 0U : 1U;
    std::uint32_t w_ca = context_.ca_weight(s, d);
    if (w_switch + w_ca != 0) {
      count_pair(s, d, pass, w_switch, w_ca);
    }
    if (pass.fate(s) == RouteFate::Delivered) {
      count_detour(s, d, pass);
    }
  }
}

void ValidationAccumulator::count_pair(std::uint32_t s, const Destination& d,
                                       const DestinationPass& pass, std::uint32_t w_switch,
                                       std::uint32_t w_ca) {
  std::uint64_t w = w_switch + w_ca;
  v_.pairs += w;
  RouteFate fate = pass.fate(s);
  v_.fates[static_cast<std::size_t>(fate)] += w;
  if (!d.to_switch) {
    v_.host_pairs += w_ca;
    v_.host_delivered += fate == RouteFate::Delivered ? w_ca : 0U;
  }
  std::optional<std::uint32_t> least = context_.min_hops(s, d);
  if (least) {
    bump(v_.min_hop_histogram, *least, w_switch);
    bump(v_.min_hop_histogram, *least + 1, w_ca);  // a CA source adds its own cable
  }
  if (fate != RouteFate::Delivered) {
    count_drop(s, d, pass, w);
    return;
  }
  bump(v_.hop_histogram, pass.hops(s), w_switch);
  bump(v_.hop_histogram, pass.hops(s) + 1, w_ca);
  if (least && pass.hops(s) > *least) {
    v_.nonminimal += w;
  }
}

void ValidationAccumulator::count_drop(std::uint32_t s, const Destination& d,
                                       const DestinationPass& pass, std::uint64_t weight) {
  RouteFate fate = pass.fate(s);
  std::uint32_t at = pass.culprit(s);
  std::optional<std::uint8_t> port;
  if (names_port(fate)) {
    port = pass.out(at);
  }
  std::uint64_t key = (std::uint64_t{at} << 16) |
                      (std::uint64_t{static_cast<std::uint8_t>(fate)} << 8) | port.value_or(0);
  auto [it, fresh] = drops_.try_emplace(key);
  DropCount& c = it->second;
  if (fresh) {
    c.fate = fate;
    c.at = at;
    c.port = port;
    c.example = d.lid;
    for (const std::vector<std::uint32_t>& cycle : pass.cycles()) {
      if (fate == RouteFate::Loop && cycle.front() == at) {
        c.cycle = cycle;
      }
    }
  }
  c.pairs += weight;
  if (fresh || c.last != d.lid) {
    ++c.lids;
    c.last = d.lid;
  }
}

// s forwards d to a neighbour that is no closer: every route through s for d is longer than
// the shortest path. Judged at s alone, so the finding names the switch to fix.
void ValidationAccumulator::count_detour(std::uint32_t s, const Destination& d,
                                         const DestinationPass& pass) {
  std::uint32_t next = pass.next(s);
  if (next == kNoSwitch) {
    return;
  }
  std::uint8_t here = context_.hops.at(s, d.target);
  std::uint8_t there = context_.hops.at(next, d.target);
  if (here != HopMatrix::kUnreachable && there + 1U > here) {
    DetourCount& c = detours_[s];
    c.example = c.lids == 0 ? d.lid : c.example;
    ++c.lids;
  }
}

RouteValidation ValidationAccumulator::finish() && {
  const RouteView& view = context_.view;
  for (auto& [key, c] : drops_) {
    RouteDrop drop{c.fate, view.switch_node(c.at), c.port, c.pairs, c.lids, c.example, {}};
    for (std::uint32_t s : c.cycle) {
      drop.cycle.push_back(view.switch_node(s));
    }
    v_.drops.push_back(std::move(drop));
  }
  std::sort(v_.drops.begin(), v_.drops.end(), [](const RouteDrop& a, const RouteDrop& b) {
    return std::tie(b.pairs, a.at, a.fate, a.port) < std::tie(a.pairs, b.at, b.fate, b.port);
  });
  for (std::uint32_t s = 0; s < detours_.size(); ++s) {
    if (detours_[s].lids != 0) {
      v_.detours.push_back(RouteDetour{view.switch_node(s), detours_[s].lids, detours_[s].example});
    }
  }
  std::stable_sort(v_.detours.begin(), v_.detours.end(),
                   [](const RouteDetour& a, const RouteDetour& b) { return a.lids > b.lids; });
  return std::move(v_);
}

}  // namespace ibatlas
