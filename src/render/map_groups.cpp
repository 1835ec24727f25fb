#include "ibatlas/render/map_groups.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <tuple>

#include "ibatlas/render/style.hpp"

#include "render/map_groups_work.hpp"
#include "text.hpp"

namespace ibatlas {

using render_detail::Draft;
using render_detail::Work;

namespace {

constexpr std::size_t kNone = SIZE_MAX;

// Union-find whose root is the lowest member, so results do not depend on union order.
struct DisjointSets {
  std::vector<std::uint32_t> parent;

  explicit DisjointSets(std::size_t n) : parent(n) {
    std::iota(parent.begin(), parent.end(), std::uint32_t{0});
  }

  std::uint32_t find(std::uint32_t v) {
    while (parent[v] != v) {
      v = parent[v] = parent[parent[v]];
    }
    return v;
  }

  void unite(std::uint32_t a, std::uint32_t b) {
    parent[std::max(find(a), find(b))] = std::min(find(a), find(b));
  }
};

void note_cable(Work& w, NodeId from, NodeId to) {
  if (w.fabric.node(from).type != NodeType::Switch) {
    return;
  }
  std::uint32_t unit = w.tiers.unit_of(from).value;
  if (w.fabric.node(to).type == NodeType::Switch) {
    std::uint32_t far = w.tiers.unit_of(to).value;
    if (far != unit) {
      w.around[unit].push_back(far);
      w.external[from.value] = true;
    } else if (from != to) {
      w.inside[from.value].push_back(to.value);
    }
  } else if (!is_aggregation_node(w.fabric.node(to))) {  // SHARP nodes sit inside a switch
    w.edge[unit] = true;
    w.external[from.value] = true;
  }
}

void index_units(Work& w) {
  std::size_t n = w.fabric.nodes().size();  // per NodeId
  w.chips.resize(n);
  w.around.resize(n);
  w.edge.assign(n, false);
  w.external.assign(n, false);
  w.inside.resize(n);
  w.names.resize(n);
  w.draft_of.assign(n, kNone);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Node& node = w.fabric.nodes()[i];
    if (node.type == NodeType::Switch) {
      std::uint32_t head = w.tiers.unit_of(NodeId{i}).value;
      if (w.chips[head].empty()) {
        w.units.push_back(head);  // the head is its unit's lowest NodeId: met first
      }
      w.chips[head].push_back(NodeId{i});
      w.names[i] = display_name(node);
    }
  }
  for (PortId link : w.fabric.links()) {
    note_cable(w, w.fabric.node_of(link), w.fabric.node_of(*w.fabric.port(link).peer));
    note_cable(w, w.fabric.node_of(*w.fabric.port(link).peer), w.fabric.node_of(link));
  }
  for (std::uint32_t head : w.units) {
    std::vector<std::uint32_t>& around = w.around[head];
    std::sort(around.begin(), around.end());
    around.erase(std::unique(around.begin(), around.end()), around.end());
  }
}

std::size_t add_draft(Work& w, GroupKind kind, const std::vector<std::uint32_t>& units) {
  Draft draft;
  draft.kind = kind;
  draft.units = units;
  w.drafts.push_back(std::move(draft));
  for (std::uint32_t head : units) {
    w.draft_of[head] = w.drafts.size() - 1;
  }
  return w.drafts.size() - 1;
}

// The units in `sets` grouped by root, each group ascending, groups ordered by the natural
// order of their first-named member, numbered 1..N as `kind` drafts.
std::size_t add_numbered(Work& w, GroupKind kind, const std::vector<std::uint32_t>& members,
                         DisjointSets& sets) {
  std::map<std::uint32_t, std::vector<std::uint32_t>> by_root;
  for (std::uint32_t head : members) {
    by_root[sets.find(head)].push_back(head);
  }
  std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> groups;
  for (auto& entry : by_root) {
    std::vector<std::uint32_t>& units = entry.second;
    std::uint32_t first =
        *std::min_element(units.begin(), units.end(),
                          [&w](std::uint32_t a, std::uint32_t b) { return w.name_before(a, b); });
    groups.emplace_back(first, std::move(units));
  }
  std::sort(groups.begin(), groups.end(),
            [&w](const auto& a, const auto& b) { return w.name_before(a.first, b.first); });
  for (std::size_t i = 0; i < groups.size(); ++i) {
    w.drafts[add_draft(w, kind, groups[i].second)].number = i + 1;
  }
  return groups.size();
}

// Leaves sharing an up-neighbour are one pod (through the shared unit, transitively), so a
// leaf that lost one uplink stays with its pod. Leaves with no uplink at all are one pod.
std::size_t add_leaf_pods(Work& w) {
  DisjointSets sets(w.fabric.nodes().size());
  std::vector<std::uint32_t> leaves;
  std::optional<std::uint32_t> first_lonely;
  for (std::uint32_t head : w.units) {
    if (w.chassis(head) || w.tier(head) != kLeafTier) {
      continue;
    }
    leaves.push_back(head);
    bool up = false;
    for (std::uint32_t far : w.around[head]) {
      if (w.tier(far) && *w.tier(far) > kLeafTier) {
        sets.unite(head, far);
        up = true;
      }
    }
    if (!up) {
      sets.unite(head, first_lonely.value_or(head));
      first_lonely = first_lonely.value_or(head);
    }
  }
  return add_numbered(w, GroupKind::Pod, leaves, sets);
}

// Bottom-up, a switch whose down-neighbours all lie in one pod joins it (a 3-tier fat-tree's
// aggregation switches). One pod only: its spines stay a tier, the picture of a 2-tier tree.
void join_pods(Work& w, std::size_t pods) {
  std::vector<std::uint32_t> upper;
  for (std::uint32_t head : w.units) {
    if (pods > 1 && !w.chassis(head) && w.tier(head) && *w.tier(head) > kLeafTier) {
      upper.push_back(head);
    }
  }
  std::stable_sort(upper.begin(), upper.end(),
                   [&w](std::uint32_t a, std::uint32_t b) { return *w.tier(a) < *w.tier(b); });
  for (std::uint32_t head : upper) {
    std::size_t pod = kNone;
    bool one = true;
    for (std::uint32_t far : w.around[head]) {
      if (!w.tier(far) || *w.tier(far) >= *w.tier(head)) {
        continue;
      }
      bool in_pod = w.draft_of[far] != kNone && w.drafts[w.draft_of[far]].kind == GroupKind::Pod;
      one = one && in_pod && (pod == kNone || w.draft_of[far] == pod);
      pod = w.draft_of[far];
    }
    if (one && pod != kNone) {
      w.drafts[pod].units.push_back(head);
      w.draft_of[head] = pod;
    }
  }
}

// A pod of leaves alone (a two-tier fabric's: every leaf reaches every spine, so there is
// one pod) splits into pods of at most kMostPodLeaves leaves in the natural order of their
// names, so that opening one draws a readable row; then every pod is numbered again in the
// natural order of its first leaf.
constexpr std::size_t kMostPodLeaves = 32;

void split_leaf_pods(Work& w) {
  auto by_name = [&w](std::uint32_t a, std::uint32_t b) { return w.name_before(a, b); };
  std::size_t drafts = w.drafts.size();
  for (std::size_t d = 0; d < drafts; ++d) {
    std::vector<std::uint32_t> units = w.drafts[d].units;
    bool leaves_only = std::all_of(units.begin(), units.end(),
                                   [&w](std::uint32_t head) { return w.tier(head) == kLeafTier; });
    if (w.drafts[d].kind != GroupKind::Pod || units.size() <= kMostPodLeaves || !leaves_only) {
      continue;
    }
    std::sort(units.begin(), units.end(), by_name);
    std::size_t parts = (units.size() + kMostPodLeaves - 1) / kMostPodLeaves;
    for (std::size_t p = 0; p < parts; ++p) {  // near-equal parts: 79 leaves as 27, 26, 26
      std::vector<std::uint32_t> part(
          units.begin() + static_cast<std::ptrdiff_t>(p * units.size() / parts),
          units.begin() + static_cast<std::ptrdiff_t>((p + 1) * units.size() / parts));
      if (p == 0) {
        w.drafts[d].units = std::move(part);
      } else {
        add_draft(w, GroupKind::Pod, part);
      }
    }
  }
  std::vector<std::pair<std::uint32_t, std::size_t>> pods;  // (first leaf by name, draft)
  for (std::size_t d = 0; d < w.drafts.size(); ++d) {
    const std::vector<std::uint32_t>& units = w.drafts[d].units;
    if (w.drafts[d].kind == GroupKind::Pod) {
      pods.emplace_back(*std::min_element(units.begin(), units.end(), by_name), d);
    }
  }
  std::sort(pods.begin(), pods.end(),
            [&by_name](const auto& a, const auto& b) { return by_name(a.first, b.first); });
  for (std::size_t i = 0; i < pods.size(); ++i) {
    w.drafts[pods[i].second].number = i + 1;
  }
}

// A chassis is a group of its own; switches with a tier that joined no pod, one per tier.
void add_chassis_and_tiers(Work& w) {
  std::map<int, std::vector<std::uint32_t>> by_tier;
  for (std::uint32_t head : w.units) {
    if (w.chassis(head)) {
      add_draft(w, GroupKind::Chassis, {head});
    } else if (w.draft_of[head] == kNone && w.tier(head)) {
      by_tier[*w.tier(head)].push_back(head);
    }
  }
  for (const auto& entry : by_tier) {
    add_draft(w, GroupKind::Tier, entry.second);
  }
}

// Switches without a tier: connected components among those of one role (a host or router
// cabled, or not).
void add_connected(Work& w) {
  DisjointSets sets(w.fabric.nodes().size());
  std::vector<std::uint32_t> members;
  for (std::uint32_t head : w.units) {
    if (w.draft_of[head] != kNone) {
      continue;
    }
    members.push_back(head);
    for (std::uint32_t far : w.around[head]) {
      if (w.draft_of[far] == kNone && !w.tier(far) && w.edge[far] == w.edge[head]) {
        sets.unite(head, far);
      }
    }
  }
  add_numbered(w, GroupKind::Connected, members, sets);
}

void place_others(Work& w) {
  for (std::uint32_t i = 0; i < w.fabric.nodes().size(); ++i) {
    for (const Port& port : w.fabric.ports_of(NodeId{i})) {
      bool other = w.fabric.nodes()[i].type != NodeType::Switch;
      NodeId far = port.peer ? w.fabric.node_of(*port.peer) : NodeId{i};
      if (other && w.fabric.node(far).type == NodeType::Switch &&
          w.fabric.is_link(w.fabric.id_of(port))) {
        w.drafts[w.draft_of[w.tiers.unit_of(far).value]].others.push_back(NodeId{i});
        break;
      }
    }
  }
}

MapGroup finish(const Work& w, Draft& d) {
  MapGroup g;
  g.kind = d.kind;
  for (std::uint32_t head : d.units) {
    g.switches.insert(g.switches.end(), w.chips[head].begin(), w.chips[head].end());
    if (w.tier(head)) {
      g.tier = std::max(g.tier.value_or(*w.tier(head)), *w.tier(head));
    }
  }
  std::sort(g.switches.begin(), g.switches.end());
  std::string number = std::to_string(d.number);
  if (d.kind == GroupKind::Chassis) {
    g.id = "chassis-" + text::guid_text(w.fabric.node(g.switches.front()).guid).substr(2);
    g.name = chassis_name(w.fabric, g.switches);
  } else if (d.kind == GroupKind::Tier) {
    g.id = "tier" + std::to_string(*g.tier);
    g.name = tier_name(*g.tier) + " tier";
  } else {
    std::string word = d.kind == GroupKind::Pod ? "pod" : "group";
    g.id = word + number;
    g.name = word + " " + number;
  }
  g.summary = group_summary(w, d);
  g.others = std::move(d.others);
  return g;
}

// Drawing order: tiers top down (no tier last); within one, pods, then chassis and tier
// groups, then connected groups, each in the natural order of their names ("pod 9", "pod 10").
bool draws_before(const MapGroup& a, const MapGroup& b) {
  auto rank = [](const MapGroup& g) {
    int kind = g.kind == GroupKind::Pod ? 0 : g.kind == GroupKind::Connected ? 2 : 1;
    return std::pair{g.tier ? -*g.tier : 1, kind};
  };
  if (rank(a) != rank(b)) {
    return rank(a) < rank(b);
  }
  if (natural_less(a.name, b.name) || natural_less(b.name, a.name)) {
    return natural_less(a.name, b.name);
  }
  return a.switches.front() < b.switches.front();
}

}  // namespace

const MapGroup* MapGroups::find(const std::string& id) const {
  auto it =
      std::find_if(groups.begin(), groups.end(), [&id](const MapGroup& g) { return g.id == id; });
  return it == groups.end() ? nullptr : &*it;
}

MapGroups compute_map_groups(const Fabric& fabric, const Tiers& tiers) {
  Work w{fabric, tiers, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  index_units(w);
  join_pods(w, add_leaf_pods(w));
  split_leaf_pods(w);
  add_chassis_and_tiers(w);
  add_connected(w);
  place_others(w);
  MapGroups result;
  result.switch_units = w.units.size();
  for (Draft& d : w.drafts) {
    result.groups.push_back(finish(w, d));
  }
  std::sort(result.groups.begin(), result.groups.end(), draws_before);
  result.group_of.assign(fabric.nodes().size(), std::nullopt);
  for (std::size_t g = 0; g < result.groups.size(); ++g) {
    for (const std::vector<NodeId>* ids : {&result.groups[g].switches, &result.groups[g].others}) {
      for (NodeId id : *ids) {
        result.group_of[id.value] = g;
      }
    }
  }
  return result;
}

}  // namespace ibatlas
