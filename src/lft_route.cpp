#include "ibatlas/lft_route.hpp"

#include "ibatlas/lid_owners.hpp"

namespace ibatlas {

namespace {

// Dumps without port states list cabled ports only, so an unknown state carries traffic.
bool end_active(const Port& p) {
  return !p.state || *p.state == PortState::Active;
}

}  // namespace

LftRouter::LftRouter(const Fabric& fabric)
    : fabric_(&fabric), owner_(lid_owners(fabric)), table_(fabric.nodes().size(), nullptr) {
  for (const ForwardingTable& t : fabric.forwarding_tables()) {
    if (t.switch_node.value < table_.size() &&
        fabric.node(t.switch_node).type == NodeType::Switch) {
      table_[t.switch_node.value] = &t.out_port;
      ++tables_;
    }
  }
  for (const Node& n : fabric.nodes()) {
    switches_ += n.type == NodeType::Switch ? 1 : 0;
  }
}

std::optional<PortId> LftRouter::working_peer(PortId port) const {
  const Port& p = fabric_->port(port);
  if (!p.peer || *p.peer == port) {
    return std::nullopt;
  }
  const Port& q = fabric_->port(*p.peer);
  if (q.peer != port || !end_active(p) || !end_active(q)) {
    return std::nullopt;
  }
  return p.peer;
}

std::optional<PortId> LftRouter::owner(Lid lid) const {
  if (lid >= owner_.size() || owner_[lid] == kNoPort) {
    return std::nullopt;
  }
  return PortId{owner_[lid]};
}

std::optional<std::uint8_t> LftRouter::entry(NodeId sw, Lid lid) const {
  const std::vector<std::uint8_t>* t = table_.at(sw.value);
  if (t == nullptr || lid >= t->size() || (*t)[lid] == ForwardingTable::kNoRoute) {
    return std::nullopt;
  }
  return (*t)[lid];
}

std::optional<std::vector<PortId>> LftRouter::egress_ports(PortId from, Lid dlid) const {
  std::optional<PortId> to = owner(dlid);
  if (!to || *to == from || fabric_->node(fabric_->node_of(from)).type == NodeType::Switch) {
    return std::nullopt;
  }
  std::vector<PortId> route{from};
  std::optional<PortId> arrived = working_peer(from);
  // A loop-free route meets each switch at most once: more hops than switches is a loop.
  for (std::size_t hop = 0; hop <= switches_; ++hop) {
    if (!arrived) {
      return std::nullopt;
    }
    if (*arrived == *to) {
      return route;
    }
    NodeId here = fabric_->node_of(*arrived);
    if (fabric_->node(here).type != NodeType::Switch) {
      return std::nullopt;  // a CA or router that does not answer to dlid
    }
    if (here == fabric_->node_of(*to)) {
      return route;  // dlid is this switch's own (port 0)
    }
    std::optional<std::uint8_t> out = entry(here, dlid);
    std::optional<PortId> egress = out && *out != 0 ? fabric_->find_port(here, *out) : std::nullopt;
    if (!egress) {
      return std::nullopt;
    }
    route.push_back(*egress);
    arrived = working_peer(*egress);
  }
  return std::nullopt;
}

std::optional<std::vector<PortId>> egress_ports(const Fabric& fabric, PortId from, Lid dlid) {
  return LftRouter(fabric).egress_ports(from, dlid);
}

}  // namespace ibatlas
