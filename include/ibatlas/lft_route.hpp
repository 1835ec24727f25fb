#pragma once

// Routes through the forwarding tables, for the layers that may not use routing/ (probe/):
// which egress ports a packet from a CA port to a LID leaves by. The rule for a working link
// is routing validation's (src/routing/route_view.cpp, LinkRule::Forwarding): the two ends
// name each other and neither is known to be anything but Active.

#include <cstdint>
#include <optional>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Walks many routes over one fabric: the LID owners and the tables are indexed once.
// Holds a reference to `fabric`, which must outlive it.
class LftRouter {
 public:
  explicit LftRouter(const Fabric& fabric);

  const Fabric& fabric() const { return *fabric_; }

  // True when at least one switch has a forwarding table.
  bool has_tables() const { return tables_ > 0; }

  // The port at the other end of `port`'s cable when the link carries traffic.
  std::optional<PortId> working_peer(PortId port) const;

  // The port answering to `lid` (LMC ranges included), or nullopt.
  std::optional<PortId> owner(Lid lid) const;

  // `sw`'s forwarding-table entry for `lid`: nullopt without a table, past its end, or unset.
  std::optional<std::uint8_t> entry(NodeId sw, Lid lid) const;

  // The egress ports of the route from the CA or router port `from` to `dlid`: `from`
  // first, then the port each switch forwards by, the last one cabled to the port owning
  // dlid. Nullopt when the route does not arrive there: no owner, `from` is a switch port or
  // owns dlid itself, a missing table or entry, a link that does not work, a loop, a cable
  // into the wrong node.
  std::optional<std::vector<PortId>> egress_ports(PortId from, Lid dlid) const;

 private:
  const Fabric* fabric_;
  std::vector<std::uint32_t> owner_;                     // lid_owners()
  std::vector<const std::vector<std::uint8_t>*> table_;  // per NodeId, nullptr: none
  std::size_t tables_ = 0;
  std::size_t switches_ = 0;
};

// One route, for callers that walk only a few: builds an LftRouter each time.
std::optional<std::vector<PortId>> egress_ports(const Fabric& fabric, PortId from, Lid dlid);

}  // namespace ibatlas
