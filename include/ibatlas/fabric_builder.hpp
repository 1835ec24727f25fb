#pragma once

// FabricBuilder: the only way to make a Fabric. Readers, the crawler and tests add nodes
// and ports in any order; build() sorts each node's ports by number, makes them
// contiguous, remaps peers and builds the indexes.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

class FabricBuilder {
 public:
  // Sizes the storage for a fabric of about this many nodes and ports (readers that know
  // the input size call it; it only saves reallocations).
  void reserve(std::size_t nodes, std::size_t ports);

  // Adds a node. node.first_port and node.ports are ignored (build() sets them).
  NodeId add_node(Node node);

  // Adds a port of `node`; port.node and port.peer are ignored (use connect/set_peer).
  // REQUIRES: node was returned by add_node; no port with this number on it yet.
  PortId add_port(NodeId node, Port port);

  // The port `number` of `node`, adding a bare one if it is not there yet.
  PortId port(NodeId node, std::uint8_t number);
  std::optional<PortId> find_port(NodeId node, std::uint8_t number) const;
  std::optional<NodeId> find_node(Guid guid) const;  // first node added with that GUID

  Node& node(NodeId id) { return nodes_.at(id.value); }

  Port& port_data(PortId id) { return ports_.at(id.value); }

  std::size_t node_count() const { return nodes_.size(); }

  // A cable: a names b and b names a. Replaces earlier peers of both.
  void connect(PortId a, PortId b);
  // One direction only: `from` says its cable reaches `to`. Sources where the two ends
  // disagree keep that disagreement (the audit reports it).
  void set_peer(PortId from, PortId to);

  void add_forwarding_table(NodeId switch_node, std::vector<std::uint8_t> out_port);

  // A table for packets in by `in` and out by `out` (a CA or router port: in == out).
  // REQUIRES: both are ports of this builder, of one node.
  void add_sl_to_vl_table(PortId in, PortId out, const std::array<std::uint8_t, 16>& vl);

  // The path SLs from `source` (PathSlRow::sl, kUnknown for a LID without a record). A
  // second row for the same source replaces the first; a row without a known SL is dropped.
  void set_path_sls(Lid source, std::vector<std::uint8_t> sl);

  // One switch's AR state. A second one for the same switch replaces the first.
  void set_switch_ar(SwitchAr ar);

  // The subnet managers SMInfo found (possibly none): marks SMInfo as read.
  void set_subnet_managers(std::vector<SubnetManager> sms);

  void set_provenance(Provenance provenance) { provenance_ = std::move(provenance); }

  // Builds the snapshot. Leaves the builder empty.
  Fabric build() &&;

 private:
  std::vector<Node> nodes_;
  std::vector<Port> ports_;
  std::vector<std::vector<PortId>> ports_by_node_;  // per node, in insertion order
  std::vector<ForwardingTable> tables_;
  std::vector<SlToVlTable> sl_to_vl_;
  std::vector<PathSlRow> path_sls_;
  std::vector<SwitchAr> ar_;
  std::vector<SubnetManager> sms_;
  bool sms_read_ = false;
  Provenance provenance_;
  std::unordered_map<Guid, NodeId> node_by_guid_;
};

}  // namespace ibatlas
