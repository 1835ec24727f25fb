// The peer pass of read_ibnetdiscover: after the last line, each port line's peer is found
// (by GUID, or in a netfile by name), the port names it (one way: FabricBuilder::set_peer),
// and what the line says about the peer fills what the peer's own record left absent.

#include <string>

#include "formats/ibnetdiscover_reader_state.hpp"

namespace ibatlas::ibnetdiscover {

PortId Reader::port_of(NodeId node, std::uint8_t number) {
  if (!slots_.covers(node)) {
    return builder_.port(node, number);  // a peer without a record: few ports, unknown count
  }
  if (std::optional<PortId> known = slots_.find(node, number)) {
    return *known;
  }
  Port bare;
  bare.number = number;
  PortId made = builder_.add_port(node, bare);
  slots_.set(node, number, made);
  return made;
}

void Reader::resolve(const PendingPeer& peer) {
  NodeId remote = find_peer_node(peer);
  std::uint8_t port_count = builder_.node(remote).port_count;
  if (port_count != 0 && peer.remote_port > port_count) {
    fail(LineRef{name_, peer.line},
         "a peer port from 1 to " + std::to_string(port_count) + " (the peer's port count)",
         "[" + std::to_string(peer.remote_port) + "]");
  }
  PortId remote_port = port_of(remote, peer.remote_port);
  builder_.set_peer(peer.local, remote_port);
  apply_claims(peer, remote, remote_port);
}

void Reader::apply_claims(const PendingPeer& peer, NodeId remote, PortId remote_port) {
  bool recorded = remote.value < recorded_nodes_;
  Node& node = builder_.node(remote);
  if (!recorded) {
    if (node.description.empty() && peer.remote_description) {
      node.description = std::string(*peer.remote_description);
    }
    if (!builder_.port_data(remote_port).peer) {
      builder_.set_peer(remote_port, peer.local);
    }
  }
  // ibnetdiscover prints a switch peer's LID as the switch's (port 0's), a CA's as the
  // peer port's own.
  bool is_switch = node.type == NodeType::Switch;
  Port& target = builder_.port_data(is_switch ? port_of(remote, 0) : remote_port);
  if (!target.base_lid) {
    target.base_lid = peer.remote_lid;
  }
  if (!is_switch && !netfile_ && !target.guid) {
    target.guid = peer.remote_port_guid;
  }
}

}  // namespace ibatlas::ibnetdiscover
