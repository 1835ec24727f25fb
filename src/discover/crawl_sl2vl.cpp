// SL-to-VL tables (--sl2vl): SLtoVLMappingTable (0x17) of every pair of LinkUp ports.
//
// Which tables (docs/discover.md, "SL-to-VL tables"):
// - a CA or router port: its own table, when it is LinkUp and its PortInfo CapabilityMask says
//   IsSLMappingSupported (opensm programs no other; a port without it may reject the Get);
// - a switch: one per (in, out) with in != out, both LinkUp, out != 0. Input port 0 is
//   included: the switch's own management traffic (SMA and GSI replies) leaves through the
//   (0, out) tables, and opensm programs them. Output port 0 is not: what enters port 0 goes
//   up to the switch's agents, not onto a link, and a packet never leaves by the port it came
//   in, so neither table describes a hop the routing checks could follow.
//
// A switch's pairs are known once all its PortInfos are in; then they go out a few at a time,
// the next when one comes back (as LFT blocks do): a 36-port switch has 1,296 pairs, and
// queueing every pair of every switch at once would hold that many MAD jobs per switch.

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

constexpr std::uint32_t kSlToVlAheadPerSwitch = 8;

bool port_up(const NodeRecord& node, std::size_t p) {
  const PortRecord& port = node.ports[p];
  // A switch's port 0 has no link; it is there when its PortInfo answered.
  return port.info && (p == 0 || port.info->phys_state == kPhysStateLinkUp);
}

bool wanted_pair(const NodeRecord& node, std::size_t in, std::size_t out) {
  return in != out && out != 0 && port_up(node, in) && port_up(node, out);
}

}  // namespace

void Crawl::sl_to_vl_after_port_info(const MadJob& job, const PortInfoFields* fields) {
  std::uint32_t index = job.purpose.node;
  NodeRecord& node = nodes_[index];
  if (node.is_switch()) {
    if (node.port_infos_left > 0 && --node.port_infos_left == 0 && options_.sl2vl) {
      for (std::uint32_t i = 0; i < kSlToVlAheadPerSwitch; ++i) {
        request_next_sl_to_vl(index);
      }
    }
    return;
  }
  if (!options_.sl2vl || fields == nullptr || fields->phys_state != kPhysStateLinkUp ||
      (fields->capability_mask & kCapIsSlMappingSupported) == 0) {
    return;
  }
  // Modifier 0: the table of the port the SMP arrives at, which is the port this PortInfo
  // described, since a CA port's PortInfo is read over the route that reached that port.
  std::uint8_t port = job.purpose.port;
  request(std::get<SmpRequest>(job.request).route, SmpAttribute::SlToVlTable, 0,
          MadPurpose{MadPurpose::Kind::SlToVl, index, port, port});
}

void Crawl::request_next_sl_to_vl(std::uint32_t index) {
  NodeRecord& node = nodes_[index];
  std::size_t ports = node.ports.size();
  while (node.sl2vl_next_pair < ports * ports) {
    std::size_t pair = node.sl2vl_next_pair++;
    std::size_t in = pair / ports;
    std::size_t out = pair % ports;
    if (wanted_pair(node, in, out)) {
      auto in8 = static_cast<std::uint8_t>(in);
      auto out8 = static_cast<std::uint8_t>(out);
      request(node.route, SmpAttribute::SlToVlTable, sl_to_vl_modifier(in8, out8),
              MadPurpose{MadPurpose::Kind::SlToVl, index, out8, in8});
      return;
    }
  }
}

void Crawl::on_sl_to_vl(const MadJob& job, const SmpReply& reply) {
  std::uint32_t index = job.purpose.node;
  auto in = static_cast<std::uint8_t>(job.purpose.block);
  std::uint8_t out = job.purpose.port;
  if (reply.status == SmpStatus::Ok) {
    nodes_[index].sl2vl.push_back(SlToVlRead{in, out, decode_sl_to_vl(PayloadView(reply.data))});
  } else {
    // Not a silent hole: the table was wanted, so the snapshot is incomplete without it.
    IssueKind kind = reply.status == SmpStatus::Timeout ? IssueKind::NoAnswer : IssueKind::Rejected;
    std::string what = describe_failure(reply, job.attempts);
    if (nodes_[index].is_switch()) {
      what += " (the table for in port " + std::to_string(in) + ", out port " +
              std::to_string(out) + ")";
    }
    add_issue(kind, job, index, out, std::move(what));
  }
  if (nodes_[index].is_switch()) {
    request_next_sl_to_vl(index);
  }
}

}  // namespace ibatlas
