#pragma once

// Private to src/routing: a flat, index-based view of a Fabric for routing code. Switches get
// dense indexes 0..S-1; every (switch, port number 0..port_count) has a slot; LIDs map to
// ports through a flat array. Routing walks these arrays millions of times, so nothing here
// hashes or allocates per lookup.

#include <cstdint>
#include <span>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/lid_owners.hpp"

namespace ibatlas {

constexpr std::uint32_t kNoSwitch = 0xffffffff;

// Which cables carry traffic.
enum class LinkRule : std::uint8_t {
  Forwarding,  // validation: a cable whose two ends name each other, both Active when known
  Cabled,      // engines: a cable whose two ends name each other, neither end Down
};

struct SwitchPort {
  std::uint32_t port = kNoPort;           // PortId value; kNoPort: the fabric lacks this port
  std::uint32_t peer = kNoPort;           // the peer's PortId when the link carries traffic
  std::uint32_t peer_switch = kNoSwitch;  // the peer's switch index when the peer is a switch
};

class RouteView {
 public:
  RouteView(const Fabric& fabric, LinkRule rule);

  const Fabric& fabric() const { return *fabric_; }

  std::uint32_t switch_count() const { return static_cast<std::uint32_t>(switches_.size()); }

  NodeId switch_node(std::uint32_t s) const { return switches_[s]; }

  std::uint32_t switch_index(NodeId node) const { return index_of_[node.value]; }

  std::uint32_t port_count(std::uint32_t s) const { return base_[s + 1] - base_[s] - 1; }

  // Slots: slot(s, p) for p in 0..port_count(s), dense over all switches.
  std::uint32_t slot(std::uint32_t s, std::uint32_t port) const { return base_[s] + port; }

  std::uint32_t slot_count() const { return base_.back(); }

  const SwitchPort& at(std::uint32_t s, std::uint32_t port) const { return slots_[slot(s, port)]; }

  std::span<const SwitchPort> ports(std::uint32_t s) const {
    return std::span<const SwitchPort>(slots_).subspan(base_[s], port_count(s) + 1);
  }

  // The switch's forwarding table, or nullptr.
  const std::vector<std::uint8_t>* table(std::uint32_t s) const { return tables_[s]; }

  // The PortId value answering to `lid`, or kNoPort.
  std::uint32_t owner(std::uint32_t lid) const {
    return lid < owner_.size() ? owner_[lid] : kNoPort;
  }

  std::uint32_t lid_limit() const { return static_cast<std::uint32_t>(owner_.size()); }

  // For a CA or router port: the peer PortId when the link carries traffic, else kNoPort.
  std::uint32_t ca_peer(std::uint32_t port) const;

  // The switch index whose port 0 is `port`, or whose port `port` is; kNoSwitch otherwise.
  std::uint32_t switch_of_port(std::uint32_t port) const {
    return index_of_[fabric_->port(PortId{port}).node.value];
  }

  LinkRule rule() const { return rule_; }

 private:
  bool carries(PortId a) const;

  const Fabric* fabric_;
  LinkRule rule_;
  std::vector<NodeId> switches_;
  std::vector<std::uint32_t> index_of_;  // per NodeId: switch index or kNoSwitch
  std::vector<std::uint32_t> base_;      // per switch: first slot; one extra at the end
  std::vector<SwitchPort> slots_;
  std::vector<const std::vector<std::uint8_t>*> tables_;
  std::vector<std::uint32_t> owner_;
};

// A LID that routes can be checked to: its port exists and can receive (a switch's port 0,
// or a CA/router port whose link reaches a switch).
struct Destination {
  Lid lid = 0;
  std::uint32_t owner = kNoPort;     // PortId value
  std::uint32_t target = kNoSwitch;  // the switch owning the LID, or the CA port's switch
  std::uint8_t exit_port = 0;        // on target: 0 for a switch LID, else the port to the CA
  bool to_switch = false;
  bool owner_is_source = false;  // the owner is one of ca_sources()
};

// A CA or router port that can send: its link reaches a switch.
struct CaSource {
  std::uint32_t port = kNoPort;  // PortId value
  std::uint32_t sw = kNoSwitch;
  std::uint8_t sw_port = 0;  // the switch's port the cable reaches
};

std::vector<Destination> destinations(const RouteView& view);
std::vector<CaSource> ca_sources(const RouteView& view);

}  // namespace ibatlas
