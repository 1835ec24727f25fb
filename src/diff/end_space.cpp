#include "diff/end_space.hpp"

namespace ibatlas::diff {

namespace {

End make_end(std::uint64_t node, std::uint8_t port) {
  return (node << 8) | port;
}

}  // namespace

End EndSpace::before_end(PortId port) const {
  const Port& p = before_.port(port);
  const std::optional<NodeId>& now = match_.after_of[p.node.value];
  std::uint64_t node = now ? std::uint64_t{now->value} : after_.nodes().size() + p.node.value;
  return make_end(node, p.number);
}

End EndSpace::after_end(PortId port) const {
  const Port& p = after_.port(port);
  return make_end(p.node.value, p.number);
}

std::optional<End> EndSpace::before_link_peer(PortId port) const {
  if (!before_.is_link(port)) {
    return std::nullopt;
  }
  return before_end(*before_.port(port).peer);
}

std::optional<End> EndSpace::after_link_peer(PortId port) const {
  if (!after_.is_link(port)) {
    return std::nullopt;
  }
  return after_end(*after_.port(port).peer);
}

std::optional<PortId> EndSpace::after_port(PortId before_port) const {
  const Port& p = before_.port(before_port);
  const std::optional<NodeId>& now = match_.after_of[p.node.value];
  return now ? after_.find_port(*now, p.number) : std::nullopt;
}

std::optional<PortId> EndSpace::before_port(PortId after_port) const {
  const Port& p = after_.port(after_port);
  const std::optional<NodeId>& then = match_.before_of[p.node.value];
  return then ? before_.find_port(*then, p.number) : std::nullopt;
}

const Node& EndSpace::node_of(End end) const {
  std::uint64_t node = end >> 8;
  std::size_t count = after_.nodes().size();
  return node < count ? after_.node(NodeId{static_cast<std::uint32_t>(node)})
                      : before_.node(NodeId{static_cast<std::uint32_t>(node - count)});
}

PortRef EndSpace::ref(End end) const {
  const Node& n = node_of(end);
  return PortRef{n.guid, static_cast<std::uint8_t>(end & 0xffU), n.description};
}

bool EndSpace::less(End x, End y) const {
  Guid gx = node_of(x).guid;
  Guid gy = node_of(y).guid;
  if (gx != gy) {
    return gx < gy;
  }
  return x < y;  // same GUID: by port number, then (duplicate GUIDs) by node
}

bool EndSpace::on_switch(End end) const {
  return node_of(end).type == NodeType::Switch;
}

}  // namespace ibatlas::diff
