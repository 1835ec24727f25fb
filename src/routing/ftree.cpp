// opensm's fat-tree engine, first half: construct_fabric of osm_ucast_ftree.c (opensm
// 3.3.x) with the default options. Read for the algorithm, written anew: ranking from the
// CA-attached switches, port groups per remote LID and direction, the BFS indexing that
// orders every switch's groups, the leaf array, and the regularity check whose failure
// makes opensm fall back to minhop.

#include "ibatlas/routing/ftree.hpp"

#include <algorithm>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/routing/minhop.hpp"

#include "routing/ftree_tree.hpp"
#include "routing/lft_builder.hpp"

namespace ibatlas::ftree {

namespace {

constexpr std::uint8_t kUnset = 0xff;
constexpr std::uint32_t kMinRank = 2;  // FAT_TREE_MIN_RANK: leaf rank + 1
constexpr std::uint32_t kMaxRank = 8;  // FAT_TREE_MAX_RANK: the tuple's length

struct CaPort {
  Lid lid = 0;
  std::uint32_t sw = kNone;  // Tree::sw index
};

class Builder {
 public:
  explicit Builder(const RouteView& view) : view_(view), fabric_(view.fabric()) {}

  std::optional<Tree> build(std::string& why) {
    if (!collect_nodes(why) || !rank(why) || !populate_ports(why) || !mark_leaves(why)) {
      return std::nullopt;
    }
    make_indexing(tree_);
    if (!make_leaf_array(why) || !regular(why)) {
      return std::nullopt;
    }
    return std::move(tree_);
  }

 private:
  NodeType type_of_port(std::uint32_t port) const {
    return fabric_.node(fabric_.port(PortId{port}).node).type;
  }

  Lid lid_of(std::uint32_t port) const { return fabric_.port(PortId{port}).base_lid.value_or(0); }

  std::uint32_t tree_switch(std::uint32_t view_switch) const {
    return view_switch == kNoSwitch ? kNone : of_view_[view_switch];
  }

  // fabric_populate_nodes and the counts construct_fabric requires.
  bool collect_nodes(std::string& why) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed;
    for (std::uint32_t s = 0; s < view_.switch_count(); ++s) {
      if (view_.port_count(s) > 0) {  // sw_create refuses a switch without external ports
        keyed.emplace_back(opensm_key(fabric_.node(view_.switch_node(s)).guid), s);
      }
    }
    std::sort(keyed.begin(), keyed.end());
    std::size_t others = 0;
    std::vector<std::pair<std::uint64_t, NodeId>> cas;
    for (const Node& n : fabric_.nodes()) {
      others += n.type != NodeType::Switch ? 1U : 0U;
      if (n.type == NodeType::Ca) {
        cas.emplace_back(opensm_key(n.guid), fabric_.id_of(n));
      }
      for (const Port& p : fabric_.ports_of(fabric_.id_of(n))) {
        if (p.lmc && *p.lmc > 0) {
          why = "LMC > 0 is not supported by fat-tree routing";
          return false;
        }
      }
    }
    std::sort(cas.begin(), cas.end());
    for (const auto& [key, s] : keyed) {
      view_order_.push_back(s);
    }
    for (const auto& [key, n] : cas) {
      cas_.push_back(n);
    }
    if (view_order_.size() < 2 || others < 2 || cas_.size() < 2) {
      why = "fewer than 2 switches or CAs: not a fat-tree";
      return false;
    }
    return true;
  }

  // Breadth-first from `queue`: a neighbour switch takes rank + 1 when that is lower.
  std::uint32_t spread_ranks(std::vector<std::uint32_t>& rank, std::vector<std::uint32_t> queue) {
    std::uint32_t max_rank = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      std::uint32_t u = queue[head];
      for (std::uint32_t p = 1; p <= view_.port_count(u); ++p) {
        std::uint32_t r = view_.at(u, p).peer_switch;
        if (r == kNoSwitch || rank[r] <= rank[u] + 1U) {
          continue;
        }
        rank[r] = rank[u] + 1U;
        max_rank = rank[r];
        queue.push_back(r);
      }
    }
    return max_rank;
  }

  // rank_leaf_switches: rank 0 for every switch a CA is cabled to, queued.
  bool seed_leaves(std::vector<std::uint32_t>& rank, std::vector<std::uint32_t>& queue,
                   std::string& why) const {
    for (NodeId ca : cas_) {
      for (const Port& p : fabric_.ports_of(ca)) {
        std::uint32_t peer = p.number == 0 ? kNoPort : view_.ca_peer(fabric_.id_of(p).value);
        if (peer == kNoPort || type_of_port(peer) == NodeType::Router) {
          continue;
        }
        if (type_of_port(peer) == NodeType::Ca) {
          why = "a CA is cabled to a CA: not a fat-tree";
          return false;
        }
        std::uint32_t s = view_.switch_of_port(peer);
        if (rank[s] != 0) {
          rank[s] = 0;
          queue.push_back(s);
        }
      }
    }
    return true;
  }

  // fabric_remove_unranked_sw: the tree holds the ranked switches, in switch table order.
  void keep_ranked(const std::vector<std::uint32_t>& rank) {
    of_view_.assign(view_.switch_count(), kNone);
    for (std::uint32_t s : view_order_) {
      if (rank[s] != kNone) {
        of_view_[s] = static_cast<std::uint32_t>(tree_.sw.size());
        Switch& sw = tree_.sw.emplace_back();
        sw.view = s;
        sw.rank = rank[s];
        sw.lid = lid_of(view_.at(s, 0).port);
        sw.tuple.fill(kUnset);
      }
    }
  }

  // fabric_rank_from_hcas then fabric_rerank_using_root, in view switch indexes.
  bool rank(std::string& why) {
    std::vector<std::uint32_t> rank(view_.switch_count(), kNone);
    std::vector<std::uint32_t> queue;
    if (!seed_leaves(rank, queue, why)) {
      return false;
    }
    std::uint32_t max_rank = spread_ranks(rank, queue);
    queue.clear();
    for (std::uint32_t s : view_order_) {  // reversed: the switches farthest from CAs are roots
      rank[s] = rank[s] == kNone ? kNone : max_rank - rank[s];
      if (rank[s] == 0) {
        queue.push_back(s);
      } else {
        rank[s] = kNone;
      }
    }
    max_rank_ = spread_ranks(rank, queue);
    keep_ranked(rank);
    if (max_rank_ == 0 && tree_.sw.size() > 1) {
      why = "more than one root in a tree of rank 0";
      return false;
    }
    return true;
  }

  std::vector<std::uint32_t>& groups_toward(Switch& sw, std::uint32_t remote) {
    if (remote == kNone || sw.rank < tree_.sw[remote].rank) {
      return sw.down;
    }
    return sw.rank > tree_.sw[remote].rank ? sw.up : sw.same;
  }

  // sw_add_port: one group per remote LID and direction, one link per local port.
  void add_link(std::uint32_t s, Lid remote_lid, std::uint32_t remote, Link link) {
    std::vector<std::uint32_t>& list = groups_toward(tree_.sw[s], remote);
    auto it = std::find_if(list.begin(), list.end(), [&](std::uint32_t g) {
      return tree_.groups[g].remote_lid == remote_lid;
    });
    if (it == list.end()) {
      list.push_back(static_cast<std::uint32_t>(tree_.groups.size()));
      tree_.groups.push_back(Group{.remote_lid = remote_lid, .remote = remote});
      it = list.end() - 1;
    }
    tree_.groups[*it].links.push_back(link);
    tree_.lid_limit = std::max<std::uint32_t>(tree_.lid_limit, remote_lid + 1U);
  }

  // fabric_construct_hca_ports: every CA port cabled to a ranked switch is a compute node.
  void ca_ports() {
    ca_ports_.resize(cas_.size());
    for (std::size_t c = 0; c < cas_.size(); ++c) {
      for (const Port& p : fabric_.ports_of(cas_[c])) {
        std::uint32_t peer = p.number == 0 ? kNoPort : view_.ca_peer(fabric_.id_of(p).value);
        std::uint32_t s = peer == kNoPort ? kNone : tree_switch(view_.switch_of_port(peer));
        Lid lid = p.base_lid.value_or(0);
        bool duplicate = std::any_of(ca_ports_[c].begin(), ca_ports_[c].end(),
                                     [lid](const CaPort& q) { return q.lid == lid; });
        if (s != kNone && !duplicate) {
          ca_ports_[c].push_back(CaPort{lid, s});
          ++compute_nodes_;
        }
      }
    }
  }

  // fabric_construct_sw_ports.
  void switch_ports(std::uint32_t s) {
    std::uint32_t v = tree_.sw[s].view;
    tree_.lid_limit = std::max<std::uint32_t>(tree_.lid_limit, tree_.sw[s].lid + 1U);
    for (std::uint32_t p = 1; p <= view_.port_count(v); ++p) {
      const SwitchPort& sp = view_.at(v, p);
      if (sp.peer == kNoPort || sp.peer_switch == v || type_of_port(sp.peer) == NodeType::Router) {
        continue;  // no cable, a loopback, or a router
      }
      Link link{static_cast<std::uint8_t>(p), fabric_.port(PortId{sp.peer}).number};
      if (sp.peer_switch == kNoSwitch) {
        add_link(s, lid_of(sp.peer), kNone, link);
      } else if (std::uint32_t r = tree_switch(sp.peer_switch); r != kNone) {
        add_link(s, tree_.sw[r].lid, r, link);
      }
    }
  }

  bool populate_ports(std::string& why) {
    ca_ports();
    for (std::uint32_t s = 0; s < tree_.sw.size(); ++s) {
      switch_ports(s);
    }
    if (compute_nodes_ == 0) {
      why = "no compute nodes";
      return false;
    }
    tree_.leaf_rank = max_rank_;  // fabric_set_leaf_rank without a root file
    if (tree_.leaf_rank + 1U < kMinRank || tree_.leaf_rank + 1U > kMaxRank) {
      why = "the tree's rank is " + std::to_string(tree_.leaf_rank + 1U) + ", not 2 to 8";
      return false;
    }
    return true;
  }

  // fabric_mark_leaf_switches: every switch cabled to a CA is a leaf, all at the leaf rank.
  bool mark_leaves(std::string& why) {
    for (const std::vector<CaPort>& ports : ca_ports_) {
      for (const CaPort& p : ports) {
        tree_.sw[p.sw].leaf = true;
        if (tree_.sw[p.sw].rank != tree_.leaf_rank) {
          why = "a CA is cabled to a switch above the leaf rank: not a fat-tree";
          return false;
        }
      }
    }
    return true;
  }

  // fabric_create_leaf_switch_array and fabric_set_max_cn_per_leaf.
  bool make_leaf_array(std::string& why) {
    std::vector<std::uint32_t> level;
    for (std::uint32_t s = 0; s < tree_.sw.size(); ++s) {
      if (tree_.sw[s].rank == tree_.leaf_rank) {
        level.push_back(s);
      }
    }
    std::sort(level.begin(), level.end(), [this](std::uint32_t a, std::uint32_t b) {
      return tree_.sw[a].tuple < tree_.sw[b].tuple;
    });
    auto real = [this](std::uint32_t s) { return tree_.sw[s].leaf; };
    auto first = std::find_if(level.begin(), level.end(), real);
    auto last = std::find_if(level.rbegin(), level.rend(), real);
    if (first == level.end() || first >= last.base() - 1) {
      why = "fewer than 2 leaf switches: not a fat-tree";
      return false;
    }
    tree_.leaves.assign(first, last.base());
    for (std::uint32_t s : tree_.leaves) {
      auto cas = static_cast<std::uint32_t>(
          std::count_if(tree_.sw[s].down.begin(), tree_.sw[s].down.end(),
                        [this](std::uint32_t g) { return tree_.groups[g].remote == kNone; }));
      tree_.max_cas_per_leaf = std::max(tree_.max_cas_per_leaf, cas);
    }
    return true;
  }

  // fabric_validate_topology: switches of one rank have as many up groups (and, above the
  // leaves, down groups) as the first of that rank, with as many cables in each group.
  bool regular(std::string& why) {
    std::vector<const Switch*> reference(tree_.leaf_rank + 1U, nullptr);
    auto cables = [this](std::uint32_t g) { return tree_.groups[g].links.size(); };
    for (const Switch& sw : tree_.sw) {
      const Switch*& ref = reference[sw.rank];
      if (ref == nullptr) {
        ref = &sw;
        continue;
      }
      bool above_leaves = sw.rank != tree_.leaf_rank;
      bool same =
          ref->up.size() == sw.up.size() && (!above_leaves || ref->down.size() == sw.down.size());
      for (std::size_t i = 0; same && i < sw.up.size(); ++i) {
        same = cables(sw.up[i]) == cables(ref->up[0]);
      }
      if (above_leaves && !ref->down.empty() && !sw.down.empty()) {
        same = same && cables(sw.down[0]) == cables(ref->down[0]);  // opensm checks [0] only
      }
      if (!same) {
        why = "switches of rank " + std::to_string(sw.rank) +
              " differ in port groups: not a regular fat-tree";
        return false;
      }
    }
    return true;
  }

  const RouteView& view_;
  const Fabric& fabric_;
  Tree tree_;
  std::vector<std::uint32_t> view_order_;  // switch table order, view indexes
  std::vector<std::uint32_t> of_view_;     // view index -> Tree::sw index
  std::vector<NodeId> cas_;                // CA table order
  std::vector<std::vector<CaPort>> ca_ports_;
  std::size_t compute_nodes_ = 0;
  std::uint32_t max_rank_ = 0;
};

}  // namespace

std::optional<Tree> build_tree(const RouteView& view, std::string& why) {
  return Builder(view).build(why);
}

}  // namespace ibatlas::ftree

namespace ibatlas {

FtreeTables compute_ftree(const Fabric& fabric) {
  FtreeTables out;
  RouteView view(fabric, LinkRule::Cabled);
  std::string why;
  std::optional<ftree::Tree> tree = ftree::build_tree(view, why);
  if (!tree) {
    out.fell_back = true;
    out.notes.push_back("ftree: " + why + "; minhop tables instead, as opensm falls back");
    out.tables = compute_minhop(fabric);
    return out;
  }
  out.tables = ftree::route_tree(*tree, view);
  return out;
}

}  // namespace ibatlas
