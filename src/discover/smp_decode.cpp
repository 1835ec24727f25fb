// Attribute layouts: one decode and one encode per attribute, each a list of (bit offset,
// width) pairs taken from the IBA tables and checked against libibmad's fields.c. Decode and
// encode name the same offsets, so a typo shows up in the round-trip tests, and the
// hand-built byte arrays of the decoder tests catch a typo made twice.

#include "ibatlas/discover/smp_decode.hpp"

#include <algorithm>

#include "discover/bits.hpp"

namespace ibatlas {

namespace {

template <typename T>
T get(PayloadView data, std::size_t offset, std::size_t width) {
  return static_cast<T>(bits::get(data, offset, width));
}

void put(MadPayload& data, std::size_t offset, std::size_t width, std::uint64_t value) {
  bits::set(data, offset, width, value);
}

}  // namespace

NodeInfoFields decode_node_info(PayloadView d) {
  NodeInfoFields f;
  f.base_version = get<std::uint8_t>(d, 0, 8);
  f.class_version = get<std::uint8_t>(d, 8, 8);
  f.node_type = get<std::uint8_t>(d, 16, 8);
  f.num_ports = get<std::uint8_t>(d, 24, 8);
  f.system_guid = get<Guid>(d, 32, 64);
  f.node_guid = get<Guid>(d, 96, 64);
  f.port_guid = get<Guid>(d, 160, 64);
  f.partition_cap = get<std::uint16_t>(d, 224, 16);
  f.device_id = get<std::uint16_t>(d, 240, 16);
  f.revision = get<std::uint32_t>(d, 256, 32);
  f.local_port = get<std::uint8_t>(d, 288, 8);
  f.vendor_id = get<std::uint32_t>(d, 296, 24);
  return f;
}

MadPayload encode_node_info(const NodeInfoFields& f) {
  MadPayload d{};
  put(d, 0, 8, f.base_version);
  put(d, 8, 8, f.class_version);
  put(d, 16, 8, f.node_type);
  put(d, 24, 8, f.num_ports);
  put(d, 32, 64, f.system_guid);
  put(d, 96, 64, f.node_guid);
  put(d, 160, 64, f.port_guid);
  put(d, 224, 16, f.partition_cap);
  put(d, 240, 16, f.device_id);
  put(d, 256, 32, f.revision);
  put(d, 288, 8, f.local_port);
  put(d, 296, 24, f.vendor_id);
  return d;
}

std::string decode_node_description(PayloadView d) {
  auto end = std::find(d.begin(), d.end(), std::uint8_t{0});
  return std::string(d.begin(), end);
}

MadPayload encode_node_description(std::string_view text) {
  MadPayload d{};
  std::copy_n(text.begin(), std::min(text.size(), d.size()), d.begin());
  return d;
}

SwitchInfoFields decode_switch_info(PayloadView d) {
  SwitchInfoFields f;
  f.linear_fdb_cap = get<std::uint16_t>(d, 0, 16);
  f.random_fdb_cap = get<std::uint16_t>(d, 16, 16);
  f.multicast_fdb_cap = get<std::uint16_t>(d, 32, 16);
  f.linear_fdb_top = get<std::uint16_t>(d, 48, 16);
  f.default_port = get<std::uint8_t>(d, 64, 8);
  f.lids_per_port = get<std::uint16_t>(d, 96, 16);
  f.partition_enforcement_cap = get<std::uint16_t>(d, 112, 16);
  f.enhanced_port0 = get<bool>(d, 132, 1);
  return f;
}

MadPayload encode_switch_info(const SwitchInfoFields& f) {
  MadPayload d{};
  put(d, 0, 16, f.linear_fdb_cap);
  put(d, 16, 16, f.random_fdb_cap);
  put(d, 32, 16, f.multicast_fdb_cap);
  put(d, 48, 16, f.linear_fdb_top);
  put(d, 64, 8, f.default_port);
  put(d, 96, 16, f.lids_per_port);
  put(d, 112, 16, f.partition_enforcement_cap);
  put(d, 132, 1, f.enhanced_port0 ? 1 : 0);
  return d;
}

std::uint32_t lft_block_count(std::uint16_t linear_fdb_top) {
  return static_cast<std::uint32_t>(linear_fdb_top) / 64 + 1;
}

SlToVlFields decode_sl_to_vl(PayloadView d) {
  SlToVlFields vl;
  for (std::size_t sl = 0; sl < vl.size(); ++sl) {
    vl[sl] = get<std::uint8_t>(d, 4 * sl, 4);
  }
  return vl;
}

MadPayload encode_sl_to_vl(const SlToVlFields& vl) {
  MadPayload d{};
  for (std::size_t sl = 0; sl < vl.size(); ++sl) {
    put(d, 4 * sl, 4, vl[sl]);
  }
  return d;
}

PortInfoFields decode_port_info(PayloadView d) {
  PortInfoFields f;
  f.lid = get<Lid>(d, 128, 16);
  f.capability_mask = get<std::uint32_t>(d, 160, 32);
  f.local_port = get<std::uint8_t>(d, 224, 8);
  f.link_width_enabled = get<std::uint8_t>(d, 232, 8);
  f.link_width_supported = get<std::uint8_t>(d, 240, 8);
  f.link_width_active = get<std::uint8_t>(d, 248, 8);
  f.link_speed_supported = get<std::uint8_t>(d, 256, 4);
  f.port_state = get<std::uint8_t>(d, 260, 4);
  f.phys_state = get<std::uint8_t>(d, 264, 4);
  f.lmc = get<std::uint8_t>(d, 277, 3);
  f.link_speed_active = get<std::uint8_t>(d, 280, 4);
  f.link_speed_enabled = get<std::uint8_t>(d, 284, 4);
  f.neighbor_mtu = get<std::uint8_t>(d, 288, 4);
  f.vl_cap = get<std::uint8_t>(d, 296, 4);
  f.mtu_cap = get<std::uint8_t>(d, 332, 4);
  f.link_speed_ext2_active = get<std::uint8_t>(d, 449, 2);
  f.link_speed_ext2_supported = get<std::uint8_t>(d, 451, 2);
  f.link_speed_ext2_enabled = get<std::uint8_t>(d, 453, 3);
  f.capability_mask2 = get<std::uint16_t>(d, 480, 16);
  f.link_speed_ext_active = get<std::uint8_t>(d, 496, 4);
  f.link_speed_ext_supported = get<std::uint8_t>(d, 500, 4);
  f.link_speed_ext_enabled = get<std::uint8_t>(d, 507, 5);
  return f;
}

MadPayload encode_port_info(const PortInfoFields& f) {
  MadPayload d{};
  put(d, 128, 16, f.lid);
  put(d, 160, 32, f.capability_mask);
  put(d, 224, 8, f.local_port);
  put(d, 232, 8, f.link_width_enabled);
  put(d, 240, 8, f.link_width_supported);
  put(d, 248, 8, f.link_width_active);
  put(d, 256, 4, f.link_speed_supported);
  put(d, 260, 4, f.port_state);
  put(d, 264, 4, f.phys_state);
  put(d, 277, 3, f.lmc);
  put(d, 280, 4, f.link_speed_active);
  put(d, 284, 4, f.link_speed_enabled);
  put(d, 288, 4, f.neighbor_mtu);
  put(d, 296, 4, f.vl_cap);
  put(d, 332, 4, f.mtu_cap);
  put(d, 449, 2, f.link_speed_ext2_active);
  put(d, 451, 2, f.link_speed_ext2_supported);
  put(d, 453, 3, f.link_speed_ext2_enabled);
  put(d, 480, 16, f.capability_mask2);
  put(d, 496, 4, f.link_speed_ext_active);
  put(d, 500, 4, f.link_speed_ext_supported);
  put(d, 507, 5, f.link_speed_ext_enabled);
  return d;
}

MlnxExtPortInfoFields decode_mlnx_ext_port_info(PayloadView d) {
  MlnxExtPortInfoFields f;
  f.state_change_enable = get<std::uint8_t>(d, 24, 8);
  f.link_speed_supported = get<std::uint8_t>(d, 56, 8);
  f.link_speed_enabled = get<std::uint8_t>(d, 88, 8);
  f.link_speed_active = get<std::uint8_t>(d, 120, 8);
  return f;
}

MadPayload encode_mlnx_ext_port_info(const MlnxExtPortInfoFields& f) {
  MadPayload d{};
  put(d, 24, 8, f.state_change_enable);
  put(d, 56, 8, f.link_speed_supported);
  put(d, 88, 8, f.link_speed_enabled);
  put(d, 120, 8, f.link_speed_active);
  return d;
}

PortCountersFields decode_port_counters(PayloadView d) {
  PortCountersFields f;
  f.port_select = get<std::uint8_t>(d, 8, 8);
  f.counter_select = get<std::uint16_t>(d, 16, 16);
  f.symbol_errors = get<std::uint16_t>(d, 32, 16);
  f.link_error_recovery = get<std::uint8_t>(d, 48, 8);
  f.link_downed = get<std::uint8_t>(d, 56, 8);
  f.rcv_errors = get<std::uint16_t>(d, 64, 16);
  f.rcv_remote_phys_errors = get<std::uint16_t>(d, 80, 16);
  f.rcv_switch_relay_errors = get<std::uint16_t>(d, 96, 16);
  f.xmit_discards = get<std::uint16_t>(d, 112, 16);
  f.xmit_constraint_errors = get<std::uint8_t>(d, 128, 8);
  f.rcv_constraint_errors = get<std::uint8_t>(d, 136, 8);
  f.local_link_integrity_errors = get<std::uint8_t>(d, 152, 4);
  f.excessive_buffer_overruns = get<std::uint8_t>(d, 156, 4);
  f.vl15_dropped = get<std::uint16_t>(d, 176, 16);
  f.xmit_data = get<std::uint32_t>(d, 192, 32);
  f.rcv_data = get<std::uint32_t>(d, 224, 32);
  f.xmit_pkts = get<std::uint32_t>(d, 256, 32);
  f.rcv_pkts = get<std::uint32_t>(d, 288, 32);
  f.xmit_wait = get<std::uint32_t>(d, 320, 32);
  return f;
}

MadPayload encode_port_counters(const PortCountersFields& f) {
  MadPayload d{};
  put(d, 8, 8, f.port_select);
  put(d, 16, 16, f.counter_select);
  put(d, 32, 16, f.symbol_errors);
  put(d, 48, 8, f.link_error_recovery);
  put(d, 56, 8, f.link_downed);
  put(d, 64, 16, f.rcv_errors);
  put(d, 80, 16, f.rcv_remote_phys_errors);
  put(d, 96, 16, f.rcv_switch_relay_errors);
  put(d, 112, 16, f.xmit_discards);
  put(d, 128, 8, f.xmit_constraint_errors);
  put(d, 136, 8, f.rcv_constraint_errors);
  put(d, 152, 4, f.local_link_integrity_errors);
  put(d, 156, 4, f.excessive_buffer_overruns);
  put(d, 176, 16, f.vl15_dropped);
  put(d, 192, 32, f.xmit_data);
  put(d, 224, 32, f.rcv_data);
  put(d, 256, 32, f.xmit_pkts);
  put(d, 288, 32, f.rcv_pkts);
  put(d, 320, 32, f.xmit_wait);
  return d;
}

PortCountersExtendedFields decode_port_counters_extended(PayloadView d) {
  PortCountersExtendedFields f;
  f.port_select = get<std::uint8_t>(d, 8, 8);
  f.counter_select = get<std::uint16_t>(d, 16, 16);
  f.xmit_data = get<std::uint64_t>(d, 64, 64);
  f.rcv_data = get<std::uint64_t>(d, 128, 64);
  f.xmit_pkts = get<std::uint64_t>(d, 192, 64);
  f.rcv_pkts = get<std::uint64_t>(d, 256, 64);
  f.unicast_xmit_pkts = get<std::uint64_t>(d, 320, 64);
  f.unicast_rcv_pkts = get<std::uint64_t>(d, 384, 64);
  f.multicast_xmit_pkts = get<std::uint64_t>(d, 448, 64);
  return f;
}

MadPayload encode_port_counters_extended(const PortCountersExtendedFields& f) {
  MadPayload d{};
  put(d, 8, 8, f.port_select);
  put(d, 16, 16, f.counter_select);
  put(d, 64, 64, f.xmit_data);
  put(d, 128, 64, f.rcv_data);
  put(d, 192, 64, f.xmit_pkts);
  put(d, 256, 64, f.rcv_pkts);
  put(d, 320, 64, f.unicast_xmit_pkts);
  put(d, 384, 64, f.unicast_rcv_pkts);
  put(d, 448, 64, f.multicast_xmit_pkts);
  return d;
}

}  // namespace ibatlas
