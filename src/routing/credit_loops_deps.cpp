#include "routing/credit_loops_deps.hpp"

#include <algorithm>
#include <bit>

namespace ibatlas {

namespace {

std::uint16_t bit(std::uint8_t n) {
  return static_cast<std::uint16_t>(1U << n);
}

}  // namespace

VlMap::VlMap(const RouteView& view) : view_(view), tables_(view.fabric().sl_to_vl_tables()) {
  if (tables_.empty()) {
    return;
  }
  base_.reserve(view.switch_count() + 1);
  std::uint32_t next = 0;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    base_.push_back(next);
    next += (view.port_count(s) + 1) * (view.port_count(s) + 1);
  }
  base_.push_back(next);
  index_.assign(next, kNone);
  std::uint8_t top = 0;
  const Fabric& fabric = view.fabric();
  for (std::uint32_t i = 0; i < tables_.size(); ++i) {
    const SlToVlTable& t = tables_[i];
    std::uint32_t s = view.switch_index(fabric.node_of(t.in));
    std::uint32_t in = fabric.port(t.in).number;
    std::uint32_t out = fabric.port(t.out).number;
    std::uint32_t ports = s == kNoSwitch ? 0 : view.port_count(s);
    if (s == kNoSwitch || in > ports || out > ports) {
      continue;  // a CA's table: its first hop enters no switch-to-switch channel
    }
    index_[base_[s] + in * (ports + 1) + out] = i;
    for (std::uint8_t vl : t.vl) {
      top = vl != kDropVl ? std::max(top, vl) : top;
    }
  }
  lanes_ = top + 1U;
  uniform_.assign(view.switch_count(), nullptr);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    find_uniform(s);
  }
}

void VlMap::find_uniform(std::uint32_t s) {
  std::uint32_t ports = view_.port_count(s);
  const Vls* first = nullptr;
  for (std::uint32_t in = 0; in <= ports; ++in) {
    if (in != 0 && view_.at(s, in).peer == kNoPort) {
      continue;
    }
    for (std::uint32_t out = 1; out <= ports; ++out) {
      if (out == in || view_.at(s, out).peer == kNoPort) {
        continue;
      }
      std::uint32_t entry = index_[base_[s] + in * (ports + 1) + out];
      if (entry == kNone || (first != nullptr && tables_[entry].vl != *first)) {
        return;  // some pair has no table, or another one: look each pair up
      }
      first = &tables_[entry].vl;
    }
  }
  uniform_[s] = first;
}

const Vls& VlMap::table(std::uint32_t s, std::uint8_t in, std::uint8_t out) {
  if (tables_.empty()) {
    return kAllVl0;
  }
  if (const Vls* one = uniform_[s]; one != nullptr) {
    return *one;
  }
  std::uint32_t& entry = index_[base_[s] + in * (view_.port_count(s) + 1U) + out];
  if (entry == kNone || entry == kNoneSeen) {
    missing_ += entry == kNone ? 1U : 0U;
    entry = kNoneSeen;
    return kAllVl0;
  }
  return tables_[entry].vl;
}

VlDependencyAccumulator::VlDependencyAccumulator(const AnalysisContext& context)
    : context_(context),
      vl_map_(context.view),
      first_source_(context.view.switch_count() + 1, 0),
      rows_(context.sources.size(), nullptr),
      peer_number_(context.view.slot_count(), 0),
      sls_(context.view.switch_count(), 0),
      vls_(std::size_t{context.view.switch_count()} * 16U, 0) {
  const RouteView& view = context.view;
  const Fabric& fabric = view.fabric();
  deps_.inputs.path_sls = !fabric.path_sls().empty();
  deps_.inputs.sl_to_vl = !vl_map_.empty();
  per_source_ = deps_.inputs.path_sls || deps_.inputs.sl_to_vl;
  deps_.lanes = vl_map_.lanes();
  deps_.same_base.assign(view.slot_count(), kNoChannel);
  std::uint32_t entries = 0;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      std::uint32_t next = view.at(s, p).peer_switch;
      if (next != kNoSwitch) {
        deps_.same_base[view.slot(s, p)] = entries;
        entries += view.port_count(next) + 1;
      }
    }
  }
  deps_.same.assign(entries, 0);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    for (std::uint32_t p = 0; p <= view.port_count(s); ++p) {
      const SwitchPort& sp = view.at(s, p);
      if (sp.peer != kNoPort) {
        peer_number_[view.slot(s, p)] = fabric.port(PortId{sp.peer}).number;
      }
    }
  }
  // The CA sources of each switch, contiguous (counting sort by switch).
  for (const CaSource& c : context.sources) {
    ++first_source_[c.sw + 1];
  }
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    first_source_[s + 1] += first_source_[s];
  }
  sources_at_.resize(context.sources.size());
  std::vector<std::uint32_t> fill(first_source_.begin(), first_source_.end() - 1);
  for (std::uint32_t i = 0; i < context.sources.size(); ++i) {
    sources_at_[fill[context.sources[i].sw]++] = i;
    std::optional<Lid> lid = fabric.port(PortId{context.sources[i].port}).base_lid;
    const std::span<const PathSlRow> all = fabric.path_sls();
    auto row = std::lower_bound(all.begin(), all.end(), lid.value_or(0),
                                [](const PathSlRow& r, Lid l) { return r.source < l; });
    rows_[i] = lid && row != all.end() && row->source == *lid ? &*row : nullptr;
  }
}

// The SLs of every source to 64 LIDs at once, destination-major: reading each row once per
// block instead of one byte of every row per LID keeps the reads in cache.
void VlDependencyAccumulator::load_block(Lid first) {
  std::size_t n = rows_.size();
  block_.assign(kBlock * n, PathSlRow::kUnknown);
  for (std::size_t i = 0; i < n; ++i) {
    const PathSlRow* row = rows_[i];
    std::size_t end = row == nullptr ? 0 : std::min(row->sl.size(), std::size_t{first} + kBlock);
    for (std::size_t lid = first; lid < end; ++lid) {
      block_[(lid - first) * n + i] = row->sl[lid];
    }
  }
  block_first_ = first;
}

// The SLs of every source to `destination`, by source index (kUnknown: not read).
const std::uint8_t* VlDependencyAccumulator::sl_column(Lid destination) {
  auto first = static_cast<Lid>(destination - destination % kBlock);
  if (first != block_first_) {
    load_block(first);
  }
  return &block_[static_cast<std::size_t>(destination - first) * rows_.size()];
}

// The CA sources at s whose routes to d leave by `out`, on their SL's VL there.
void VlDependencyAccumulator::enter_sources(std::uint32_t s, std::uint8_t out,
                                            const Destination& d) {
  if (!per_source_) {
    if (context_.ca_weight(s, d) > 0) {
      sls_[s] |= 1U;
      vls_[std::size_t{s} * 16U] |= 1U;
    }
    return;
  }
  const std::uint8_t* column = deps_.inputs.path_sls ? sl_column(d.lid) : nullptr;
  const Vls* one = vl_map_.uniform(s);
  std::uint16_t& sls = sls_[s];
  std::uint16_t* vls = &vls_[std::size_t{s} * 16U];
  for (std::uint32_t k = first_source_[s]; k < first_source_[s + 1]; ++k) {
    std::uint32_t i = sources_at_[k];
    const CaSource& c = context_.sources[i];
    if (c.port == d.owner) {
      continue;
    }
    std::uint8_t sl = column == nullptr ? 0 : column[i];
    if (column != nullptr) {
      ++deps_.inputs.paths;
      deps_.inputs.paths_without_sl += sl == PathSlRow::kUnknown ? 1U : 0U;
      sl = sl == PathSlRow::kUnknown ? 0 : sl;
    }
    std::uint8_t vl = one != nullptr ? (*one)[sl] : vl_map_.table(s, c.sw_port, out)[sl];
    if (vl != kDropVl) {
      sls |= bit(sl);
      vls[sl] |= bit(vl);
    }
  }
}

// What leaves s by `out` arrives at `next` and leaves it by `next_out`: one dependency per
// (VL here, VL there) of each SL; the same-VL ones go in with one write.
void VlDependencyAccumulator::pass_on(std::uint32_t s, std::uint8_t out, std::uint32_t next,
                                      std::uint8_t next_out) {
  const RouteView& view = context_.view;
  std::uint32_t from = view.slot(s, out);
  std::uint8_t in = peer_number_[from];
  const Vls& there_of = vl_map_.table(next, in, next_out);
  std::uint16_t same = 0;
  for (unsigned sls = sls_[s]; sls != 0; sls &= sls - 1) {
    auto sl = static_cast<std::uint8_t>(std::countr_zero(sls));
    std::uint8_t there = there_of[sl];
    if (there == kDropVl) {
      continue;
    }
    sls_[next] |= bit(sl);
    vls_[std::size_t{next} * 16U + sl] |= bit(there);
    std::uint16_t here = vls_[std::size_t{s} * 16U + sl];
    same |= static_cast<std::uint16_t>(here & bit(there));
    for (unsigned other = here & ~unsigned{bit(there)}; other != 0; other &= other - 1) {
      std::uint32_t to = view.slot(next, next_out);
      auto vl = static_cast<std::uint32_t>(std::countr_zero(other));
      deps_.cross.insert(std::uint64_t{from * 16U + vl} << 32U | (to * 16U + there));
    }
  }
  deps_.same[deps_.same_base[from] + next_out] |= same;
}

void VlDependencyAccumulator::add(const Destination& d, const DestinationPass& pass) {
  const std::vector<std::uint32_t>& order = pass.delivered_order();
  for (std::uint32_t s : order) {
    sls_[s] = 0;
    std::fill_n(vls_.begin() + std::ptrdiff_t{s} * 16, 16, std::uint16_t{0});
  }
  // Farthest first: a switch has everything that passes it before it passes it on.
  for (std::size_t i = order.size(); i-- > 0;) {
    std::uint32_t s = order[i];
    std::uint32_t next = pass.next(s);
    if (next == kNoSwitch) {
      continue;  // s delivers: its routes leave by no switch-to-switch channel
    }
    enter_sources(s, pass.out(s), d);
    if (sls_[s] != 0 && pass.next(next) != kNoSwitch) {
      pass_on(s, pass.out(s), next, pass.out(next));
    }
  }
}

VlDependencies VlDependencyAccumulator::finish() && {
  deps_.inputs.hops_without_table = vl_map_.missing();
  return std::move(deps_);
}

}  // namespace ibatlas
