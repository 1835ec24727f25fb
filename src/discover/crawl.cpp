// The crawl's rules. Breadth-first falls out of the engine's FIFO queue: a node's reads are
// queued when it is found, so nodes nearer the local port are read first.
//
// Why identity is the directed route and not the GUID: two nodes that answer with one GUID
// (a cloned HCA image, a mis-programmed switch) are two nodes, and merging them loses one
// and invents cables. So a GUID seen again is accepted as the known node only when the link
// it was reached over agrees with what is known of that node's port; until that is known
// (the node's own probe out of that port is still in flight) the arrival waits ("parked").

#include "discover/crawl.hpp"

#include <algorithm>

namespace ibatlas {

namespace {

bool same_kind(const NodeInfoFields& a, const NodeInfoFields& b) {
  return a.node_type == b.node_type && a.num_ports == b.num_ports &&
         a.system_guid == b.system_guid && a.device_id == b.device_id &&
         a.vendor_id == b.vendor_id && a.revision == b.revision;
}

}  // namespace

void Crawl::start() {
  request(options_.start, SmpAttribute::NodeInfo, 0,
          MadPurpose{MadPurpose::Kind::Probe, MadPurpose::kNoNode, 0, 0});
}

void Crawl::request(const DirectedRoute& route, SmpAttribute attribute, std::uint32_t modifier,
                    MadPurpose purpose) {
  MadJob job;
  job.request = SmpRequest{0, route, attribute, modifier};
  job.purpose = purpose;
  engine_.submit(job);
}

void Crawl::handle(const MadJob& job, const SmpReply& reply) {
  using Kind = MadPurpose::Kind;
  const MadPurpose& p = job.purpose;
  if (is_counters(p.kind)) {
    on_perf(job, reply);
    return;
  }
  if (p.kind == Kind::SlToVl) {
    on_sl_to_vl(job, reply);
    return;
  }
  if (is_ar(p.kind)) {
    on_ar(job, reply);  // AR failures are the switch's AR state, not issues
    return;
  }
  if (reply.status != SmpStatus::Ok) {
    on_failure(job, reply);
    return;
  }
  PayloadView data(reply.data);
  switch (p.kind) {
    case Kind::Probe:
      on_probe(job, reply);
      break;
    case Kind::Description:
      nodes_[p.node].description = decode_node_description(data);
      break;
    case Kind::SwitchInfo:
      on_switch_info(job, decode_switch_info(data));
      break;
    case Kind::PortInfo:
      on_port_info(job, decode_port_info(data));
      break;
    case Kind::MlnxExt:
      nodes_[p.node].ports[p.port].mlnx = decode_mlnx_ext_port_info(data);
      break;
    case Kind::Lft:
      on_lft(job, reply);
      break;
    default:
      break;
  }
}

void Crawl::on_probe(const MadJob& job, const SmpReply& reply) {
  Arrival arrival{std::get<SmpRequest>(job.request).route, std::nullopt,
                  decode_node_info(PayloadView(reply.data))};
  if (job.purpose.node == MadPurpose::kNoNode) {
    resolve(arrival);
    return;
  }
  PeerRef from{job.purpose.node, job.purpose.port};
  arrival.from = from;
  if (const NodeRecord& out_of = nodes_[from.node]; !out_of.is_switch() && !out_of.route.empty()) {
    // The start CA's probe went back one hop (retracted): NodeInfo names the port the route
    // entered that switch by, the cable ends at the port the route left it by.
    arrival.info.local_port = out_of.route[out_of.route.size() - 1];
  }
  PortRecord& out = port_of(from);
  out.probe_saw_guid = arrival.info.node_guid;
  out.probe_saw_port = arrival.info.local_port;
  out.probe = ProbeState::Answered;
  // Arrivals parked on this port came from the far end of this very cable if they name it.
  std::vector<Arrival> parked;
  if (auto it = parked_.find(from); it != parked_.end()) {
    parked = std::move(it->second);
    parked_.erase(it);
  }
  auto mutual = std::find_if(parked.begin(), parked.end(), [&](const Arrival& x) {
    return x.from && nodes_[x.from->node].info.node_guid == arrival.info.node_guid &&
           x.from->port == arrival.info.local_port;
  });
  if (mutual != parked.end()) {
    link(from, *mutual->from);
    parked.erase(mutual);
  } else {
    resolve(arrival);
  }
  for (const Arrival& x : parked) {
    resolve(x);
  }
}

void Crawl::resolve(const Arrival& arrival) {
  std::optional<std::uint32_t> wait_on;
  if (auto it = by_guid_.find(arrival.info.node_guid); it != by_guid_.end()) {
    for (std::uint32_t candidate : it->second) {
      Verdict v = match(candidate, arrival);
      if (v == Verdict::Same) {
        attach(candidate, arrival);
        return;
      }
      if (v == Verdict::Wait && !wait_on) {
        wait_on = candidate;
      }
    }
  }
  if (wait_on) {
    parked_[PeerRef{*wait_on, arrival.info.local_port}].push_back(arrival);
    return;
  }
  add_node(arrival);
}

Crawl::Verdict Crawl::match(std::uint32_t candidate, const Arrival& arrival) const {
  const NodeRecord& node = nodes_[candidate];
  std::uint8_t p = arrival.info.local_port;
  if (!same_kind(node.info, arrival.info) || p > node.info.num_ports) {
    return Verdict::Different;
  }
  const PortRecord& port = node.ports[p];
  if (port.peer) {
    return arrival.from && *port.peer == *arrival.from ? Verdict::Same : Verdict::Different;
  }
  if (node.is_switch()) {
    return match_switch_port(node, port, arrival);
  }
  // A CA cannot forward a directed route, so nothing can be probed through it; its port
  // GUIDs tell its ports apart, and a clone repeats them.
  if (port.guid && *port.guid != arrival.info.port_guid) {
    return Verdict::Different;
  }
  for (std::size_t other = 0; other < node.ports.size(); ++other) {
    if (other != p && node.ports[other].guid == arrival.info.port_guid) {
      return Verdict::Different;
    }
  }
  return Verdict::Same;
}

Crawl::Verdict Crawl::match_switch_port(const NodeRecord& node, const PortRecord& port,
                                        const Arrival& arrival) const {
  if (arrival.info.local_port == 0 || !arrival.from) {
    return Verdict::Different;  // no cable ends at a switch's port 0
  }
  switch (port.probe) {
    case ProbeState::Answered:
      return port.probe_saw_guid == nodes_[arrival.from->node].info.node_guid &&
                     port.probe_saw_port == arrival.from->port
                 ? Verdict::Same
                 : Verdict::Different;
    case ProbeState::Failed:
    case ProbeState::HopLimited:
      return Verdict::Same;  // cannot tell; the GUID says it is
    case ProbeState::NotNeeded:
      return Verdict::Different;  // that port of the known node is not LinkUp
    case ProbeState::NotYet:
    case ProbeState::Sent:
      break;
  }
  (void)node;
  return Verdict::Wait;
}

void Crawl::attach(std::uint32_t node, const Arrival& arrival) {
  std::uint8_t p = arrival.info.local_port;
  if (arrival.from) {
    link(*arrival.from, PeerRef{node, p});
  }
  if (!nodes_[node].is_switch()) {
    PortRecord& port = nodes_[node].ports[p];
    port.guid = arrival.info.port_guid;
    if (!port.info_requested) {
      read_port_info(node, p, arrival.route);  // another port of a multi-port CA
    }
  }
}

void Crawl::add_node(const Arrival& arrival) {
  auto index = static_cast<std::uint32_t>(nodes_.size());
  NodeRecord record;
  record.route = arrival.route;
  record.info = arrival.info;
  record.entry_port = arrival.info.local_port;
  record.hops = arrival.from ? static_cast<std::uint8_t>(nodes_[arrival.from->node].hops + 1) : 0;
  record.ports.resize(static_cast<std::size_t>(arrival.info.num_ports) + 1);
  bool is_switch = record.is_switch();
  std::uint8_t guid_port = is_switch ? 0 : record.entry_port;
  if (guid_port < record.ports.size()) {
    record.ports[guid_port].guid = arrival.info.port_guid;
  }
  nodes_.push_back(std::move(record));
  by_guid_[arrival.info.node_guid].push_back(index);
  if (arrival.from && arrival.info.local_port <= arrival.info.num_ports) {
    link(*arrival.from, PeerRef{index, arrival.info.local_port});
  }
  request(arrival.route, SmpAttribute::NodeDescription, 0,
          MadPurpose{MadPurpose::Kind::Description, index, 0, 0});
  if (!is_switch) {
    if (arrival.info.local_port <= arrival.info.num_ports) {
      read_port_info(index, arrival.info.local_port, arrival.route);
    }
    return;
  }
  request(arrival.route, SmpAttribute::SwitchInfo, 0,
          MadPurpose{MadPurpose::Kind::SwitchInfo, index, 0, 0});
  nodes_[index].port_infos_left = static_cast<std::uint16_t>(arrival.info.num_ports + 1);
  // Port 0 first, then the others from an offset that differs from switch to switch. Probes
  // follow the PortInfos, and switches found at the same time (one per pod of a fat-tree)
  // would otherwise probe their uplinks in step and land on one core switch's SMA together,
  // overflowing its VL15 queue: their far end is unknown until they answer, so no cap can
  // see it (docs/benchmarks.md, "Per-node cap on the SMA model").
  read_port_info(index, 0, arrival.route);
  std::uint32_t n = arrival.info.num_ports;
  std::uint64_t offset = n == 0 ? 0 : (std::uint64_t{index} * 2654435761U) % n;
  for (std::uint32_t k = 0; k < n; ++k) {
    read_port_info(index, static_cast<std::uint8_t>(1 + (offset + k) % n), arrival.route);
  }
}

void Crawl::read_port_info(std::uint32_t node, std::uint8_t port, const DirectedRoute& route) {
  nodes_[node].ports[port].info_requested = true;
  request(route, SmpAttribute::PortInfo, port,
          MadPurpose{MadPurpose::Kind::PortInfo, node, port, 0});
}

void Crawl::link(PeerRef a, PeerRef b) {
  port_of(a).peer = b;
  port_of(b).peer = a;
}

}  // namespace ibatlas
