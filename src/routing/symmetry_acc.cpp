#include "routing/symmetry_acc.hpp"

namespace ibatlas {

namespace {

// splitmix64: a fixed, well-mixed key per link id.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

SymmetryAccumulator::SymmetryAccumulator(const AnalysisContext& context, std::size_t max_cells)
    : context_(context),
      leaf_of_switch_(context.view.switch_count(), kNoSwitch),
      column_of_port_(context.view.fabric().ports().size(), kNoPort),
      switch_hash_(context.view.switch_count(), 0) {
  std::uint32_t rows = 0;
  for (std::uint32_t s = 0; s < context.view.switch_count(); ++s) {
    leaf_of_switch_[s] = context.sources_at[s] != 0 ? rows++ : kNoSwitch;
  }
  for (const Destination& d : context.dests) {
    // One LID per CA port: its first (base) LID.
    if (d.owner_is_source && column_of_port_[d.owner] == kNoPort) {
      column_of_port_[d.owner] = static_cast<std::uint32_t>(column_port_.size());
      column_port_.push_back(d.owner);
    }
  }
  columns_ = column_port_.size();
  if (static_cast<double>(rows) * static_cast<double>(columns_) > static_cast<double>(max_cells)) {
    note_ = "skipped: " + std::to_string(rows) + " leaf switches x " + std::to_string(columns_) +
            " CA LIDs is more path hashes than the limit";
    return;
  }
  enabled_ = true;
  table_.assign(rows * columns_, 0);
  slot_key_.assign(context.view.slot_count(), 0);
  for (std::uint32_t s = 0; s < context.view.switch_count(); ++s) {
    for (std::uint32_t p = 1; p <= context.view.port_count(s); ++p) {
      std::uint32_t port = context.view.at(s, p).port;
      slot_key_[context.view.slot(s, p)] = port == kNoPort ? 0 : link_key(port);
    }
  }
}

std::uint64_t SymmetryAccumulator::link_key(std::uint32_t port) const {
  std::optional<PortId> peer = context_.view.fabric().port(PortId{port}).peer;
  std::uint32_t low = peer ? std::min(port, peer->value) : port;
  return mix(low) | 1U;  // never 0, so 0 can mean "not delivered"
}

void SymmetryAccumulator::add(const Destination& d, const DestinationPass& pass) {
  if (!enabled_ || d.to_switch || !d.owner_is_source ||
      d.lid != context_.view.fabric().port(PortId{d.owner}).base_lid) {
    return;
  }
  const RouteView& view = context_.view;
  for (std::uint32_t s : pass.delivered_order()) {  // nearest first
    std::uint64_t here = slot_key_[view.slot(s, pass.out(s))];
    std::uint32_t next = pass.next(s);
    switch_hash_[s] = next == kNoSwitch ? here : here + switch_hash_[next];
  }
  std::size_t column = column_of_port_[d.owner];
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    if (leaf_of_switch_[s] != kNoSwitch) {
      std::uint64_t h = pass.fate(s) == RouteFate::Delivered ? switch_hash_[s] : 0;
      table_[leaf_of_switch_[s] * columns_ + column] = h;
    }
  }
}

RouteSymmetry SymmetryAccumulator::finish() const {
  RouteSymmetry r;
  r.checked = enabled_;
  r.note = note_;
  if (!enabled_) {
    return r;
  }
  std::vector<std::size_t> row(columns_);
  std::vector<std::uint64_t> key(columns_);
  for (std::size_t c = 0; c < columns_; ++c) {
    const CaSource& source = context_.sources[context_.source_of_port[column_port_[c]]];
    row[c] = leaf_of_switch_[source.sw] * columns_;
    key[c] = link_key(source.port);
  }
  for (std::size_t a = 0; a < columns_; ++a) {
    const std::uint64_t* row_a = table_.data() + row[a];
    for (std::size_t b = a + 1; b < columns_; ++b) {
      std::uint64_t ab = row_a[b];
      std::uint64_t ba = table_[row[b] + a];
      if (ab == 0 || ba == 0) {
        continue;
      }
      ++r.pairs;
      if (ab + key[a] != ba + key[b] && !r.example) {
        r.example = std::make_pair(PortId{column_port_[a]}, PortId{column_port_[b]});
      }
      r.asymmetric += ab + key[a] != ba + key[b] ? 1U : 0U;
    }
  }
  return r;
}

}  // namespace ibatlas
