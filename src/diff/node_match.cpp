#include "ibatlas/diff/node_match.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>

namespace ibatlas {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kUnmatched = std::numeric_limits<std::uint64_t>::max();

// The k-th node with a GUID in `before` is the k-th with it in `after`. A chain per GUID
// (head + next) keeps this linear without a vector per GUID.
void match_by_guid(const Fabric& before, const Fabric& after, NodeMatch& m) {
  std::span<const Node> later = after.nodes();
  std::unordered_map<Guid, std::uint32_t> head;
  head.reserve(later.size());
  std::vector<std::uint32_t> next(later.size(), kNone);
  for (std::size_t i = later.size(); i-- > 0;) {
    auto [it, fresh] = head.try_emplace(later[i].guid, kNone);
    next[i] = it->second;
    it->second = static_cast<std::uint32_t>(i);
  }
  std::span<const Node> earlier = before.nodes();
  for (std::uint32_t i = 0; i < earlier.size(); ++i) {
    auto it = head.find(earlier[i].guid);
    if (it == head.end() || it->second == kNone) {
      continue;
    }
    std::uint32_t j = it->second;
    it->second = next[j];
    m.after_of[i] = NodeId{j};
    m.before_of[j] = NodeId{i};
  }
}

void append_bytes(std::string& key, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    key.push_back(static_cast<char>((value >> (8 * i)) & 0xffU));
  }
}

// Type, description and neighbour list as one byte string; `identity` names a far node in
// the `after` id space (kUnmatched when it has no match yet).
template <typename Identity>
std::string signature(const Fabric& f, NodeId id, Identity identity) {
  const Node& n = f.node(id);
  std::string key;
  key.push_back(static_cast<char>(n.type));
  key += n.description;
  key.push_back('\0');
  for (const Port& p : f.ports_of(id)) {
    if (!p.peer) {
      continue;
    }
    const Port& far = f.port(*p.peer);
    append_bytes(key, p.number, 1);
    append_bytes(key, far.number, 1);
    append_bytes(key, identity(far.node), 8);
  }
  return key;
}

struct Bucket {
  std::uint32_t before_count = 0;
  std::uint32_t after_count = 0;
  NodeId before;
  NodeId after;
};

// One round of fallback matching; true when it matched anything.
bool match_round(const Fabric& before, const Fabric& after, NodeMatch& m) {
  auto old_identity = [&m](NodeId far) {
    return m.after_of[far.value] ? std::uint64_t{m.after_of[far.value]->value} : kUnmatched;
  };
  auto new_identity = [&m](NodeId far) {
    return m.before_of[far.value] ? std::uint64_t{far.value} : kUnmatched;
  };
  std::unordered_map<std::string, Bucket> buckets;
  for (std::uint32_t i = 0; i < m.after_of.size(); ++i) {
    if (!m.after_of[i]) {
      Bucket& b = buckets[signature(before, NodeId{i}, old_identity)];
      ++b.before_count;
      b.before = NodeId{i};
    }
  }
  for (std::uint32_t i = 0; i < m.before_of.size(); ++i) {
    if (!m.before_of[i]) {
      auto it = buckets.find(signature(after, NodeId{i}, new_identity));
      if (it != buckets.end()) {
        ++it->second.after_count;
        it->second.after = NodeId{i};
      }
    }
  }
  bool matched = false;
  for (const auto& [key, b] : buckets) {
    if (b.before_count == 1 && b.after_count == 1) {
      m.after_of[b.before.value] = b.after;
      m.before_of[b.after.value] = b.before;
      m.replaced.emplace_back(b.before, b.after);
      matched = true;
    }
  }
  return matched;
}

}  // namespace

NodeMatch match_nodes(const Fabric& before, const Fabric& after) {
  NodeMatch m;
  m.after_of.resize(before.nodes().size());
  m.before_of.resize(after.nodes().size());
  match_by_guid(before, after, m);
  bool unmatched_before = std::any_of(m.after_of.begin(), m.after_of.end(),
                                      [](const std::optional<NodeId>& x) { return !x; });
  bool unmatched_after = std::any_of(m.before_of.begin(), m.before_of.end(),
                                     [](const std::optional<NodeId>& x) { return !x; });
  if (unmatched_before && unmatched_after) {
    while (match_round(before, after, m)) {
    }
  }
  std::sort(m.replaced.begin(), m.replaced.end());
  return m;
}

}  // namespace ibatlas
