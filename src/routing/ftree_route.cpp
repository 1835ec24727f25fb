// opensm's fat-tree engine, second half: do_routing of osm_ucast_ftree.c with the default
// options (no I/O nodes, so no reverse hops; no connect_roots). Read for the algorithm,
// written anew.
//
// One destination LID at a time. From the destination's leaf, "down-going by going up"
// climbs to the roots: at each switch the up group with the fewest routes down (then the
// lowest remote index) carries the main path and has its counters raised; the other up
// groups are given the LID too (secondary paths, no counters). At every switch reached,
// "up-going by going down" first descends every other down group, giving the switches
// below a route up to it over the group's least loaded cable; a cable's and group's up
// counters rise when the descent reaches a leaf with CAs. A switch already holding the LID
// at no more hops is not revisited. Counters carry over from one LID to the next, which is
// how the engine spreads destinations over the uplinks; the order of LIDs (leaves by index,
// each leaf's CAs by port, dummy CAs up to the fullest leaf, then switches in GUID table
// order) therefore decides every port, and is opensm's.

#include <algorithm>

#include "routing/ftree_tree.hpp"

namespace ibatlas::ftree {

namespace {

constexpr std::uint8_t kNoPath = ForwardingTable::kNoRoute;

class Router {
 public:
  explicit Router(Tree& tree)
      : tree_(tree),
        tables_(tree.sw.size(), std::vector<std::uint8_t>(tree.lid_limit, kNoPath)),
        dummy_(tree.sw.size(), kNoPath),
        hops_(tree.sw.size(), kNoPath) {}

  // fabric_route_to_cns: leaves in index order, each leaf's CA ports in port order, then
  // dummy targets (LID 0, counted but never stored) so every leaf sends as many routes up
  // as the fullest one.
  void route_to_cas() {
    for (std::uint32_t leaf : tree_.leaves) {
      std::uint32_t routed = 0;
      for (std::uint32_t g : tree_.sw[leaf].down) {
        const Group& group = tree_.groups[g];
        if (group.remote != kNone || group.links.empty()) {
          continue;
        }
        begin(group.remote_lid);
        entry(leaf) = group.links.front().port;
        hops_[leaf] = 1;
        down_by_going_up(leaf, kNone, true, 1);
        ++routed;
      }
      for (; routed < tree_.max_cas_per_leaf; ++routed) {
        begin(0);
        hops_[leaf] = 1;
        down_by_going_up(leaf, kNone, true, 1);
      }
    }
  }

  // fabric_route_to_switches: each switch's own LID, secondary paths only.
  void route_to_switches() {
    for (std::uint32_t s = 0; s < tree_.sw.size(); ++s) {
      if (tree_.sw[s].lid == 0) {
        continue;
      }
      begin(tree_.sw[s].lid);
      entry(s) = 0;
      hops_[s] = 0;
      down_by_going_up(s, kNone, false, 0);
    }
  }

  std::vector<std::uint8_t>& table(std::uint32_t s) { return tables_[s]; }

 private:
  void begin(Lid target) {
    target_ = target;
    std::fill(hops_.begin(), hops_.end(), kNoPath);
    std::fill(dummy_.begin(), dummy_.end(), kNoPath);
  }

  std::uint8_t& entry(std::uint32_t s) { return target_ == 0 ? dummy_[s] : tables_[s][target_]; }

  Tuple remote_tuple(const Group& g) const {
    Tuple none{};
    none.fill(0xff);
    return g.remote == kNone ? none : tree_.sw[g.remote].tuple;
  }

  // opensm's bubble sorts by load, then by the remote switch's index. Insertion sort: the
  // lists are nearly sorted, and the order is total (indexes are unique).
  template <typename Load>
  void sort_by(std::vector<std::uint32_t>& list, Load load) {
    auto less = [&](std::uint32_t a, std::uint32_t b) {
      const Group& ga = tree_.groups[a];
      const Group& gb = tree_.groups[b];
      return load(ga) != load(gb) ? load(ga) < load(gb) : remote_tuple(ga) < remote_tuple(gb);
    };
    for (std::size_t i = 1; i < list.size(); ++i) {
      for (std::size_t j = i; j > 0 && less(list[j], list[j - 1]); --j) {
        std::swap(list[j], list[j - 1]);
      }
    }
  }

  void sort_by_up(std::vector<std::uint32_t>& list) {
    sort_by(list, [](const Group& g) { return g.up; });
  }

  // The remote switch's least loaded down group also enters opensm's comparison, but no
  // down group's down counter ever moves, so that term is always equal.
  void sort_by_down(std::vector<std::uint32_t>& list) {
    sort_by(list, [](const Group& g) { return g.down; });
  }

  // The first cable of the group with the fewest routes on the counter.
  template <typename Load>
  static Link& least(Group& g, Load load) {
    auto it = std::min_element(g.links.begin(), g.links.end(),
                               [&](const Link& a, const Link& b) { return load(a) < load(b); });
    return *it;
  }

  static Link& least_up(Group& g) {
    return least(g, [](const Link& l) { return l.up; });
  }

  static Link& least_down(Group& g) {
    return least(g, [](const Link& l) { return l.down; });
  }

  // Going down, opensm skips a switch whose hop count to the target is no more than `hops`;
  // going up, one whose table entry is set as well (a leaf's dummy target has a hop count
  // but no entry).
  bool reached(std::uint32_t s, std::uint32_t hops) const {
    return hops_[s] != kNoPath && hops >= hops_[s];
  }

  bool holds(std::uint32_t s, std::uint32_t hops) {
    return entry(s) != kNoPath && hops >= hops_[s];
  }

  void give(std::uint32_t s, std::uint8_t port, std::uint32_t hops) {
    entry(s) = port;
    hops_[s] = static_cast<std::uint8_t>(hops);
  }

  // fabric_route_upgoing_by_going_down: true when a leaf with CAs was reached.
  bool up_by_going_down(std::uint32_t s, std::uint32_t prev, std::uint32_t hops) {
    Switch& sw = tree_.sw[s];
    if (sw.down.empty()) {
      return false;
    }
    if (sw.up_changed) {
      sort_by_up(sw.down);
      sw.up_changed = false;
    }
    sort_by_up(sw.same);
    bool created = false;
    std::size_t n = sw.down.size() + (target_ != 0 ? sw.same.size() : 0);
    for (std::size_t k = 0; k < n; ++k) {
      std::uint32_t g = k < sw.down.size() ? sw.down[k] : sw.same[k - sw.down.size()];
      Group& group = tree_.groups[g];
      if (group.remote == kNone) {
        created = true;
        continue;
      }
      if ((prev != kNone && group.remote_lid == tree_.sw[prev].lid) || group.links.empty() ||
          reached(group.remote, hops + 1)) {
        continue;
      }
      Link& link = least_up(group);
      give(group.remote, link.remote_port, hops + 1);
      if (up_by_going_down(group.remote, kNone, hops + 1)) {
        created = true;
        ++link.up;
        ++group.up;
        sw.up_changed = true;
      }
    }
    return created;
  }

  // The up groups after the main one (all of them off the main path): the LID for every
  // remote switch that lacks it, over each group's least loaded cable.
  bool secondary_up(std::uint32_t s, std::size_t from, std::uint32_t hops) {
    bool created = false;
    for (std::size_t i = from; i < tree_.sw[s].up.size(); ++i) {
      Group& group = tree_.groups[tree_.sw[s].up[i]];
      if (holds(group.remote, hops + 1) || group.links.empty()) {
        continue;
      }
      give(group.remote, least_down(group).remote_port, hops + 1);
      created = down_by_going_up(group.remote, s, false, hops + 1) || created;
    }
    return created;
  }

  // Links to switches of the same rank, counted against the main group as opensm does.
  bool sideways(std::uint32_t s, std::uint32_t main_group, std::uint32_t hops) {
    bool created = false;
    sort_by_down(tree_.sw[s].same);
    for (std::size_t i = 0; i < tree_.sw[s].same.size(); ++i) {
      Group& group = tree_.groups[tree_.sw[s].same[i]];
      if (holds(group.remote, hops + 1) || group.links.empty()) {
        continue;
      }
      Link& link = least_down(group);
      give(group.remote, link.remote_port, hops + 1);
      if (down_by_going_up(group.remote, s, false, hops + 1)) {
        created = true;
        ++tree_.groups[main_group].down;
        ++link.down;
      }
    }
    return created;
  }

  // fabric_route_downgoing_by_going_up (no reverse hops).
  bool down_by_going_up(std::uint32_t s, std::uint32_t prev, bool main, std::uint32_t hops) {
    bool created = up_by_going_down(s, prev, hops);
    Switch& sw = tree_.sw[s];
    if (sw.rank == 0 || sw.up.empty()) {
      return created;
    }
    sort_by_down(sw.up);
    std::uint32_t main_group = sw.up.front();
    if (main) {
      Group& group = tree_.groups[main_group];
      Link& link = least_down(group);
      ++group.down;
      ++link.down;
      if (entry(group.remote) == kNoPath || hops + 1 < hops_[group.remote]) {
        give(group.remote, link.remote_port, hops + 1);
      }
      created = down_by_going_up(group.remote, s, true, hops + 1) || created;
    }
    created = secondary_up(s, main ? 1 : 0, hops) || created;
    return sideways(s, main_group, hops) || created;
  }

  Tree& tree_;
  std::vector<std::vector<std::uint8_t>> tables_;  // per tree switch, by LID
  std::vector<std::uint8_t> dummy_;                // per tree switch: the dummy target's entry
  std::vector<std::uint8_t> hops_;                 // per tree switch: hops to the target
  Lid target_ = 0;
};

}  // namespace

std::vector<ForwardingTable> route_tree(Tree& tree, const RouteView& view) {
  tree.lid_limit = std::max(tree.lid_limit, view.lid_limit());
  Router router(tree);
  router.route_to_cas();
  router.route_to_switches();
  std::vector<ForwardingTable> tables(view.switch_count());
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    tables[s].switch_node = view.switch_node(s);
    tables[s].out_port.assign(tree.lid_limit, kNoPath);
  }
  for (std::uint32_t s = 0; s < tree.sw.size(); ++s) {
    tables[tree.sw[s].view].out_port = std::move(router.table(s));
  }
  return tables;
}

}  // namespace ibatlas::ftree
