// Up/down as opensm 3.3.23 computes it (osm_ucast_updn.c): rank switches from the roots,
// then one breadth-first search per destination switch that marks each switch it reaches
// up or down and refuses a down-to-up turn. Like opensm, each switch carries one direction
// at a time (the direction it was queued with), so the search reproduces opensm's hop
// counts, quirks included, rather than an exact up/down shortest path.

#include "ibatlas/routing/updn.hpp"

#include <algorithm>

#include "ibatlas/routing/minhop.hpp"

#include "routing/hop_matrix.hpp"
#include "routing/lft_builder.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::uint32_t kUnranked = 0xffffffff;

enum class Dir : std::uint8_t { Up, Down };

// updn_get_dir: towards a lower rank is up; between equal ranks the larger GUID is up; two
// roots are always up (so roots cabled together still reach each other).
Dir direction(std::uint32_t rank, std::uint32_t next_rank, Guid id, Guid next_id) {
  if (rank == 0 && next_rank == 0) {
    return Dir::Up;
  }
  if (rank != next_rank) {
    return rank < next_rank ? Dir::Down : Dir::Up;
  }
  return id > next_id ? Dir::Up : Dir::Down;
}

// updn_subn_rank: hop distance from the nearest root.
std::vector<std::uint32_t> rank_switches(const RouteView& view, const std::vector<bool>& root) {
  std::vector<std::uint32_t> rank(view.switch_count(), kUnranked);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    if (root[s]) {
      rank[s] = 0;
      queue.push_back(s);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::uint32_t u = queue[head];
    for (const SwitchPort& p : view.ports(u)) {
      if (p.peer_switch != kNoSwitch && rank[p.peer_switch] > rank[u] + 1U) {
        rank[p.peer_switch] = rank[u] + 1U;
        queue.push_back(p.peer_switch);
      }
    }
  }
  return rank;
}

class UpdnSearch {
 public:
  UpdnSearch(const RouteView& view, std::vector<std::uint32_t> rank)
      : view_(view),
        rank_(std::move(rank)),
        id_(view.switch_count()),
        hops_(view.slot_count()),
        least_(view.switch_count()),
        dir_(view.switch_count()),
        queued_(view.switch_count()) {
    for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
      id_[s] = view.fabric().node(view.switch_node(s)).guid;
    }
  }

  // updn_bfs_by_node for destination switch t, then its candidates into `table`.
  void run(std::uint32_t t, CandidateTable& table) {
    std::fill(hops_.begin(), hops_.end(), CandidateTable::kNoPath);
    std::fill(least_.begin(), least_.end(), CandidateTable::kNoPath);
    std::fill(queued_.begin(), queued_.end(), false);
    hops_[view_.slot(t, 0)] = 0;
    least_[t] = 0;
    dir_[t] = Dir::Up;
    queue_.assign(1, t);
    // By index: relax() appends to queue_, which would invalidate a range-for's iterators.
    for (std::size_t head = 0; head < queue_.size(); ++head) {  // NOLINT(modernize-loop-convert)
      std::uint32_t u = queue_[head];
      queued_[u] = false;  // opensm clears "visited" on dequeue: u may be queued again
      for (std::uint32_t p = 1; p <= view_.port_count(u); ++p) {
        relax(u, p);
      }
    }
    record(t, table);
  }

 private:
  void relax(std::uint32_t u, std::uint32_t p) {
    const SwitchPort& sp = view_.at(u, p);
    std::uint32_t r = sp.peer_switch;
    if (r == kNoSwitch) {
      return;
    }
    Dir next = direction(rank_[u], rank_[r], id_[u], id_[r]);
    if (dir_[u] == Dir::Down && next == Dir::Up) {
      return;  // the one illegal turn
    }
    std::uint32_t slot = view_.slot(r, view_.fabric().port(PortId{sp.peer}).number);
    if (least_[u] + 1U >= hops_[slot]) {
      return;
    }
    hops_[slot] = static_cast<std::uint8_t>(least_[u] + 1U);
    least_[r] = std::min(least_[r], hops_[slot]);
    if (!queued_[r]) {
      dir_[r] = next;
      queued_[r] = true;
      queue_.push_back(r);
    }
  }

  void record(std::uint32_t t, CandidateTable& table) const {
    for (std::uint32_t s = 0; s < view_.switch_count(); ++s) {
      table.set_least(s, t, least_[s]);
      if (least_[s] == CandidateTable::kNoPath || s == t) {
        continue;
      }
      for (std::uint32_t p = 1; p <= view_.port_count(s); ++p) {
        if (hops_[view_.slot(s, p)] == least_[s] && view_.at(s, p).peer != kNoPort) {
          table.add(s, t, p);
        }
      }
    }
  }

  const RouteView& view_;
  std::vector<std::uint32_t> rank_;
  std::vector<Guid> id_;
  std::vector<std::uint8_t> hops_;   // per slot, for the current destination switch
  std::vector<std::uint8_t> least_;  // per switch
  std::vector<Dir> dir_;
  std::vector<bool> queued_;
  std::vector<std::uint32_t> queue_;
};

std::vector<bool> given_roots(const Fabric& fabric, const RouteView& view,
                              std::span<const Guid> guids, UpdnTables& out) {
  std::vector<bool> root(view.switch_count(), false);
  for (Guid guid : guids) {
    std::optional<NodeId> node = fabric.find_node(guid);
    std::uint32_t s = node ? view.switch_index(*node) : kNoSwitch;
    if (s == kNoSwitch) {
      out.notes.push_back("root " + text::guid_text(guid) +
                          " is not a switch of the fabric: ignored");
      continue;
    }
    root[s] = true;
  }
  return root;
}

}  // namespace

std::vector<NodeId> detect_updn_roots(const Fabric& fabric) {
  RouteView view(fabric, LinkRule::Cabled);
  HopMatrix hops(view);
  std::vector<std::uint32_t> cas_at(view.switch_count(), 0);
  double cas = 0;
  for (const CaSource& c : ca_sources(view)) {
    ++cas_at[c.sw];
    ++cas;
  }
  std::vector<NodeId> roots;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    std::vector<double> histogram(64, 0);  // IB_SUBNET_PATH_HOPS_MAX
    for (std::uint32_t t = 0; t < view.switch_count(); ++t) {
      if (cas_at[t] != 0 && hops.at(s, t) < histogram.size()) {
        histogram[hops.at(s, t)] += cas_at[t];
      }
    }
    auto over = [&histogram](double share) {
      return std::count_if(histogram.begin(), histogram.end(),
                           [share](double h) { return h > share; });
    };
    if (over(cas * 0.9) == 1 && over(cas * 0.05) == 1) {
      roots.push_back(view.switch_node(s));
    }
  }
  return roots;
}

UpdnTables compute_updn(const Fabric& fabric, std::span<const Guid> roots) {
  UpdnTables out;
  RouteView view(fabric, LinkRule::Cabled);
  std::vector<bool> root(view.switch_count(), false);
  if (roots.empty()) {
    for (NodeId n : detect_updn_roots(fabric)) {
      root[view.switch_index(n)] = true;
    }
  } else {
    root = given_roots(fabric, view, roots, out);
  }
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    if (root[s]) {
      out.roots.push_back(view.switch_node(s));
    }
  }
  if (out.roots.empty()) {
    out.fell_back = true;
    out.notes.push_back("no root switch: minhop tables instead, as opensm falls back");
    out.tables = compute_minhop(fabric);
    return out;
  }
  UpdnSearch search(view, rank_switches(view, root));
  CandidateTable table(view.switch_count(), max_switch_port(view));
  for (std::uint32_t t = 0; t < view.switch_count(); ++t) {
    search.run(t, table);
  }
  out.tables = build_tables(view, table);
  return out;
}

}  // namespace ibatlas
