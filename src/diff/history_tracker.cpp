#include "diff/history_tracker.hpp"

#include <algorithm>
#include <tuple>

namespace ibatlas::diff {

namespace {

bool is_down(const Port& p) {
  return p.state && *p.state == PortState::Down;
}

auto ref_key(const PortRef& r) {
  return std::make_tuple(r.node_guid, r.port);
}

auto link_order(const PortRef& a, const PortRef& b) {
  return std::make_tuple(ref_key(a), ref_key(b));
}

}  // namespace

std::size_t LinkKeyHash::operator()(const LinkKey& k) const {
  std::uint64_t h = k.ga * 0x9e3779b97f4a7c15ULL;
  h ^= (k.gb + (std::uint64_t{k.pa} << 56) + (std::uint64_t{k.pb} << 48)) * 0xc2b2ae3d27d4eb4fULL;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

void HistoryTracker::alias(Guid now, Guid before) {
  aliases_[now] = identity(before);
}

Guid HistoryTracker::identity(Guid guid) const {
  auto it = aliases_.find(guid);
  return it == aliases_.end() ? guid : it->second;
}

void HistoryTracker::observe(std::size_t index, const Fabric& fabric) {
  std::unordered_set<Guid> nodes;
  LinkRates links;
  observe_nodes(index, fabric, nodes);
  observe_links(fabric, links);
  if (index > 0) {
    record_transitions(index, links, nodes);
  }
  for (const auto& [key, rate] : links) {
    track_rate(index, links_.at(key), rate);
  }
  previous_links_ = std::move(links);
  previous_nodes_ = std::move(nodes);
}

void HistoryTracker::observe_nodes(std::size_t index, const Fabric& fabric,
                                   std::unordered_set<Guid>& nodes) {
  for (const Node& n : fabric.nodes()) {
    Guid id = identity(n.guid);
    nodes.insert(id);
    NodeTrack& t = nodes_[id];
    t.ref = PortRef{id, std::nullopt, n.description};
    t.type = n.type;
    if (!t.present.empty() && t.present.back().second + 1 >= index) {
      t.present.back().second = index;  // seen before in this or the previous snapshot
    } else {
      t.present.emplace_back(index, index);
    }
  }
}

void HistoryTracker::observe_links(const Fabric& fabric, LinkRates& links) {
  for (PortId id : fabric.links()) {
    const Port& x = fabric.port(id);
    const Port& y = fabric.port(*x.peer);
    if (is_down(x) || is_down(y)) {
      continue;
    }
    PortRef a = port_ref(fabric, id);
    PortRef b = port_ref(fabric, *x.peer);
    a.node_guid = identity(a.node_guid);
    b.node_guid = identity(b.node_guid);
    if (link_order(b, a) < link_order(a, b)) {
      std::swap(a, b);
    }
    LinkKey key{a.node_guid, b.node_guid, *a.port, *b.port};
    links[key] = link_rate(fabric, id);
    LinkTrack& t = links_[key];
    t.a = std::move(a);
    t.b = std::move(b);
  }
}

// A link up in one of two consecutive snapshots and not in the other, both its nodes
// present in both.
void HistoryTracker::record_transitions(std::size_t index, const LinkRates& now,
                                        const std::unordered_set<Guid>& nodes) {
  auto counts = [&](const LinkKey& k) {
    return nodes.contains(k.ga) && nodes.contains(k.gb) && previous_nodes_.contains(k.ga) &&
           previous_nodes_.contains(k.gb);
  };
  for (const auto& [key, rate] : previous_links_) {
    if (!now.contains(key) && counts(key)) {
      links_.at(key).transitions.emplace_back(index, false);
    }
  }
  for (const auto& [key, rate] : now) {
    if (!previous_links_.contains(key) && counts(key)) {
      links_.at(key).transitions.emplace_back(index, true);
    }
  }
}

void HistoryTracker::track_rate(std::size_t index, LinkTrack& t, const LinkRate& rate) {
  if (!rate.width && !rate.speed) {
    return;  // this source does not tell
  }
  if (t.open) {
    if (compare_rates(t.open->normal, rate) >= 0) {
      t.open->restored = index;
      finished_.push_back(std::move(*t.open));
      t.open.reset();
    } else if (compare_rates(t.open->worst, rate) < 0) {
      t.open->worst = rate;
    }
  } else if (t.last_rate && compare_rates(*t.last_rate, rate) < 0) {
    t.open = Degradation{t.a, t.b, *t.last_rate, rate, index, std::nullopt};
  }
  t.last_rate = rate;
}

void HistoryTracker::finish(History& history) {
  for (auto& [key, t] : links_) {
    if (!t.transitions.empty()) {
      history.links.push_back(LinkHistory{t.a, t.b, std::move(t.transitions)});
    }
    if (t.open) {
      finished_.push_back(std::move(*t.open));
    }
  }
  std::sort(history.links.begin(), history.links.end(),
            [](const LinkHistory& x, const LinkHistory& y) {
              return std::make_tuple(y.transitions.size(), link_order(x.a, x.b)) <
                     std::make_tuple(x.transitions.size(), link_order(y.a, y.b));
            });
  history.degradations = std::move(finished_);
  std::sort(history.degradations.begin(), history.degradations.end(),
            [](const Degradation& x, const Degradation& y) {
              return std::make_tuple(x.since, link_order(x.a, x.b)) <
                     std::make_tuple(y.since, link_order(y.a, y.b));
            });
  for (auto& [guid, t] : nodes_) {
    bool always =
        t.present.size() == 1 && t.present[0].first == 0 && t.present[0].second + 1 == count_;
    if (!always) {
      history.nodes.push_back(NodePresence{std::move(t.ref), t.type, std::move(t.present)});
    }
  }
  std::sort(history.nodes.begin(), history.nodes.end(),
            [](const NodePresence& x, const NodePresence& y) {
              return std::make_tuple(x.present.front().first, x.node.node_guid) <
                     std::make_tuple(y.present.front().first, y.node.node_guid);
            });
}

}  // namespace ibatlas::diff
