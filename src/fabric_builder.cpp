#include "ibatlas/fabric_builder.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace ibatlas {

void FabricBuilder::reserve(std::size_t nodes, std::size_t ports) {
  nodes_.reserve(nodes);
  ports_by_node_.reserve(nodes);
  ports_.reserve(ports);
  node_by_guid_.reserve(nodes);
}

NodeId FabricBuilder::add_node(Node node) {
  NodeId id{static_cast<std::uint32_t>(nodes_.size())};
  node_by_guid_.try_emplace(node.guid, id);
  nodes_.push_back(std::move(node));
  ports_by_node_.emplace_back();
  return id;
}

PortId FabricBuilder::add_port(NodeId node_id, Port port) {
  assert(node_id.value < nodes_.size());
  assert(!find_port(node_id, port.number));
  PortId id{static_cast<std::uint32_t>(ports_.size())};
  port.node = node_id;
  port.peer.reset();
  ports_.push_back(std::move(port));
  ports_by_node_[node_id.value].push_back(id);
  return id;
}

PortId FabricBuilder::port(NodeId node_id, std::uint8_t number) {
  if (std::optional<PortId> existing = find_port(node_id, number)) {
    return *existing;
  }
  Port bare;
  bare.number = number;
  return add_port(node_id, bare);
}

std::optional<PortId> FabricBuilder::find_port(NodeId node_id, std::uint8_t number) const {
  for (PortId id : ports_by_node_.at(node_id.value)) {
    if (ports_[id.value].number == number) {
      return id;
    }
  }
  return std::nullopt;
}

std::optional<NodeId> FabricBuilder::find_node(Guid guid) const {
  auto it = node_by_guid_.find(guid);
  if (it == node_by_guid_.end()) {
    return std::nullopt;
  }
  return it->second;
}

void FabricBuilder::connect(PortId a, PortId b) {
  set_peer(a, b);
  set_peer(b, a);
}

void FabricBuilder::set_peer(PortId from, PortId to) {
  Port& p = ports_.at(from.value);
  // A port that named someone else before no longer does; its old peer keeps its own claim.
  p.peer = to;
}

void FabricBuilder::add_forwarding_table(NodeId switch_node, std::vector<std::uint8_t> out_port) {
  tables_.push_back(ForwardingTable{switch_node, std::move(out_port)});
}

void FabricBuilder::add_sl_to_vl_table(PortId in, PortId out,
                                       const std::array<std::uint8_t, 16>& vl) {
  assert(in.value < ports_.size() && out.value < ports_.size());
  assert(ports_[in.value].node == ports_[out.value].node);
  sl_to_vl_.push_back(SlToVlTable{in, out, vl});
}

void FabricBuilder::set_path_sls(Lid source, std::vector<std::uint8_t> sl) {
  while (!sl.empty() && sl.back() == PathSlRow::kUnknown) {
    sl.pop_back();
  }
  path_sls_.push_back(PathSlRow{source, std::move(sl)});
}

void FabricBuilder::set_switch_ar(SwitchAr ar) {
  for (SwitchAr& known : ar_) {
    if (known.switch_node == ar.switch_node) {
      known = std::move(ar);
      return;
    }
  }
  ar_.push_back(std::move(ar));
}

void FabricBuilder::set_subnet_managers(std::vector<SubnetManager> sms) {
  std::sort(sms.begin(), sms.end(), [](const SubnetManager& a, const SubnetManager& b) {
    return a.port_guid < b.port_guid;
  });
  sms_ = std::move(sms);
  sms_read_ = true;
}

Fabric FabricBuilder::build() && {
  // New order: by node, then port number. old_to_new maps builder ids to final ids.
  std::vector<std::uint32_t> old_to_new(ports_.size());
  std::uint32_t next = 0;
  bool already_ordered = true;
  for (std::size_t n = 0; n < nodes_.size(); ++n) {
    std::vector<PortId>& ids = ports_by_node_[n];
    std::sort(ids.begin(), ids.end(), [this](PortId a, PortId b) {
      return ports_[a.value].number < ports_[b.value].number;
    });
    nodes_[n].first_port = PortId{next};
    nodes_[n].ports = static_cast<std::uint32_t>(ids.size());
    for (PortId id : ids) {
      already_ordered = already_ordered && id.value == next;
      old_to_new[id.value] = next++;
    }
  }
  // The crawl and most readers add ports node by node in number order: then the ports, a
  // fabric's largest vector, move over instead of being copied.
  std::vector<Port> ordered;
  if (already_ordered) {
    ordered = std::move(ports_);
  } else {
    ordered.resize(ports_.size());
    for (std::size_t i = 0; i < ports_.size(); ++i) {
      ordered[old_to_new[i]] = std::move(ports_[i]);
    }
  }
  for (Port& p : ordered) {
    if (p.peer) {
      p.peer = PortId{old_to_new[p.peer->value]};
    }
  }
  std::sort(tables_.begin(), tables_.end(), [](const ForwardingTable& a, const ForwardingTable& b) {
    return a.switch_node < b.switch_node;
  });
  for (SlToVlTable& t : sl_to_vl_) {
    t.in = PortId{old_to_new[t.in.value]};
    t.out = PortId{old_to_new[t.out.value]};
  }
  std::sort(sl_to_vl_.begin(), sl_to_vl_.end(), [](const SlToVlTable& a, const SlToVlTable& b) {
    return std::pair(a.in, a.out) < std::pair(b.in, b.out);
  });
  // The last row given for a source wins: stable sort, then keep each source's last row.
  std::stable_sort(path_sls_.begin(), path_sls_.end(),
                   [](const PathSlRow& a, const PathSlRow& b) { return a.source < b.source; });
  std::vector<PathSlRow> rows;
  rows.reserve(path_sls_.size());
  for (PathSlRow& row : path_sls_) {
    if (!rows.empty() && rows.back().source == row.source) {
      rows.back() = std::move(row);
    } else {
      rows.push_back(std::move(row));
    }
  }
  std::erase_if(rows, [](const PathSlRow& row) { return row.sl.empty(); });
  // Node ids do not change in build(), so AR state only needs its order.
  std::sort(ar_.begin(), ar_.end(),
            [](const SwitchAr& a, const SwitchAr& b) { return a.switch_node < b.switch_node; });

  Fabric fabric;
  fabric.nodes_ = std::move(nodes_);
  fabric.ports_ = std::move(ordered);
  fabric.tables_ = std::move(tables_);
  fabric.sl_to_vl_ = std::move(sl_to_vl_);
  fabric.path_sls_ = std::move(rows);
  fabric.ar_ = std::move(ar_);
  fabric.sms_ = std::move(sms_);
  fabric.sms_read_ = sms_read_;
  fabric.provenance_ = std::move(provenance_);
  fabric.node_by_guid_ = std::move(node_by_guid_);
  for (std::uint32_t i = 0; i < fabric.ports_.size(); ++i) {
    const Port& p = fabric.ports_[i];
    if (p.base_lid && *p.base_lid != 0) {
      fabric.port_by_base_lid_.try_emplace(*p.base_lid, PortId{i});
    }
  }
  *this = FabricBuilder();
  return fabric;
}

}  // namespace ibatlas
