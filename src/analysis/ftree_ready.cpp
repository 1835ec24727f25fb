#include "ibatlas/analysis/ftree_ready.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "findings/finding_factory.hpp"
#include "graph_view.hpp"

namespace ibatlas {

namespace {

// opensm's FAT_TREE_MIN_RANK and FAT_TREE_MAX_RANK (tree rank = leaf rank + 1).
constexpr int kMinTreeRank = 2;
constexpr int kMaxTreeRank = 8;

bool is_switch(const Fabric& fabric, NodeId n) {
  return fabric.node(n).type == NodeType::Switch;
}

bool is_ca(const Fabric& fabric, NodeId n) {
  return fabric.node(n).type == NodeType::Ca;
}

FtreeVerdict reject(std::string code, std::string reason, std::vector<FtreeCulprit> culprits = {}) {
  return FtreeVerdict{false, std::move(code), std::move(reason), std::move(culprits)};
}

FtreeCulprit cable(const Fabric& fabric, PortId a) {
  return FtreeCulprit{a, fabric.port(a).peer, std::nullopt, false};
}

// construct_fabric's first tests: LMC, node counts, CAs cabled to CAs (AB0F).
std::optional<FtreeVerdict> global_conditions(const Fabric& fabric) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (fabric.port(PortId{i}).lmc.value_or(0) > 0) {
      return reject("", "LMC > 0, which ftree does not support",
                    {FtreeCulprit{PortId{i}, std::nullopt, std::nullopt, false}});
    }
  }
  std::size_t switches = 0;
  std::size_t cas = 0;
  for (const Node& n : fabric.nodes()) {
    switches += n.type == NodeType::Switch ? 1 : 0;
    cas += n.type == NodeType::Ca ? 1 : 0;
  }
  if (switches < 2 || cas < 2) {
    return reject("", "fewer than 2 switches or 2 CAs");
  }
  std::vector<FtreeCulprit> direct;
  for (PortId link : fabric.links()) {
    if (is_ca(fabric, fabric.node_of(link)) &&
        is_ca(fabric, fabric.node_of(*fabric.port(link).peer))) {
      direct.push_back(cable(fabric, link));
    }
  }
  if (!direct.empty()) {
    return reject("AB0F", "a CA is cabled straight to another CA", std::move(direct));
  }
  return std::nullopt;
}

struct Ranking {
  std::vector<int> rank;  // per NodeId, kUnreached for CAs and unranked switches
  int max_rank = 0;
  std::vector<std::vector<PortId>> ca_cables;  // per NodeId (switches): ports cabled to CAs
};

// fabric_rank_from_hcas, then fabric_rerank_using_root.
Ranking rank_like_opensm(const Fabric& fabric) {
  Ranking r;
  r.ca_cables.resize(fabric.nodes().size());
  std::vector<NodeId> with_cas;
  for (PortId link : fabric.links()) {
    for (PortId end : {link, *fabric.port(link).peer}) {
      NodeId here = fabric.node_of(end);
      if (is_switch(fabric, here) && is_ca(fabric, fabric.node_of(*fabric.port(end).peer))) {
        if (r.ca_cables[here.value].empty()) {
          with_cas.push_back(here);
        }
        r.ca_cables[here.value].push_back(end);
      }
    }
  }
  SwitchGraph graph = make_switch_graph(fabric);
  std::vector<int> from_leaves = bfs_distances(graph, with_cas);
  int deepest = *std::max_element(from_leaves.begin(), from_leaves.end());
  std::vector<NodeId> roots;
  for (std::uint32_t i = 0; i < from_leaves.size(); ++i) {
    if (deepest != kUnreached && from_leaves[i] == deepest) {
      roots.push_back(NodeId{i});
    }
  }
  r.rank = bfs_distances(graph, roots);
  r.max_rank = std::max(0, *std::max_element(r.rank.begin(), r.rank.end()));
  return r;
}

// Cables from switches to aggregation nodes: what makes every switch look like a leaf.
std::vector<FtreeCulprit> aggregation_cables(const Fabric& fabric, const Ranking& r) {
  std::vector<FtreeCulprit> result;
  for (const std::vector<PortId>& ports : r.ca_cables) {
    for (PortId p : ports) {
      if (is_aggregation_node(fabric.node(fabric.node_of(*fabric.port(p).peer)))) {
        result.push_back(cable(fabric, p));
      }
    }
  }
  return result;
}

// The ranking tests of construct_fabric: AB2B, no compute nodes, tree rank, AB26, 2 leaves.
std::optional<FtreeVerdict> rank_conditions(const Fabric& fabric, const Ranking& r) {
  std::size_t ranked = 0;
  std::size_t leaves = 0;
  std::size_t cns = 0;
  std::vector<FtreeCulprit> misplaced;  // CA cables on switches above the deepest rank
  std::vector<FtreeCulprit> deepest;    // CA cables at the deepest rank
  for (std::uint32_t i = 0; i < r.rank.size(); ++i) {
    if (r.rank[i] == kUnreached) {
      continue;
    }
    ++ranked;
    cns += r.ca_cables[i].size();
    leaves += !r.ca_cables[i].empty() && r.rank[i] == r.max_rank ? 1 : 0;
    for (PortId p : r.ca_cables[i]) {
      (r.rank[i] == r.max_rank ? deepest : misplaced).push_back(cable(fabric, p));
    }
  }
  if (r.max_rank == 0 && ranked > 1) {
    return reject("AB2B", "every switch has a CA, so every switch is a root at rank 0",
                  aggregation_cables(fabric, r));
  }
  if (cns == 0) {
    return reject("", "no CA is cabled to a ranked switch (no compute nodes)");
  }
  if (r.max_rank + 1 < kMinTreeRank || r.max_rank + 1 > kMaxTreeRank) {
    return reject("", "tree rank " + std::to_string(r.max_rank + 1) + " is outside 2-8");
  }
  if (!misplaced.empty()) {
    // opensm takes the deepest rank as the leaves; a host on a spine can make the real leaves
    // look misplaced instead. Name the smaller side: that is where the odd cables are.
    bool leaves_odd = deepest.size() < misplaced.size();
    return reject("AB26", "CAs are cabled to switches of different ranks (not all at the leaves)",
                  leaves_odd ? std::move(deepest) : std::move(misplaced));
  }
  if (leaves < 2) {
    return reject("", "fewer than two leaf switches have CAs");
  }
  return std::nullopt;
}

// One switch's neighbours by direction: opensm's port groups (a group per neighbouring
// switch; a group per CA port, which is always one cable).
struct Groups {
  std::map<NodeId, std::pair<int, PortId>> up;    // switch -> cables, one of its ports here
  std::map<NodeId, std::pair<int, PortId>> down;  // lower switches
  int ca_ports = 0;                               // down groups to CAs

  std::size_t down_count() const { return down.size() + static_cast<std::size_t>(ca_ports); }
};

std::vector<Groups> port_groups(const Fabric& fabric, const Ranking& r) {
  std::vector<Groups> groups(fabric.nodes().size());
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    PortId id{i};
    NodeId here = fabric.node_of(id);
    if (!fabric.is_link(id) || r.rank[here.value] == kUnreached) {
      continue;
    }
    NodeId there = fabric.node_of(*fabric.port(id).peer);
    if (is_ca(fabric, there)) {
      ++groups[here.value].ca_ports;
    } else if (is_switch(fabric, there) && there != here &&
               r.rank[there.value] != r.rank[here.value] && r.rank[there.value] != kUnreached) {
      auto& side = r.rank[there.value] < r.rank[here.value] ? groups[here.value].up
                                                            : groups[here.value].down;
      auto [it, fresh] = side.try_emplace(there, 0, id);
      ++it->second.first;
    }
  }
  return groups;
}

// The most common value, ties to the larger. REQUIRES: tally not empty.
int usual(const std::map<int, int>& tally) {
  int best = tally.begin()->first;
  for (const auto& [value, count] : tally) {
    best = count >= tally.at(best) ? value : best;
  }
  return best;
}

struct Property {
  const char* code;
  const char* reason;
};

constexpr Property kProperties[] = {
    {"AB09", "switches of one rank have different numbers of up-neighbours"},
    {"AB0A", "switches of one rank have different numbers of down-neighbours"},
    {"AB0B", "switch pairs of one rank are joined by different numbers of cables (upward)"},
    {"AB0C", "switch pairs of one rank are joined by different numbers of cables (downward)"},
};

// fabric_validate_topology, over all switches of each rank at once. opensm compares each
// switch with the first of its rank and stops at the first difference; comparing with the
// rank's most common value finds the same failure and names every culprit.
class Validator {
 public:
  Validator(const Fabric& fabric, const Ranking& r) : fabric_(fabric), r_(r) {
    groups_ = port_groups(fabric, r);
  }

  FtreeVerdict run() {
    std::map<int, std::vector<NodeId>> by_rank;
    for (std::uint32_t i = 0; i < r_.rank.size(); ++i) {
      if (r_.rank[i] != kUnreached) {
        by_rank[r_.rank[i]].push_back(NodeId{i});
      }
    }
    for (const auto& [rank, switches] : by_rank) {
      bool leaf = rank == r_.max_rank;
      counts(switches, 0, [](const Groups& g) { return g.up.size(); });
      if (!leaf) {
        counts(switches, 1, [](const Groups& g) { return g.down_count(); });
      }
      sizes(switches, 2, true);
      if (!leaf) {
        sizes(switches, 3, false);
      }
    }
    if (!first_) {
      return FtreeVerdict{};
    }
    std::stable_sort(culprits_.begin(), culprits_.end(),
                     [](const Noted& a, const Noted& b) { return a.property < b.property; });
    std::vector<FtreeCulprit> culprits;
    std::set<std::pair<NodeId, NodeId>> seen;
    for (const Noted& n : culprits_) {
      if (seen.insert(n.nodes).second) {
        culprits.push_back(n.culprit);
      }
    }
    return reject(kProperties[*first_].code, kProperties[*first_].reason, std::move(culprits));
  }

 private:
  template <typename Count>
  void counts(const std::vector<NodeId>& switches, std::size_t property, Count count) {
    std::map<int, int> tally;
    for (NodeId n : switches) {
      ++tally[static_cast<int>(count(groups_[n.value]))];
    }
    int want = usual(tally);
    for (NodeId n : switches) {
      if (static_cast<int>(count(groups_[n.value])) != want) {
        note(property, FtreeCulprit{fabric_.node(n).first_port, std::nullopt, std::nullopt, true},
             n, n);
      }
    }
  }

  void sizes(const std::vector<NodeId>& switches, std::size_t property, bool upward) {
    std::map<int, int> tally;
    for (NodeId n : switches) {
      for (const auto& [other, group] : upward ? groups_[n.value].up : groups_[n.value].down) {
        ++tally[group.first];
      }
    }
    if (tally.empty()) {
      return;
    }
    int want = usual(tally);
    for (NodeId n : switches) {
      for (const auto& [other, group] : upward ? groups_[n.value].up : groups_[n.value].down) {
        if (group.first != want) {
          note(property, FtreeCulprit{group.second, std::nullopt, other, false}, n, other);
        }
      }
    }
  }

  // Records a culprit; run() keeps one per node or node pair, the one of the first failed
  // property (in opensm's order of tests), which the verdict names.
  void note(std::size_t property, FtreeCulprit culprit, NodeId a, NodeId b) {
    first_ = first_ ? std::min(*first_, property) : property;
    culprits_.push_back(Noted{property, std::minmax(a, b), culprit});
  }

  const Fabric& fabric_;
  const Ranking& r_;
  std::vector<Groups> groups_;
  std::optional<std::size_t> first_;

  struct Noted {
    std::size_t property;
    std::pair<NodeId, NodeId> nodes;  // a culprit counts once per node or node pair
    FtreeCulprit culprit;
  };

  std::vector<Noted> culprits_;
};

}  // namespace

FtreeVerdict judge_ftree(const Fabric& fabric) {
  if (std::optional<FtreeVerdict> v = global_conditions(fabric)) {
    return *v;
  }
  Ranking r = rank_like_opensm(fabric);
  if (std::optional<FtreeVerdict> v = rank_conditions(fabric, r)) {
    return *v;
  }
  return Validator(fabric, r).run();
}

namespace {

constexpr std::size_t kNamedCulprits = 8;

std::string culprit_text(const FindingFactory& make, const FtreeCulprit& c) {
  const Fabric& fabric = make.fabric();
  const Port& p = fabric.port(c.port);
  std::string here = make.name(p.node);
  if (c.whole_node) {
    return here;
  }
  if (c.other) {
    return here + " - " + make.name(*c.other);
  }
  std::string text = here + " port " + std::to_string(p.number);
  if (c.peer) {
    text += " - " + make.name(fabric.node_of(*c.peer)) + " port " +
            std::to_string(fabric.port(*c.peer).number);
  }
  return text;
}

Finding locate(const FindingFactory& make, const FtreeVerdict& v) {
  if (v.culprits.empty()) {
    return make.at_fabric("topo.ftree_ready");
  }
  const FtreeCulprit& c = v.culprits.front();
  if (c.whole_node) {
    return make.at_node("topo.ftree_ready", make.fabric().node_of(c.port));
  }
  if (c.peer) {
    auto [here, there] = make.link_ends(c.port, *c.peer);
    return make.at_link("topo.ftree_ready", here, there);
  }
  Finding f = make.at_node("topo.ftree_ready", make.fabric().node_of(c.port));
  if (c.other) {
    f.location.kind = LocationKind::Link;
    f.location.peer = make.endpoint(*c.other);
  }
  return f;
}

}  // namespace

std::vector<Finding> check_ftree_ready(const Fabric& fabric, const Tiers& tiers,
                                       const AuditOptions& options) {
  if (tiers.top < 2) {
    return {};
  }
  FtreeVerdict v = judge_ftree(fabric);
  if (v.accepted) {
    return {};
  }
  FindingFactory make(fabric, options.names);
  Finding f = locate(make, v);
  std::string code = v.code.empty() ? "" : " (" + v.code + ")";
  f.measured = "rejected" + code;
  f.expected = "accepted";
  f.message = "opensm's ftree routing would reject the fabric" + code + ": " + v.reason;
  for (std::size_t i = 0; i < v.culprits.size() && i < kNamedCulprits; ++i) {
    f.message += (i == 0 ? "; culprits: " : ", ") + culprit_text(make, v.culprits[i]);
  }
  if (v.culprits.size() > kNamedCulprits) {
    f.message += " and " + std::to_string(v.culprits.size() - kNamedCulprits) + " more";
  }
  bool roots_help = v.code == "AB2B" || v.code == "AB26";
  f.hint = roots_help ? "give opensm a root_guid_file naming the top switches, or route with updn"
                      : "fix the named cables (see topo.asymmetric), or route with updn";
  return {f};
}

}  // namespace ibatlas
