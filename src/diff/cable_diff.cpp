#include "ibatlas/diff/cable_diff.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <utility>

#include "diff/end_space.hpp"

namespace ibatlas {

namespace {

using diff::End;
using diff::EndSpace;

struct Cable {
  End a = 0;  // the lower end in report order (EndSpace::less)
  End b = 0;

  End other(End e) const { return e == a ? b : a; }
};

// Each cable once, between nodes matched in both snapshots; `end` names a port's end.
template <typename EndOf, typename Matched>
std::vector<Cable> cables_of(const Fabric& f, const EndSpace& space, EndOf end, Matched matched) {
  std::vector<Cable> out;
  for (PortId id : f.links()) {
    const Port& p = f.port(id);
    if (matched(p) && matched(f.port(*p.peer))) {
      End x = end(id);
      End y = end(*p.peer);
      out.push_back(space.less(y, x) ? Cable{y, x} : Cable{x, y});
    }
  }
  return out;
}

using PeerMap = std::unordered_map<End, End>;

PeerMap peer_map(const std::vector<Cable>& cables) {
  PeerMap m;
  m.reserve(cables.size() * 2);
  for (const Cable& c : cables) {
    m.emplace(c.a, c.b);
    m.emplace(c.b, c.a);
  }
  return m;
}

// The cables of `cables` that `other` does not hold.
std::vector<Cable> missing_from(const std::vector<Cable>& cables, const PeerMap& other) {
  std::vector<Cable> out;
  for (const Cable& c : cables) {
    auto it = other.find(c.a);
    if (it == other.end() || it->second != c.b) {
      out.push_back(c);
    }
  }
  return out;
}

using EndIndex = std::unordered_map<End, std::size_t>;

EndIndex index_ends(const std::vector<Cable>& cables) {
  EndIndex m;
  m.reserve(cables.size() * 2);
  for (std::size_t i = 0; i < cables.size(); ++i) {
    m.emplace(cables[i].a, i);
    m.emplace(cables[i].b, i);
  }
  return m;
}

std::optional<std::size_t> find(const EndIndex& m, End e) {
  auto it = m.find(e);
  return it == m.end() ? std::nullopt : std::optional<std::size_t>(it->second);
}

// Classifies removed and added cables; every cable ends up in exactly one change group.
class Classifier {
 public:
  Classifier(const EndSpace& space, std::vector<Cable> removed, std::vector<Cable> added)
      : space_(space),
        removed_(std::move(removed)),
        added_(std::move(added)),
        removed_at_(index_ends(removed_)),
        added_at_(index_ends(added_)),
        removed_used_(removed_.size(), false),
        added_used_(added_.size(), false) {}

  std::vector<Change> run() {
    for (std::size_t r = 0; r < removed_.size(); ++r) {
      try_swap(r);
    }
    for (std::size_t r = 0; r < removed_.size(); ++r) {
      try_move(r);
    }
    for (std::size_t r = 0; r < removed_.size(); ++r) {
      if (!removed_used_[r]) {
        emit(ChangeKind::CableRemoved, removed_[r].a, removed_[r].b, std::nullopt);
      }
    }
    for (std::size_t x = 0; x < added_.size(); ++x) {
      if (!added_used_[x]) {
        emit(ChangeKind::CableAdded, added_[x].a, std::nullopt, added_[x].b);
      }
    }
    return std::move(out_);
  }

 private:
  // The unused added cable at `e`, if any.
  std::optional<std::size_t> free_added(End e) const {
    std::optional<std::size_t> x = find(added_at_, e);
    return x && !added_used_[*x] ? x : std::nullopt;
  }

  // A–B and C–D became A–D and B–C.
  void try_swap(std::size_t r) {
    if (removed_used_[r]) {
      return;
    }
    const Cable& ab = removed_[r];
    std::optional<std::size_t> xa = free_added(ab.a);
    std::optional<std::size_t> xb = free_added(ab.b);
    if (!xa || !xb || *xa == *xb) {
      return;
    }
    End d = added_[*xa].other(ab.a);
    End c = added_[*xb].other(ab.b);
    std::optional<std::size_t> r2 = find(removed_at_, c);
    if (!r2 || *r2 == r || removed_used_[*r2] || find(removed_at_, d) != r2) {
      return;
    }
    removed_used_[r] = removed_used_[*r2] = true;
    added_used_[*xa] = added_used_[*xb] = true;
    // Fixed ends: (a, c) traded b and d, or (b, d) traded a and c.
    bool b_d_fixed = fixed_pair_score(ab.b, d) > fixed_pair_score(ab.a, c);
    End x = b_d_fixed ? ab.b : ab.a;
    End y = b_d_fixed ? d : c;
    emit_swap(x, y);
  }

  // Which two ends read best as the ones that stayed: two ports of one node (cables traded
  // on one switch), else two switch ports (hosts traded places), else either; ties go to
  // (a, c), the pair with the lowest end.
  int fixed_pair_score(End x, End y) const {
    if ((x >> 8) == (y >> 8)) {
      return 2;
    }
    return space_.on_switch(x) && space_.on_switch(y) ? 1 : 0;
  }

  void emit_swap(End x, End y) {
    for (auto [fixed, partner] : {std::pair{x, y}, std::pair{y, x}}) {
      const Cable& was = removed_[*find(removed_at_, fixed)];
      const Cable& now = added_[*find(added_at_, fixed)];
      Change& c = emit(ChangeKind::CableSwapped, fixed, was.other(fixed), now.other(fixed));
      c.traded_with = space_.ref(partner);
    }
  }

  // A–B became A–C: the first end of the removed cable that has a new cable stayed.
  void try_move(std::size_t r) {
    if (removed_used_[r]) {
      return;
    }
    const Cable& was = removed_[r];
    for (End fixed : {was.a, was.b}) {
      if (std::optional<std::size_t> x = free_added(fixed)) {
        removed_used_[r] = true;
        added_used_[*x] = true;
        emit(ChangeKind::CableMoved, fixed, was.other(fixed), added_[*x].other(fixed));
        return;
      }
    }
  }

  Change& emit(ChangeKind kind, End at, std::optional<End> before, std::optional<End> after) {
    Change& c = out_.emplace_back();
    c.kind = kind;
    c.at = space_.ref(at);
    if (before) {
      c.peer_before = space_.ref(*before);
      c.before = end_string(*c.peer_before);
    }
    if (after) {
      c.peer_after = space_.ref(*after);
      c.after = end_string(*c.peer_after);
    }
    return c;
  }

  const EndSpace& space_;
  std::vector<Cable> removed_;
  std::vector<Cable> added_;
  EndIndex removed_at_;
  EndIndex added_at_;
  std::vector<bool> removed_used_;
  std::vector<bool> added_used_;
  std::vector<Change> out_;
};

}  // namespace

std::vector<Change> diff_cables(const Fabric& before, const Fabric& after, const NodeMatch& match) {
  EndSpace space(before, after, match);
  std::vector<Cable> old_cables = cables_of(
      before, space, [&](PortId id) { return space.before_end(id); },
      [&](const Port& p) { return space.matched(p); });
  std::vector<Cable> new_cables = cables_of(
      after, space, [&](PortId id) { return space.after_end(id); },
      [&](const Port& p) { return space.matched_after(p); });
  std::vector<Cable> removed = missing_from(old_cables, peer_map(new_cables));
  std::vector<Cable> added = missing_from(new_cables, peer_map(old_cables));
  // In report order, so that which end "stayed" does not depend on how a source numbers
  // its nodes.
  auto by_ends = [&space](const Cable& x, const Cable& y) {
    if (x.a != y.a) {
      return space.less(x.a, y.a);
    }
    return space.less(x.b, y.b);
  };
  std::sort(removed.begin(), removed.end(), by_ends);
  std::sort(added.begin(), added.end(), by_ends);
  return Classifier(space, std::move(removed), std::move(added)).run();
}

}  // namespace ibatlas
