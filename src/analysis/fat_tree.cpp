#include "ibatlas/analysis/fat_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>

#include "findings/finding_factory.hpp"

namespace ibatlas {

std::optional<double> LeafLoad::ratio() const {
  if (uplinks == 0 || up <= 0) {
    return std::nullopt;
  }
  return down / up;
}

std::string ratio_text(double ratio) {
  char buffer[48];
  if (ratio >= 1 || ratio <= 0) {
    std::snprintf(buffer, sizeof buffer, "%.3g:1", ratio);
  } else {
    std::snprintf(buffer, sizeof buffer, "1:%.3g", 1 / ratio);
  }
  return buffer;
}

namespace {

// The value more than half of the tally share; none when no value has a majority (two
// spines with 16 and 15 down-links: which one is odd cannot be told).
std::optional<int> usual(const std::map<int, int>& tally) {
  int total = 0;
  for (const auto& [value, count] : tally) {
    total += count;
  }
  for (const auto& [value, count] : tally) {
    if (count * 2 > total) {
      return value;
    }
  }
  return std::nullopt;
}

struct Census {
  std::vector<int> up;                           // per NodeId: cables to switches of a higher tier
  std::vector<int> down;                         // per NodeId: cables to switches of a lower tier
  std::unordered_map<std::uint64_t, int> pairs;  // lower << 32 | upper -> cables, adjacent tiers
};

std::uint64_t pair_key(NodeId lower, NodeId upper) {
  return (std::uint64_t{lower.value} << 32) | upper.value;
}

Census take_census(const Fabric& fabric, const Tiers& tiers) {
  Census c;
  c.up.assign(fabric.nodes().size(), 0);
  c.down.assign(fabric.nodes().size(), 0);
  for (PortId link : fabric.links()) {
    NodeId a = tiers.unit_of(fabric.node_of(link));
    NodeId b = tiers.unit_of(fabric.node_of(*fabric.port(link).peer));
    std::optional<int> ta = tiers.of(a);
    std::optional<int> tb = tiers.of(b);
    if (!ta || !tb || *ta == kHostTier || *tb == kHostTier || *ta == *tb) {
      continue;
    }
    if (*ta > *tb) {
      std::swap(a, b);
      std::swap(ta, tb);
    }
    ++c.up[a.value];
    ++c.down[b.value];
    if (*tb == *ta + 1) {
      ++c.pairs[pair_key(a, b)];
    }
  }
  return c;
}

struct Usual {
  std::map<int, int> up;              // tier -> usual up-link count (tiers below the top)
  std::map<int, int> down;            // tier -> usual down-link count (tiers above the leaves)
  std::map<std::uint32_t, int> pair;  // upper unit -> usual cables to each unit below it
};

Usual usual_counts(const Fabric& fabric, const Tiers& tiers, const Census& c) {
  std::map<int, std::map<int, int>> up;
  std::map<int, std::map<int, int>> down;
  std::map<std::uint32_t, std::map<int, int>> pair;
  for (std::uint32_t i = 0; i < c.up.size(); ++i) {
    std::optional<int> t = tiers.of(NodeId{i});
    if (!t || *t == kHostTier || fabric.node(NodeId{i}).type != NodeType::Switch ||
        tiers.unit_of(NodeId{i}) != NodeId{i}) {
      continue;  // one count per unit
    }
    if (*t < tiers.top) {
      ++up[*t][c.up[i]];
    }
    if (*t > kLeafTier) {
      ++down[*t][c.down[i]];
    }
  }
  for (const auto& [key, cables] : c.pairs) {
    ++pair[static_cast<std::uint32_t>(key & 0xFFFFFFFFU)][cables];
  }
  Usual u;
  auto keep = [](auto& into, const auto& key, const std::map<int, int>& tally) {
    if (std::optional<int> value = usual(tally)) {
      into[key] = *value;
    }
  };
  for (const auto& [t, tally] : up) {
    keep(u.up, t, tally);
  }
  for (const auto& [t, tally] : down) {
    keep(u.down, t, tally);
  }
  for (const auto& [unit, tally] : pair) {
    keep(u.pair, unit, tally);
  }
  return u;
}

std::string cables(int n) {
  return std::to_string(n) + (n == 1 ? " cable" : " cables");
}

// Names of units: a switch's own name; a chassis's the longest common start of its chips'
// descriptions ("MellanoxIS5600-1:IS5600/L01/U1", ".../S02/U1" -> "MellanoxIS5600-1:IS5600
// chassis"), or its first chip's name and "chassis".
class UnitNames {
 public:
  UnitNames(const FindingFactory& make, const Tiers& tiers) : make_(make) {
    const Fabric& fabric = make.fabric();
    for (std::uint32_t i = 0; i < fabric.nodes().size(); ++i) {
      NodeId unit = tiers.unit_of(NodeId{i});
      if (!tiers.is_chassis(unit) || fabric.node(NodeId{i}).type != NodeType::Switch) {
        continue;
      }
      const std::string& d = fabric.node(NodeId{i}).description;
      auto [it, fresh] = prefix_.try_emplace(unit.value, d);
      if (!fresh) {
        std::size_t n = 0;
        while (n < it->second.size() && n < d.size() && it->second[n] == d[n]) {
          ++n;
        }
        it->second.resize(n);
      }
    }
  }

  std::string operator()(NodeId unit) const {
    auto it = prefix_.find(unit.value);
    if (it == prefix_.end()) {
      return make_.name(unit);
    }
    std::string prefix = it->second;
    while (!prefix.empty() &&
           std::string_view("/:;,-_ ").find(prefix.back()) != std::string_view::npos) {
      prefix.pop_back();
    }
    return (prefix.size() >= 3 ? prefix : make_.name(unit)) + " chassis";
  }

  Endpoint endpoint(NodeId unit) const {
    Endpoint e = make_.endpoint(unit);
    e.name = (*this)(unit);
    return e;
  }

 private:
  const FindingFactory& make_;
  std::unordered_map<std::uint32_t, std::string> prefix_;
};

// Per switch, how much of its up and down count the odd pairs already account for.
struct Explained {
  std::vector<int> up;
  std::vector<int> down;
};

// Reports switch pairs joined by an unusual number of cables; returns what they explain.
Explained odd_pairs(const FindingFactory& make, const UnitNames& names, const Tiers& tiers,
                    const Census& c, const Usual& u, std::vector<Finding>& out) {
  Explained explained{std::vector<int>(c.up.size(), 0), std::vector<int>(c.up.size(), 0)};
  for (const auto& [key, count] : c.pairs) {
    NodeId lower{static_cast<std::uint32_t>(key >> 32)};
    NodeId upper{static_cast<std::uint32_t>(key & 0xFFFFFFFFU)};
    int t = *tiers.of(lower);
    auto usual_here = u.pair.find(upper.value);
    if (usual_here == u.pair.end() || count == usual_here->second) {
      continue;
    }
    int want = usual_here->second;
    explained.up[lower.value] += count - want;
    explained.down[upper.value] += count - want;
    Finding f = make.at_node("topo.asymmetric", lower);
    f.location.kind = LocationKind::Link;
    f.location.here = names.endpoint(lower);
    f.location.peer = names.endpoint(upper);
    f.measured = cables(count);
    f.expected = cables(want);
    f.message = names(lower) + " and " + names(upper) + " are joined by " + cables(count) +
                "; most " + tier_name(t) + " switches reach " + names(upper) + " by " +
                std::to_string(want);
    f.hint = count < want ? "look for an unplugged or misrouted cable between them"
                          : "look for a cable that belongs to another switch pair";
    out.push_back(std::move(f));
  }
  return explained;
}

// One switch's up-link (or down-link) count against its tier's usual one.
struct SwitchCount {
  NodeId node;
  int tier = 0;
  bool upward = false;
  int have = 0;
  int want = 0;
};

void odd_switch(const FindingFactory& make, const UnitNames& names, const SwitchCount& count,
                std::vector<Finding>& out) {
  auto [node, tier, upward, have, want] = count;
  int neighbour = upward ? tier + 1 : tier - 1;
  Finding f = make.at_node("topo.asymmetric", node);
  f.location.here = names.endpoint(node);
  std::string what = std::string(upward ? " up-links" : " down-links") + " (to " +
                     tier_name(neighbour) + " switches)";
  f.measured = std::to_string(have) + what;
  f.expected = std::to_string(want) + what;
  f.message = "has " + std::to_string(have) + (upward ? " up-links" : " down-links") + "; most " +
              tier_name(tier) + " switches have " + std::to_string(want);
  f.hint = have < want ? "a switch pair lacks its cables entirely: find and connect them"
                       : "a cable joins switches the tree does not pair: trace it";
  out.push_back(std::move(f));
}

void asymmetric(const FindingFactory& make, const Tiers& tiers, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  Census c = take_census(fabric, tiers);
  Usual u = usual_counts(fabric, tiers, c);
  UnitNames names(make, tiers);
  Explained explained = odd_pairs(make, names, tiers, c, u, out);
  for (std::uint32_t i = 0; i < c.up.size(); ++i) {
    std::optional<int> t = tiers.of(NodeId{i});
    if (!t || *t == kHostTier || tiers.unit_of(NodeId{i}) != NodeId{i}) {
      continue;
    }
    // A count off the usual that its odd pairs do not explain: a neighbour missing entirely.
    auto odd = [](int have, int want, int by_pairs) {
      return have != want && have - want != by_pairs;
    };
    if (auto want = u.up.find(*t);
        want != u.up.end() && odd(c.up[i], want->second, explained.up[i])) {
      odd_switch(make, names, SwitchCount{NodeId{i}, *t, true, c.up[i], want->second}, out);
    }
    if (auto want = u.down.find(*t);
        want != u.down.end() && odd(c.down[i], want->second, explained.down[i])) {
      odd_switch(make, names, SwitchCount{NodeId{i}, *t, false, c.down[i], want->second}, out);
    }
  }
}

double link_rate(const Port& p) {
  return lanes(*p.width_active) * lane_rate_gbps(*p.speed_active);
}

bool rated(const Port& p) {
  return p.width_active && p.speed_active;
}

// The ratio more than half the leaves with hosts share (to 1/1000); none without a majority
// (every leaf different says nothing about which is odd).
std::optional<double> usual_ratio(const std::vector<LeafLoad>& leaves) {
  std::map<long long, int> tally;
  int total = 0;
  for (const LeafLoad& load : leaves) {
    std::optional<double> r = load.ratio();
    if (r && load.hosts > 0) {  // a leaf without hosts carries no load to compare
      ++tally[std::llround(*r * 1000)];
      ++total;
    }
  }
  for (const auto& [key, count] : tally) {
    if (count * 2 > total) {
      return static_cast<double>(key) / 1000;
    }
  }
  return std::nullopt;
}

}  // namespace

FatTreeShape fat_tree_shape(const Fabric& fabric, const Tiers& tiers) {
  FatTreeShape shape;
  std::vector<int> index(fabric.nodes().size(), -1);
  shape.by_bandwidth = true;
  for (PortId link : fabric.links()) {
    for (PortId end : {link, *fabric.port(link).peer}) {
      NodeId here = tiers.unit_of(fabric.node_of(end));  // a chassis leaf counts once
      std::optional<int> other = tiers.of(fabric.node_of(*fabric.port(end).peer));
      if (tiers.of(here) != kLeafTier || !other || *other == kLeafTier) {
        continue;
      }
      if (index[here.value] < 0) {
        index[here.value] = static_cast<int>(shape.leaves.size());
        shape.leaves.push_back(LeafLoad{here});
      }
      LeafLoad& load = shape.leaves[static_cast<std::size_t>(index[here.value])];
      bool to_host = *other == kHostTier;
      (to_host ? load.hosts : load.uplinks) += 1;
      const Port& p = fabric.port(end);
      shape.by_bandwidth = shape.by_bandwidth && rated(p);
      (to_host ? load.down : load.up) += rated(p) ? link_rate(p) : 0.0;
    }
  }
  if (!shape.by_bandwidth) {
    for (LeafLoad& load : shape.leaves) {
      load.down = load.hosts;
      load.up = load.uplinks;
    }
  }
  shape.usual_ratio = usual_ratio(shape.leaves);
  std::sort(shape.leaves.begin(), shape.leaves.end(),
            [](const LeafLoad& a, const LeafLoad& b) { return a.leaf < b.leaf; });
  return shape;
}

namespace {

// "host cables to uplink cables is 2:1 (24 hosts, 12 uplinks); most leaves have 1:1"
std::string oversubscribed_message(bool by_bandwidth, const LeafLoad& load,
                                   const std::string& measured, const std::string& expected) {
  std::string unit = by_bandwidth ? " bandwidth" : " cables";
  return "host" + unit + " to uplink" + unit + " is " + measured + " (" +
         std::to_string(load.hosts) + " hosts, " + std::to_string(load.uplinks) +
         " uplinks); most leaves have " + expected;
}

void oversubscribed(const FindingFactory& make, const Tiers& tiers, std::vector<Finding>& out) {
  FatTreeShape shape = fat_tree_shape(make.fabric(), tiers);
  if (!shape.usual_ratio) {
    return;
  }
  for (const LeafLoad& load : shape.leaves) {
    std::optional<double> r = load.ratio();
    if (!r || load.hosts == 0 ||
        std::llround(*r * 1000) <= std::llround(*shape.usual_ratio * 1000)) {
      continue;
    }
    Finding f = make.at_node("topo.oversubscribed", load.leaf);
    f.measured = ratio_text(*r);
    f.expected = ratio_text(*shape.usual_ratio);
    f.message = oversubscribed_message(shape.by_bandwidth, load, f.measured, f.expected);
    f.hint = "restore its missing or slow uplinks, or move hosts to a leaf with spare uplinks";
    out.push_back(std::move(f));
  }
}

}  // namespace

std::vector<Finding> check_fat_tree(const Fabric& fabric, const Tiers& tiers,
                                    const AuditOptions& options) {
  std::vector<Finding> findings;
  if (tiers.top < 2) {
    return findings;
  }
  FindingFactory make(fabric, options.names);
  asymmetric(make, tiers, findings);
  oversubscribed(make, tiers, findings);
  return findings;
}

}  // namespace ibatlas
