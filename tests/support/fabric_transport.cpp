#include "support/fabric_transport.hpp"

#include <algorithm>
#include <stdexcept>

#include "ibatlas/discover/smp_decode.hpp"

#include "support/fabric_transport_perf.hpp"

namespace ibatlas::test {

namespace {

constexpr std::uint16_t kStatusUnsupportedAttribute = 3 << 2;
constexpr std::uint16_t kStatusInvalidValue = 7 << 2;

SmpReply rejected(std::uint64_t tag, std::uint16_t status) {
  SmpReply r;
  r.tag = tag;
  r.status = SmpStatus::Rejected;
  r.mad_status = status;
  return r;
}

SmpReply ok(std::uint64_t tag, const MadPayload& data) {
  SmpReply r;
  r.tag = tag;
  r.status = SmpStatus::Ok;
  r.data = data;
  return r;
}

bool link_up(const Port& port) {
  return port.phys_state ? *port.phys_state == PhysState::LinkUp : port.peer.has_value();
}

std::optional<PortId> first_connected_ca_port(const Fabric& fabric) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.ports()[i];
    if (fabric.node(p.node).type != NodeType::Switch && p.peer) {
      return PortId{i};
    }
  }
  return std::nullopt;
}

NodeInfoFields node_info_of(const Fabric& fabric, NodeId id, std::uint8_t entry) {
  const Node& node = fabric.node(id);
  NodeInfoFields f;
  f.node_type = static_cast<std::uint8_t>(node.type);
  f.num_ports = node.port_count;
  f.system_guid = node.system_guid.value_or(0);
  f.node_guid = node.guid;
  std::uint8_t guid_port = node.type == NodeType::Switch ? 0 : entry;
  std::optional<PortId> port = fabric.find_port(id, guid_port);
  f.port_guid = port ? fabric.port(*port).guid.value_or(0) : 0;
  f.device_id = static_cast<std::uint16_t>(node.device_id.value_or(0));
  f.revision = node.revision.value_or(0);
  f.vendor_id = node.vendor_id.value_or(0);
  f.local_port = entry;
  return f;
}

PortSpeeds speeds_of(const Port& port) {
  return PortSpeeds{port.speed_active, port.speed_enabled, port.speed_supported};
}

// CapabilityMask bits for extended speeds: a switch states them on port 0 for all its ports.
PortInfoFields capabilities_of(const Fabric& fabric, NodeId id, const Port* port) {
  PortInfoFields caps;
  MlnxExtPortInfoFields unused;
  if (fabric.node(id).type == NodeType::Switch) {
    for (const Port& p : fabric.ports_of(id)) {
      encode_speeds(speeds_of(p), caps, unused);
    }
  } else if (port != nullptr) {
    encode_speeds(speeds_of(*port), caps, unused);
  }
  return caps;
}

PortInfoFields port_info_of(const Fabric& fabric, NodeId id, const Port* port, std::uint8_t entry) {
  PortInfoFields f = capabilities_of(fabric, id, port);
  f.local_port = entry;
  bool is_switch = fabric.node(id).type == NodeType::Switch;
  std::optional<PortId> lid_port = is_switch ? fabric.find_port(id, 0) : std::nullopt;
  const Port* addressed = lid_port ? &fabric.port(*lid_port) : port;
  if (addressed != nullptr) {
    f.lid = addressed->base_lid.value_or(0);
    f.lmc = addressed->lmc.value_or(0);
  }
  if (port == nullptr) {
    f.port_state = static_cast<std::uint8_t>(PortState::Down);
    return f;
  }
  f.port_state = port->state ? static_cast<std::uint8_t>(*port->state) : 0;
  f.phys_state = port->phys_state ? static_cast<std::uint8_t>(*port->phys_state) : 0;
  f.link_width_active = port->width_active ? width_to_bits(*port->width_active) : 0;
  f.link_width_enabled = port->width_enabled ? width_set_to_bits(*port->width_enabled) : 0;
  f.link_width_supported = port->width_supported ? width_set_to_bits(*port->width_supported) : 0;
  f.neighbor_mtu = port->mtu_active ? static_cast<std::uint8_t>(*port->mtu_active) : 0;
  f.mtu_cap = port->mtu_cap ? static_cast<std::uint8_t>(*port->mtu_cap) : 0;
  f.vl_cap = port->vl_cap.value_or(0);
  MlnxExtPortInfoFields unused;
  encode_speeds(speeds_of(*port), f, unused);
  return f;
}

MadPayload lft_block(const ForwardingTable* table, std::uint32_t block) {
  MadPayload data;
  data.fill(ForwardingTable::kNoRoute);
  for (std::size_t i = 0; table != nullptr && i < 64; ++i) {
    std::size_t lid = static_cast<std::size_t>(block) * 64 + i;
    if (lid < table->out_port.size()) {
      data[i] = table->out_port[lid];
    }
  }
  return data;
}

SwitchInfoFields switch_info_of(const Node& node, const ForwardingTable* table) {
  SwitchInfoFields f;
  f.linear_fdb_cap = 49152;
  f.multicast_fdb_cap = 4096;
  f.enhanced_port0 = node.enhanced_port0.value_or(false);
  if (table != nullptr && !table->out_port.empty()) {
    f.linear_fdb_top = static_cast<std::uint16_t>(table->out_port.size() - 1);
  }
  return f;
}

}  // namespace

FabricTransport::FabricTransport(const Fabric& fabric, FabricTransportOptions options)
    : fabric_(fabric), options_(options) {
  std::optional<PortId> local =
      options_.local_port ? options_.local_port : first_connected_ca_port(fabric);
  if (!local) {
    throw std::invalid_argument("FabricTransport: no CA port with a cable to start from");
  }
  local_port_ = *local;
  tables_.assign(fabric.nodes().size(), nullptr);
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    tables_.at(table.switch_node.value) = &table;
  }
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    sl_to_vl_[{table.in.value, table.out.value}] = &table;
  }
}

std::optional<std::pair<NodeId, std::uint8_t>> FabricTransport::walk(
    const DirectedRoute& route) const {
  const Port& local = fabric_.port(local_port_);
  NodeId at = local.node;
  std::uint8_t entry = fabric_.node(at).type == NodeType::Switch ? 0 : local.number;
  for (std::size_t hop = 0; hop < route.size(); ++hop) {
    bool is_switch = fabric_.node(at).type == NodeType::Switch;
    if (hop > 0 && !is_switch) {
      return std::nullopt;  // a CA drops a directed route it would have to forward
    }
    std::optional<PortId> out = fabric_.find_port(at, route[hop]);
    if (!out || route[hop] == 0 || !fabric_.port(*out).peer || !link_up(fabric_.port(*out))) {
      return std::nullopt;
    }
    const Port& far = fabric_.port(*fabric_.port(*out).peer);
    if (!link_up(far)) {
      return std::nullopt;
    }
    at = far.node;
    entry = far.number;
  }
  return std::make_pair(at, entry);
}

SmpReply FabricTransport::answer(const SmpRequest& request) const {
  std::optional<std::pair<NodeId, std::uint8_t>> reached = walk(request.route);
  if (!reached) {
    SmpReply lost;
    lost.tag = request.tag;
    return lost;  // Timeout
  }
  auto [id, entry] = *reached;
  const Node& node = fabric_.node(id);
  bool is_switch = node.type == NodeType::Switch;
  switch (request.attribute) {
    case SmpAttribute::NodeInfo:
      return ok(request.tag, encode_node_info(node_info_of(fabric_, id, entry)));
    case SmpAttribute::NodeDescription:
      return ok(request.tag, encode_node_description(node.description));
    case SmpAttribute::SwitchInfo:
      return is_switch
                 ? ok(request.tag, encode_switch_info(switch_info_of(node, tables_[id.value])))
                 : rejected(request.tag, kStatusUnsupportedAttribute);
    case SmpAttribute::LinearForwardingTable:
      return is_switch ? ok(request.tag, lft_block(tables_[id.value], request.modifier))
                       : rejected(request.tag, kStatusUnsupportedAttribute);
    case SmpAttribute::SlToVlTable:
      return answer_sl_to_vl(request, id, entry);
    case SmpAttribute::PortInfo:
    case SmpAttribute::MlnxExtPortInfo:
      break;
    default:
      if (is_switch && is_ar_attribute(request.attribute)) {
        return answer_ar(request, id);
      }
      return rejected(request.tag, kStatusUnsupportedAttribute);
  }
  return answer_port(request, id, entry);
}

// PortInfo and ExtPortInfo: a CA's modifier 0 means the port the SMP came in by.
SmpReply FabricTransport::answer_port(const SmpRequest& request, NodeId id,
                                      std::uint8_t entry) const {
  const Node& node = fabric_.node(id);
  bool is_switch = node.type == NodeType::Switch;
  std::uint32_t number = (!is_switch && request.modifier == 0) ? entry : request.modifier;
  if (number > node.port_count) {
    return rejected(request.tag, kStatusInvalidValue);
  }
  std::optional<PortId> port = fabric_.find_port(id, static_cast<std::uint8_t>(number));
  const Port* p = port ? &fabric_.port(*port) : nullptr;
  PortInfoFields info = port_info_of(fabric_, id, p, entry);
  if (!is_switch && find_sl_to_vl(id, static_cast<std::uint8_t>(number),
                                  static_cast<std::uint8_t>(number)) != nullptr) {
    info.capability_mask |= kCapIsSlMappingSupported;
  }
  if (request.attribute == SmpAttribute::PortInfo) {
    return ok(request.tag, encode_port_info(info));
  }
  MlnxExtPortInfoFields mlnx;
  if (p != nullptr) {
    encode_speeds(speeds_of(*p), info, mlnx);
  }
  return ok(request.tag, encode_mlnx_ext_port_info(mlnx));
}

const SlToVlTable* FabricTransport::find_sl_to_vl(NodeId node, std::uint8_t in,
                                                  std::uint8_t out) const {
  std::optional<PortId> in_port = fabric_.find_port(node, in);
  std::optional<PortId> out_port = fabric_.find_port(node, out);
  if (!in_port || !out_port) {
    return nullptr;
  }
  auto it = sl_to_vl_.find({in_port->value, out_port->value});
  return it == sl_to_vl_.end() ? nullptr : it->second;
}

// A switch's modifier names (in << 8) | out; a CA's table is that of the port the SMP came in by.
SmpReply FabricTransport::answer_sl_to_vl(const SmpRequest& request, NodeId id,
                                          std::uint8_t entry) const {
  const Node& node = fabric_.node(id);
  bool is_switch = node.type == NodeType::Switch;
  std::uint32_t in = is_switch ? (request.modifier >> 8) & 0xff : entry;
  std::uint32_t out = is_switch ? request.modifier & 0xff : entry;
  if (in > node.port_count || out > node.port_count) {
    return rejected(request.tag, kStatusInvalidValue);
  }
  const SlToVlTable* table =
      find_sl_to_vl(id, static_cast<std::uint8_t>(in), static_cast<std::uint8_t>(out));
  return table != nullptr ? ok(request.tag, encode_sl_to_vl(table->vl))
                          : rejected(request.tag, kStatusUnsupportedAttribute);
}

SmpReply FabricTransport::answer_perf(const PerfRequest& request) const {
  std::optional<PortId> addressed = fabric_.find_port_by_lid(request.lid);
  if (!addressed) {
    SmpReply lost;
    lost.tag = request.tag;
    return lost;
  }
  std::optional<PortId> target =
      fabric_.find_port(fabric_.node_of(*addressed), request.port_select);
  if (!target) {
    return rejected(request.tag, kStatusInvalidValue);
  }
  return answer_perf_attribute(fabric_, request, *target);
}

void FabricTransport::send(const SmpRequest& request) {
  ++smps_received_;
  if (is_ar_attribute(request.attribute)) {
    if (auto reached = walk(request.route)) {
      ar_requests_.push_back(ArRequestSeen{reached->first, request.attribute, request.modifier});
    }
  }
  smp_queue_.push_back(Pending{now_ + options_.latency, answer(request)});
  peak_in_flight_ = std::max(peak_in_flight_, smp_queue_.size() + perf_queue_.size());
}

void FabricTransport::send_perf(const PerfRequest& request) {
  ++perf_received_;
  perf_queue_.push_back(Pending{now_ + options_.latency, answer_perf(request)});
  peak_in_flight_ = std::max(peak_in_flight_, smp_queue_.size() + perf_queue_.size());
}

std::vector<SmpReply> FabricTransport::take_ready(std::deque<Pending>& queue) {
  std::vector<SmpReply> ready;
  if (queue.empty()) {
    return ready;
  }
  now_ = std::max(now_, queue.front().ready);  // virtual time jumps to the next reply
  while (!queue.empty() && queue.front().ready <= now_) {
    ready.push_back(queue.front().reply);
    queue.pop_front();
  }
  return ready;
}

std::vector<SmpReply> FabricTransport::poll(std::chrono::milliseconds) {
  return take_ready(smp_queue_);
}

std::vector<SmpReply> FabricTransport::poll_perf(std::chrono::milliseconds) {
  return take_ready(perf_queue_);
}

DroppingTransport::DroppingTransport(SmpTransport& inner, double rate, std::uint64_t seed,
                                     Selector selects)
    : inner_(inner), rate_(rate), random_(seed), selects_(std::move(selects)) {}

void DroppingTransport::send(const SmpRequest& request) {
  double draw = static_cast<double>(random_() >> 11) * 0x1.0p-53;  // uniform in [0, 1)
  if ((!selects_ || selects_(request)) && draw < rate_) {
    ++dropped_;
    SmpReply timeout;
    timeout.tag = request.tag;
    timeouts_.push_back(timeout);
    return;
  }
  inner_.send(request);
}

std::vector<SmpReply> DroppingTransport::poll(std::chrono::milliseconds timeout) {
  std::vector<SmpReply> replies =
      inner_.poll(timeouts_.empty() ? timeout : std::chrono::milliseconds(0));
  replies.insert(replies.end(), timeouts_.begin(), timeouts_.end());
  timeouts_.clear();
  return replies;
}

}  // namespace ibatlas::test
