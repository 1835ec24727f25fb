#pragma once

// Private to src/diff: the ports of two snapshots named in one space, so that "the same
// cable" is an integer comparison. A node is named by its NodeId in `after` when it has a
// match there, else (a removed node) by after.nodes().size() + its NodeId in `before`; a
// port end is (node name << 8) | port number.

#include <cstdint>
#include <optional>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas::diff {

using End = std::uint64_t;

class EndSpace {
 public:
  // Borrows all three: they must outlive this object.
  EndSpace(const Fabric& before, const Fabric& after, const NodeMatch& match)
      : before_(before), after_(after), match_(match) {}

  const Fabric& before() const { return before_; }

  const Fabric& after() const { return after_; }

  const NodeMatch& match() const { return match_; }

  bool matched(const Port& before_port) const {
    return match_.after_of[before_port.node.value].has_value();
  }

  bool matched_after(const Port& after_port) const {
    return match_.before_of[after_port.node.value].has_value();
  }

  End before_end(PortId port) const;
  End after_end(PortId port) const;

  // The far end of the port's cable when the far port names it back (a link), else nullopt.
  std::optional<End> before_link_peer(PortId port) const;
  std::optional<End> after_link_peer(PortId port) const;

  // The port of `after` that is this port of `before`: the matched node's port with the
  // same number. nullopt when the node has no match or lacks that port.
  std::optional<PortId> after_port(PortId before_port) const;
  std::optional<PortId> before_port(PortId after_port) const;  // the converse

  // True when the port's cable is the same in both snapshots: both unconnected, or both
  // links to the same far end.
  bool same_cable(PortId before_port, PortId after_port) const {
    return before_link_peer(before_port) == after_link_peer(after_port);
  }

  // How an end is named in a report: by the `after` node when it has one.
  PortRef ref(End end) const;

  // The order of ends in reports: by node GUID and port number, which unlike the End value
  // does not depend on the order a source lists its nodes in.
  bool less(End x, End y) const;
  bool on_switch(End end) const;

 private:
  const Node& node_of(End end) const;

  const Fabric& before_;
  const Fabric& after_;
  const NodeMatch& match_;
};

}  // namespace ibatlas::diff
