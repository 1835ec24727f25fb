// The counters a model port holds, encoded attribute by attribute. Absent counters read as 0,
// and each is cut to its field's width (saturated, as IBA 16.1.3 counters stop at all ones).

#include "support/fabric_transport_perf.hpp"

#include <algorithm>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas::test {

namespace {

constexpr std::uint16_t kStatusUnsupportedAttribute = 3 << 2;

template <typename T>
T saturate(std::optional<std::uint64_t> value, int bits) {
  std::uint64_t max = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  return static_cast<T>(std::min(value.value_or(0), max));
}

SmpReply reply(std::uint64_t tag, const MadPayload& data) {
  SmpReply r;
  r.tag = tag;
  r.status = SmpStatus::Ok;
  r.data = data;
  return r;
}

SmpReply unsupported(std::uint64_t tag) {
  SmpReply r;
  r.tag = tag;
  r.status = SmpStatus::Rejected;
  r.mad_status = kStatusUnsupportedAttribute;
  return r;
}

// Does any port of `node` hold a counter `has` accepts?
template <typename Has>
bool node_has(const Fabric& fabric, NodeId node, Has has) {
  std::span<const Port> ports = fabric.ports_of(node);
  return std::any_of(ports.begin(), ports.end(),
                     [&](const Port& p) { return p.counters && has(*p.counters); });
}

bool has_unicast(const PortCounters& c) {
  return c.unicast_xmit_pkts.has_value();
}

bool has_rcv_details(const PortCounters& c) {
  return c.local_physical_errors || c.malformed_packet_errors || c.buffer_overrun_errors ||
         c.dlid_mapping_errors || c.vl_mapping_errors || c.looping_errors;
}

bool has_xmit_details(const PortCounters& c) {
  return c.inactive_discards || c.neighbor_mtu_discards || c.sw_lifetime_limit_discards ||
         c.sw_hoq_lifetime_limit_discards;
}

MadPayload class_port_info(const Fabric& fabric, NodeId node) {
  PerfClassPortInfoFields f;
  f.base_version = 1;
  f.class_version = 1;
  f.capability_mask = static_cast<std::uint16_t>(
      kPmCapAllPortSelect | kPmCapXmitWait |
      (node_has(fabric, node, has_unicast) ? kPmCapExtendedWidth : kPmCapExtendedWidthNoIetf));
  return encode_perf_class_port_info(f);
}

MadPayload port_counters(const PortCounters& c, std::uint8_t port_select) {
  PortCountersFields b;
  b.port_select = port_select;
  b.symbol_errors = saturate<std::uint16_t>(c.symbol_errors, 16);
  b.link_error_recovery = saturate<std::uint8_t>(c.link_error_recovery, 8);
  b.link_downed = saturate<std::uint8_t>(c.link_downed, 8);
  b.rcv_errors = saturate<std::uint16_t>(c.rcv_errors, 16);
  b.rcv_remote_phys_errors = saturate<std::uint16_t>(c.rcv_remote_phys_errors, 16);
  b.rcv_switch_relay_errors = saturate<std::uint16_t>(c.rcv_switch_relay_errors, 16);
  b.xmit_discards = saturate<std::uint16_t>(c.xmit_discards, 16);
  b.xmit_constraint_errors = saturate<std::uint8_t>(c.xmit_constraint_errors, 8);
  b.rcv_constraint_errors = saturate<std::uint8_t>(c.rcv_constraint_errors, 8);
  b.local_link_integrity_errors = saturate<std::uint8_t>(c.local_link_integrity_errors, 4);
  b.excessive_buffer_overruns = saturate<std::uint8_t>(c.excessive_buffer_overruns, 4);
  b.vl15_dropped = saturate<std::uint16_t>(c.vl15_dropped, 16);
  b.xmit_data = saturate<std::uint32_t>(c.xmit_data, 32);
  b.rcv_data = saturate<std::uint32_t>(c.rcv_data, 32);
  b.xmit_pkts = saturate<std::uint32_t>(c.xmit_pkts, 32);
  b.rcv_pkts = saturate<std::uint32_t>(c.rcv_pkts, 32);
  b.xmit_wait = saturate<std::uint32_t>(c.xmit_wait, 32);
  return encode_port_counters(b);
}

MadPayload port_counters_extended(const PortCounters& c, std::uint8_t port_select) {
  PortCountersExtendedFields e;
  e.port_select = port_select;
  e.xmit_data = c.xmit_data.value_or(0);
  e.rcv_data = c.rcv_data.value_or(0);
  e.xmit_pkts = c.xmit_pkts.value_or(0);
  e.rcv_pkts = c.rcv_pkts.value_or(0);
  e.unicast_xmit_pkts = c.unicast_xmit_pkts.value_or(0);
  e.unicast_rcv_pkts = c.unicast_rcv_pkts.value_or(0);
  e.multicast_xmit_pkts = c.multicast_xmit_pkts.value_or(0);
  return encode_port_counters_extended(e);
}

MadPayload rcv_error_details(const PortCounters& c, std::uint8_t port_select) {
  PortRcvErrorDetailsFields r;
  r.port_select = port_select;
  r.local_physical_errors = saturate<std::uint16_t>(c.local_physical_errors, 16);
  r.malformed_packet_errors = saturate<std::uint16_t>(c.malformed_packet_errors, 16);
  r.buffer_overrun_errors = saturate<std::uint16_t>(c.buffer_overrun_errors, 16);
  r.dlid_mapping_errors = saturate<std::uint16_t>(c.dlid_mapping_errors, 16);
  r.vl_mapping_errors = saturate<std::uint16_t>(c.vl_mapping_errors, 16);
  r.looping_errors = saturate<std::uint16_t>(c.looping_errors, 16);
  return encode_port_rcv_error_details(r);
}

MadPayload xmit_discard_details(const PortCounters& c, std::uint8_t port_select) {
  PortXmitDiscardDetailsFields x;
  x.port_select = port_select;
  x.inactive_discards = saturate<std::uint16_t>(c.inactive_discards, 16);
  x.neighbor_mtu_discards = saturate<std::uint16_t>(c.neighbor_mtu_discards, 16);
  x.sw_lifetime_limit_discards = saturate<std::uint16_t>(c.sw_lifetime_limit_discards, 16);
  x.sw_hoq_lifetime_limit_discards = saturate<std::uint16_t>(c.sw_hoq_lifetime_limit_discards, 16);
  return encode_port_xmit_discard_details(x);
}

}  // namespace

SmpReply answer_perf_attribute(const Fabric& fabric, const PerfRequest& request, PortId target) {
  const Port& port = fabric.port(target);
  PortCounters c = port.counters ? *port.counters : PortCounters{};
  std::uint8_t select = request.port_select;
  switch (request.attribute) {
    case PerfAttribute::ClassPortInfo:
      return reply(request.tag, class_port_info(fabric, port.node));
    case PerfAttribute::PortCounters:
      return reply(request.tag, port_counters(c, select));
    case PerfAttribute::PortCountersExtended:
      return reply(request.tag, port_counters_extended(c, select));
    case PerfAttribute::PortRcvErrorDetails:
      return node_has(fabric, port.node, has_rcv_details)
                 ? reply(request.tag, rcv_error_details(c, select))
                 : unsupported(request.tag);
    case PerfAttribute::PortXmitDiscardDetails:
      return node_has(fabric, port.node, has_xmit_details)
                 ? reply(request.tag, xmit_discard_details(c, select))
                 : unsupported(request.tag);
  }
  return unsupported(request.tag);
}

}  // namespace ibatlas::test
