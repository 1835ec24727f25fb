#include "routing/credit_loops_deps.hpp"

#include <algorithm>
#include <bit>

namespace ibatlas {

namespace {

std::uint16_t bit(std::uint8_t n) {
  return static_cast<std::uint16_t>(1U << n);
}

VlTable vl_table(const Vls& vl) {
  VlTable t;
  t.vl = vl;
  for (std::uint8_t sl = 0; sl < 16; ++sl) {
    if (vl[sl] != kDropVl) {
      t.bit[sl] = bit(vl[sl]);
      t.kept |= bit(sl);
    }
  }
  return t;
}

}  // namespace

VlMap::VlMap(const RouteView& view) : view_(view), distinct_{vl_table(Vls{})} {
  std::span<const SlToVlTable> tables = view.fabric().sl_to_vl_tables();
  has_tables_ = !tables.empty();
  if (!has_tables_) {
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
  for (const SlToVlTable& t : tables) {
    std::uint32_t s = view.switch_index(fabric.node_of(t.in));
    std::uint32_t in = fabric.port(t.in).number;
    std::uint32_t out = fabric.port(t.out).number;
    std::uint32_t ports = s == kNoSwitch ? 0 : view.port_count(s);
    if (s == kNoSwitch || in > ports || out > ports) {
      continue;  // a CA's table: its first hop enters no switch-to-switch channel
    }
    index_[base_[s] + in * (ports + 1) + out] = intern(t.vl);
    for (std::uint8_t vl : t.vl) {
      top = vl != kDropVl ? std::max(top, vl) : top;
    }
  }
  lanes_ = top + 1U;
  uniform_.assign(view.switch_count(), kNone);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    find_uniform(s);
  }
}

// The index of `vl` in distinct_, added when new. Tables come sorted by switch and port, so
// most equal the one before.
std::uint32_t VlMap::intern(const Vls& vl) {
  if (distinct_.back().vl == vl) {
    return static_cast<std::uint32_t>(distinct_.size() - 1);
  }
  auto [at, added] = id_of_.try_emplace(vl, static_cast<std::uint32_t>(distinct_.size()));
  if (added) {
    distinct_.push_back(vl_table(vl));
  }
  return at->second;
}

void VlMap::find_uniform(std::uint32_t s) {
  std::uint32_t ports = view_.port_count(s);
  std::uint32_t first = kNone;
  for (std::uint32_t in = 0; in <= ports; ++in) {
    if (in != 0 && view_.at(s, in).peer == kNoPort) {
      continue;
    }
    for (std::uint32_t out = 1; out <= ports; ++out) {
      if (out == in || view_.at(s, out).peer == kNoPort) {
        continue;
      }
      std::uint32_t entry = index_[base_[s] + in * (ports + 1) + out];
      if (entry == kNone || (first != kNone && entry != first)) {
        return;  // some pair has no table, or another one: look each pair up
      }
      first = entry;
    }
  }
  uniform_[s] = first;
}

const VlTable* VlMap::uniform(std::uint32_t s) const {
  if (!has_tables_) {
    return &distinct_[kAllVl0];
  }
  return uniform_[s] == kNone ? nullptr : &distinct_[uniform_[s]];
}

const VlTable& VlMap::table(std::uint32_t s, std::uint8_t in, std::uint8_t out) {
  if (!has_tables_) {
    return distinct_[kAllVl0];
  }
  if (uniform_[s] != kNone) {
    return distinct_[uniform_[s]];
  }
  std::uint32_t& entry = index_[base_[s] + in * (view_.port_count(s) + 1U) + out];
  if (entry == kNone || entry == kNoneSeen) {
    missing_ += entry == kNone ? 1U : 0U;
    entry = kNoneSeen;
    return distinct_[kAllVl0];
  }
  return distinct_[entry];
}

VlDependencyAccumulator::VlDependencyAccumulator(const AnalysisContext& context)
    : context_(context),
      vl_map_(context.view),
      first_source_(context.view.switch_count() + 1, 0),
      position_(context.sources.size(), 0),
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
  const std::span<const PathSlRow> all = fabric.path_sls();
  for (std::uint32_t i = 0; i < context.sources.size(); ++i) {
    std::uint32_t k = fill[context.sources[i].sw]++;
    sources_at_[k] = i;
    position_[i] = k;
    std::optional<Lid> lid = fabric.port(PortId{context.sources[i].port}).base_lid;
    auto row = std::lower_bound(all.begin(), all.end(), lid.value_or(0),
                                [](const PathSlRow& r, Lid l) { return r.source < l; });
    rows_[k] = lid && row != all.end() && row->source == *lid ? &*row : nullptr;
  }
}

// The SLs of every source to 64 LIDs at once, destination-major and in the order of
// sources_at_: reading each row once per block instead of one byte of every row per LID
// keeps the reads in cache, and a switch's sources are side by side.
void VlDependencyAccumulator::load_block(Lid first) {
  std::size_t n = rows_.size();
  block_.assign(kBlock * n, PathSlRow::kUnknown);
  for (std::size_t k = 0; k < n; ++k) {
    const PathSlRow* row = rows_[k];
    std::size_t end = row == nullptr ? 0 : std::min(row->sl.size(), std::size_t{first} + kBlock);
    for (std::size_t lid = first; lid < end; ++lid) {
      block_[(lid - first) * n + k] = row->sl[lid];
    }
  }
  block_first_ = first;
}

// The SLs of every source to `destination`, by k (kUnknown: not read).
const std::uint8_t* VlDependencyAccumulator::sl_column(Lid destination) {
  auto first = static_cast<Lid>(destination - destination % kBlock);
  if (first != block_first_) {
    load_block(first);
  }
  return &block_[static_cast<std::size_t>(destination - first) * rows_.size()];
}

// The SLs of the routes of s's CA sources but `self` (a k) to the column's LID; SL 0 for all
// without path SLs.
std::uint16_t VlDependencyAccumulator::source_sls(std::uint32_t s, const std::uint8_t* column,
                                                  std::uint32_t self) {
  std::uint32_t begin = first_source_[s];
  std::uint32_t end = first_source_[s + 1];
  std::uint32_t senders = end - begin - (self >= begin && self < end ? 1U : 0U);
  if (column == nullptr) {
    return senders == 0 ? 0 : bit(0);
  }
  std::uint16_t sls = 0;
  std::uint64_t unknown = 0;
  for (std::uint32_t k = begin; k < end; ++k) {
    std::uint8_t sl = column[k];
    if (k == self) {
      continue;
    }
    unknown += sl == PathSlRow::kUnknown ? 1U : 0U;
    sls |= bit(sl == PathSlRow::kUnknown ? 0 : sl);
  }
  deps_.inputs.paths += senders;
  deps_.inputs.paths_without_sl += unknown;
  return sls;
}

// As source_sls, for a switch whose tables differ by pair: each source's VL by its own port.
void VlDependencyAccumulator::enter_each_source(std::uint32_t s, std::uint8_t out,
                                                const std::uint8_t* column, std::uint32_t self) {
  for (std::uint32_t k = first_source_[s]; k < first_source_[s + 1]; ++k) {
    if (k == self) {
      continue;
    }
    std::uint8_t sl = column == nullptr ? 0 : column[k];
    if (column != nullptr) {
      ++deps_.inputs.paths;
      deps_.inputs.paths_without_sl += sl == PathSlRow::kUnknown ? 1U : 0U;
      sl = sl == PathSlRow::kUnknown ? 0 : sl;
    }
    const CaSource& c = context_.sources[sources_at_[k]];
    std::uint8_t vl = vl_map_.table(s, c.sw_port, out).vl[sl];
    if (vl != kDropVl) {
      sls_[s] |= bit(sl);
      vls_[std::size_t{s} * 16U + sl] |= bit(vl);
    }
  }
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
  if (first_source_[s] == first_source_[s + 1]) {
    return;
  }
  const std::uint8_t* column = deps_.inputs.path_sls ? sl_column(d.lid) : nullptr;
  std::uint32_t owner = d.owner < context_.source_of_port.size() ? context_.source_of_port[d.owner]
                                                                 : AnalysisContext::kNoSource;
  std::uint32_t self = owner == AnalysisContext::kNoSource ? owner : position_[owner];
  const VlTable* one = vl_map_.uniform(s);
  if (one == nullptr) {
    enter_each_source(s, out, column, self);
    return;
  }
  std::uint16_t sls = source_sls(s, column, self) & one->kept;
  sls_[s] |= sls;
  for (unsigned left = sls; left != 0; left &= left - 1) {
    auto sl = static_cast<std::size_t>(std::countr_zero(left));
    vls_[std::size_t{s} * 16U + sl] |= one->bit[sl];
  }
}

// What leaves s by `out` arrives at `next` and leaves it by `next_out`: one dependency per
// (VL here, VL there) of each SL. All 16 SLs at once (an SL no route of s uses has no VLs
// here and adds nothing); the same-VL dependencies go in with one write, the rare ones that
// change VL by pass_on_cross.
void VlDependencyAccumulator::pass_on(std::uint32_t s, std::uint8_t out, std::uint32_t next,
                                      std::uint8_t next_out) {
  const RouteView& view = context_.view;
  std::uint32_t from = view.slot(s, out);
  const VlTable& t = vl_map_.table(next, peer_number_[from], next_out);
  std::array<std::uint16_t, 16> here{};
  std::array<std::uint16_t, 16> there{};
  std::copy_n(vls_.begin() + std::ptrdiff_t{s} * 16, 16, here.begin());
  std::copy_n(vls_.begin() + std::ptrdiff_t{next} * 16, 16, there.begin());
  std::uint16_t same = 0;
  std::uint16_t moved = 0;
  for (std::size_t sl = 0; sl < 16; ++sl) {
    auto on = static_cast<std::uint16_t>(here[sl] != 0 ? t.bit[sl] : 0);  // 0: dropped
    there[sl] |= on;
    same |= static_cast<std::uint16_t>(here[sl] & on);
    moved |= static_cast<std::uint16_t>(on != 0 ? here[sl] & ~on : 0);
  }
  std::copy_n(there.begin(), 16, vls_.begin() + std::ptrdiff_t{next} * 16);
  sls_[next] |= static_cast<std::uint16_t>(sls_[s] & t.kept);
  deps_.same[deps_.same_base[from] + next_out] |= same;
  if (moved != 0) {
    pass_on_cross(s, from, view.slot(next, next_out), t);
  }
}

// The dependencies from (from, VL here) to (to, VL there) of the SLs whose VL changes at the
// next switch.
void VlDependencyAccumulator::pass_on_cross(std::uint32_t s, std::uint32_t from, std::uint32_t to,
                                            const VlTable& t) {
  for (unsigned sls = sls_[s]; sls != 0; sls &= sls - 1) {
    auto sl = static_cast<std::uint8_t>(std::countr_zero(sls));
    std::uint8_t there = t.vl[sl];
    if (there == kDropVl) {
      continue;
    }
    std::uint16_t here = vls_[std::size_t{s} * 16U + sl];
    for (unsigned other = here & ~unsigned{bit(there)}; other != 0; other &= other - 1) {
      auto vl = static_cast<std::uint32_t>(std::countr_zero(other));
      deps_.cross.insert(std::uint64_t{from * 16U + vl} << 32U | (to * 16U + there));
    }
  }
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
