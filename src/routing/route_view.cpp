#include "routing/route_view.hpp"

namespace ibatlas {

namespace {

bool end_carries(const Port& p, LinkRule rule) {
  if (!p.state) {
    return true;  // dumps without port states list cabled ports only
  }
  return rule == LinkRule::Forwarding ? *p.state == PortState::Active : *p.state != PortState::Down;
}

}  // namespace

RouteView::RouteView(const Fabric& fabric, LinkRule rule)
    : fabric_(&fabric), rule_(rule), index_of_(fabric.nodes().size(), kNoSwitch) {
  std::span<const Node> nodes = fabric.nodes();
  for (std::uint32_t n = 0; n < nodes.size(); ++n) {
    if (nodes[n].type == NodeType::Switch) {
      index_of_[n] = static_cast<std::uint32_t>(switches_.size());
      switches_.push_back(NodeId{n});
    }
  }
  base_.push_back(0);
  for (NodeId node : switches_) {
    base_.push_back(base_.back() + highest_port(fabric, node) + 1U);
  }
  slots_.resize(base_.back());
  for (std::uint32_t s = 0; s < switches_.size(); ++s) {
    for (const Port& p : fabric.ports_of(switches_[s])) {
      SwitchPort& slot = slots_[base_[s] + p.number];
      slot.port = fabric.id_of(p).value;
      if (p.number != 0 && carries(PortId{slot.port})) {
        slot.peer = p.peer->value;
        slot.peer_switch = index_of_[fabric.node_of(*p.peer).value];
      }
    }
  }
  tables_.assign(switches_.size(), nullptr);
  for (const ForwardingTable& t : fabric.forwarding_tables()) {
    if (index_of_[t.switch_node.value] != kNoSwitch) {
      tables_[index_of_[t.switch_node.value]] = &t.out_port;
    }
  }
  owner_ = lid_owners(fabric);
}

bool RouteView::carries(PortId a) const {
  const Port& p = fabric_->port(a);
  if (!p.peer || *p.peer == a) {
    return false;
  }
  const Port& q = fabric_->port(*p.peer);
  return q.peer == a && end_carries(p, rule_) && end_carries(q, rule_);
}

std::uint32_t RouteView::ca_peer(std::uint32_t port) const {
  return carries(PortId{port}) ? fabric_->port(PortId{port}).peer->value : kNoPort;
}

std::vector<CaSource> ca_sources(const RouteView& view) {
  std::vector<CaSource> sources;
  std::span<const Port> ports = view.fabric().ports();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    if (view.switch_of_port(i) != kNoSwitch || ports[i].number == 0) {
      continue;
    }
    std::uint32_t peer = view.ca_peer(i);
    std::uint32_t sw = peer == kNoPort ? kNoSwitch : view.switch_of_port(peer);
    if (sw != kNoSwitch) {
      sources.push_back(CaSource{i, sw, view.fabric().port(PortId{peer}).number});
    }
  }
  return sources;
}

std::vector<Destination> destinations(const RouteView& view) {
  std::vector<Destination> out;
  std::vector<bool> is_source(view.fabric().ports().size(), false);
  for (const CaSource& c : ca_sources(view)) {
    is_source[c.port] = true;
  }
  for (std::uint32_t lid = 1; lid < view.lid_limit(); ++lid) {
    std::uint32_t owner = view.owner(lid);
    if (owner == kNoPort) {
      continue;
    }
    Destination d;
    d.lid = static_cast<Lid>(lid);
    d.owner = owner;
    std::uint32_t sw = view.switch_of_port(owner);
    if (sw != kNoSwitch) {
      if (view.fabric().port(PortId{owner}).number != 0) {
        continue;  // a switch answers on port 0 only
      }
      d.target = sw;
      d.to_switch = true;
    } else {
      std::uint32_t peer = view.ca_peer(owner);
      d.target = peer == kNoPort ? kNoSwitch : view.switch_of_port(peer);
      if (d.target == kNoSwitch) {
        continue;  // cannot receive from the switched fabric
      }
      d.exit_port = view.fabric().port(PortId{peer}).number;
      d.owner_is_source = is_source[owner];
    }
    out.push_back(d);
  }
  return out;
}

}  // namespace ibatlas
