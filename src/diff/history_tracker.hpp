#pragma once

// Private to src/diff: follows links and nodes through a time-ordered series of snapshots
// for build_history (history.hpp). Fed one snapshot at a time; keeps only the previous
// snapshot's state, so memory is one snapshot's links plus one record per link and node.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ibatlas/diff/history.hpp"

namespace ibatlas::diff {

// A link by its two ends, each (identity GUID, port), the lower end first.
struct LinkKey {
  Guid ga = 0;
  Guid gb = 0;
  std::uint8_t pa = 0;
  std::uint8_t pb = 0;
  friend bool operator==(const LinkKey&, const LinkKey&) = default;
};

struct LinkKeyHash {
  std::size_t operator()(const LinkKey& k) const;
};

class HistoryTracker {
 public:
  explicit HistoryTracker(std::size_t snapshot_count) : count_(snapshot_count) {}

  // The node with GUID `now` is the one that had GUID `before` (node.replaced).
  void alias(Guid now, Guid before);

  // REQUIRES: called for index 0, 1, 2, ... in order, each after the aliases of the step
  // that leads to it.
  void observe(std::size_t index, const Fabric& fabric);

  // Moves the results into `history` (links, degradations, nodes).
  void finish(History& history);

 private:
  struct LinkTrack {
    PortRef a;
    PortRef b;
    std::vector<std::pair<std::size_t, bool>> transitions;
    std::optional<LinkRate> last_rate;
    std::optional<Degradation> open;
  };

  struct NodeTrack {
    PortRef ref;
    NodeType type = NodeType::Ca;
    std::vector<std::pair<std::size_t, std::size_t>> present;
  };

  using LinkRates = std::unordered_map<LinkKey, LinkRate, LinkKeyHash>;

  Guid identity(Guid guid) const;
  void observe_nodes(std::size_t index, const Fabric& fabric, std::unordered_set<Guid>& nodes);
  void observe_links(const Fabric& fabric, LinkRates& links);
  void record_transitions(std::size_t index, const LinkRates& now,
                          const std::unordered_set<Guid>& nodes);
  void track_rate(std::size_t index, LinkTrack& track, const LinkRate& rate);

  std::size_t count_;
  std::unordered_map<Guid, Guid> aliases_;  // later GUID -> first GUID
  std::unordered_map<LinkKey, LinkTrack, LinkKeyHash> links_;
  std::unordered_map<Guid, NodeTrack> nodes_;
  std::vector<Degradation> finished_;
  LinkRates previous_links_;
  std::unordered_set<Guid> previous_nodes_;
};

}  // namespace ibatlas::diff
