// Attribute layouts: one field table per attribute (discover/field_table.hpp), a list of
// (bit offset, width, member) taken from the IBA tables and checked against libibmad's
// fields.c. decode_* and encode_* walk the same table, so no offset is written twice; the
// round-trip tests check the walk, and the hand-built byte arrays of the decoder tests check
// the offsets themselves (a wrong offset round-trips fine). Each table's static_assert
// rejects a field outside the 64 bytes, wider than its member, or sharing a bit with another.

#include "ibatlas/discover/smp_decode.hpp"

#include <algorithm>
#include <array>

#include "discover/field_table.hpp"

namespace ibatlas {

namespace {

// One field a line, in wire order, as the IBA tables list them (clang-format would pack
// this short table two a line).
// clang-format off
constexpr std::array kNodeInfoTable{
    field<&NodeInfoFields::base_version>(0, 8),
    field<&NodeInfoFields::class_version>(8, 8),
    field<&NodeInfoFields::node_type>(16, 8),
    field<&NodeInfoFields::num_ports>(24, 8),
    field<&NodeInfoFields::system_guid>(32, 64),
    field<&NodeInfoFields::node_guid>(96, 64),
    field<&NodeInfoFields::port_guid>(160, 64),
    field<&NodeInfoFields::partition_cap>(224, 16),
    field<&NodeInfoFields::device_id>(240, 16),
    field<&NodeInfoFields::revision>(256, 32),
    field<&NodeInfoFields::local_port>(288, 8),
    field<&NodeInfoFields::vendor_id>(296, 24),
};
// clang-format on
static_assert(is_valid_table(kNodeInfoTable));

constexpr std::array kSwitchInfoTable{
    field<&SwitchInfoFields::linear_fdb_cap>(0, 16),
    field<&SwitchInfoFields::random_fdb_cap>(16, 16),
    field<&SwitchInfoFields::multicast_fdb_cap>(32, 16),
    field<&SwitchInfoFields::linear_fdb_top>(48, 16),
    field<&SwitchInfoFields::default_port>(64, 8),
    field<&SwitchInfoFields::lids_per_port>(96, 16),
    field<&SwitchInfoFields::partition_enforcement_cap>(112, 16),
    field<&SwitchInfoFields::enhanced_port0>(132, 1),
};
static_assert(is_valid_table(kSwitchInfoTable));

// SlToVlFields is a bare array; the table needs a struct member to point at.
struct SlToVlWire {
  SlToVlFields vl{};
};

constexpr std::array kSlToVlTable{array_field<&SlToVlWire::vl>(0, 4, 4)};
static_assert(is_valid_table(kSlToVlTable));

constexpr std::array kPortInfoTable{
    field<&PortInfoFields::lid>(128, 16),
    field<&PortInfoFields::capability_mask>(160, 32),
    field<&PortInfoFields::local_port>(224, 8),
    field<&PortInfoFields::link_width_enabled>(232, 8),
    field<&PortInfoFields::link_width_supported>(240, 8),
    field<&PortInfoFields::link_width_active>(248, 8),
    field<&PortInfoFields::link_speed_supported>(256, 4),
    field<&PortInfoFields::port_state>(260, 4),
    field<&PortInfoFields::phys_state>(264, 4),
    field<&PortInfoFields::lmc>(277, 3),
    field<&PortInfoFields::link_speed_active>(280, 4),
    field<&PortInfoFields::link_speed_enabled>(284, 4),
    field<&PortInfoFields::neighbor_mtu>(288, 4),
    field<&PortInfoFields::vl_cap>(296, 4),
    field<&PortInfoFields::mtu_cap>(332, 4),
    field<&PortInfoFields::link_speed_ext2_active>(449, 2),
    field<&PortInfoFields::link_speed_ext2_supported>(451, 2),
    field<&PortInfoFields::link_speed_ext2_enabled>(453, 3),
    field<&PortInfoFields::capability_mask2>(480, 16),
    field<&PortInfoFields::link_speed_ext_active>(496, 4),
    field<&PortInfoFields::link_speed_ext_supported>(500, 4),
    field<&PortInfoFields::link_speed_ext_enabled>(507, 5),
};
static_assert(is_valid_table(kPortInfoTable));

constexpr std::array kMlnxExtPortInfoTable{
    field<&MlnxExtPortInfoFields::state_change_enable>(24, 8),
    field<&MlnxExtPortInfoFields::link_speed_supported>(56, 8),
    field<&MlnxExtPortInfoFields::link_speed_enabled>(88, 8),
    field<&MlnxExtPortInfoFields::link_speed_active>(120, 8),
};
static_assert(is_valid_table(kMlnxExtPortInfoTable));

constexpr std::array kPortCountersTable{
    field<&PortCountersFields::port_select>(8, 8),
    field<&PortCountersFields::counter_select>(16, 16),
    field<&PortCountersFields::symbol_errors>(32, 16),
    field<&PortCountersFields::link_error_recovery>(48, 8),
    field<&PortCountersFields::link_downed>(56, 8),
    field<&PortCountersFields::rcv_errors>(64, 16),
    field<&PortCountersFields::rcv_remote_phys_errors>(80, 16),
    field<&PortCountersFields::rcv_switch_relay_errors>(96, 16),
    field<&PortCountersFields::xmit_discards>(112, 16),
    field<&PortCountersFields::xmit_constraint_errors>(128, 8),
    field<&PortCountersFields::rcv_constraint_errors>(136, 8),
    field<&PortCountersFields::local_link_integrity_errors>(152, 4),
    field<&PortCountersFields::excessive_buffer_overruns>(156, 4),
    field<&PortCountersFields::vl15_dropped>(176, 16),
    field<&PortCountersFields::xmit_data>(192, 32),
    field<&PortCountersFields::rcv_data>(224, 32),
    field<&PortCountersFields::xmit_pkts>(256, 32),
    field<&PortCountersFields::rcv_pkts>(288, 32),
    field<&PortCountersFields::xmit_wait>(320, 32),
};
static_assert(is_valid_table(kPortCountersTable));

constexpr std::array kPortCountersExtendedTable{
    field<&PortCountersExtendedFields::port_select>(8, 8),
    field<&PortCountersExtendedFields::counter_select>(16, 16),
    field<&PortCountersExtendedFields::xmit_data>(64, 64),
    field<&PortCountersExtendedFields::rcv_data>(128, 64),
    field<&PortCountersExtendedFields::xmit_pkts>(192, 64),
    field<&PortCountersExtendedFields::rcv_pkts>(256, 64),
    field<&PortCountersExtendedFields::unicast_xmit_pkts>(320, 64),
    field<&PortCountersExtendedFields::unicast_rcv_pkts>(384, 64),
    field<&PortCountersExtendedFields::multicast_xmit_pkts>(448, 64),
};
static_assert(is_valid_table(kPortCountersExtendedTable));

constexpr std::array kPerfClassPortInfoTable{
    field<&PerfClassPortInfoFields::base_version>(0, 8),
    field<&PerfClassPortInfoFields::class_version>(8, 8),
    field<&PerfClassPortInfoFields::capability_mask>(16, 16),
    field<&PerfClassPortInfoFields::capability_mask2>(32, 27),
    field<&PerfClassPortInfoFields::resp_time_value>(59, 5),
};
static_assert(is_valid_table(kPerfClassPortInfoTable));

constexpr std::array kPortRcvErrorDetailsTable{
    field<&PortRcvErrorDetailsFields::port_select>(8, 8),
    field<&PortRcvErrorDetailsFields::counter_select>(16, 16),
    field<&PortRcvErrorDetailsFields::local_physical_errors>(32, 16),
    field<&PortRcvErrorDetailsFields::malformed_packet_errors>(48, 16),
    field<&PortRcvErrorDetailsFields::buffer_overrun_errors>(64, 16),
    field<&PortRcvErrorDetailsFields::dlid_mapping_errors>(80, 16),
    field<&PortRcvErrorDetailsFields::vl_mapping_errors>(96, 16),
    field<&PortRcvErrorDetailsFields::looping_errors>(112, 16),
};
static_assert(is_valid_table(kPortRcvErrorDetailsTable));

constexpr std::array kPortXmitDiscardDetailsTable{
    field<&PortXmitDiscardDetailsFields::port_select>(8, 8),
    field<&PortXmitDiscardDetailsFields::counter_select>(16, 16),
    field<&PortXmitDiscardDetailsFields::inactive_discards>(32, 16),
    field<&PortXmitDiscardDetailsFields::neighbor_mtu_discards>(48, 16),
    field<&PortXmitDiscardDetailsFields::sw_lifetime_limit_discards>(64, 16),
    field<&PortXmitDiscardDetailsFields::sw_hoq_lifetime_limit_discards>(80, 16),
};
static_assert(is_valid_table(kPortXmitDiscardDetailsTable));

constexpr std::array kSmInfoTable{
    field<&SmInfoFields::guid>(0, 64),
    field<&SmInfoFields::act_count>(128, 32),
    field<&SmInfoFields::priority>(160, 4),
    field<&SmInfoFields::sm_state>(164, 4),
};
static_assert(is_valid_table(kSmInfoTable));

}  // namespace

NodeInfoFields decode_node_info(PayloadView d) {
  return decode_fields(d, kNodeInfoTable);
}

MadPayload encode_node_info(const NodeInfoFields& f) {
  return encode_fields(f, kNodeInfoTable);
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
  return decode_fields(d, kSwitchInfoTable);
}

MadPayload encode_switch_info(const SwitchInfoFields& f) {
  return encode_fields(f, kSwitchInfoTable);
}

std::uint32_t lft_block_count(std::uint16_t linear_fdb_top) {
  return static_cast<std::uint32_t>(linear_fdb_top) / 64 + 1;
}

SlToVlFields decode_sl_to_vl(PayloadView d) {
  return decode_fields(d, kSlToVlTable).vl;
}

MadPayload encode_sl_to_vl(const SlToVlFields& vl) {
  return encode_fields(SlToVlWire{vl}, kSlToVlTable);
}

PortInfoFields decode_port_info(PayloadView d) {
  return decode_fields(d, kPortInfoTable);
}

MadPayload encode_port_info(const PortInfoFields& f) {
  return encode_fields(f, kPortInfoTable);
}

MlnxExtPortInfoFields decode_mlnx_ext_port_info(PayloadView d) {
  return decode_fields(d, kMlnxExtPortInfoTable);
}

MadPayload encode_mlnx_ext_port_info(const MlnxExtPortInfoFields& f) {
  return encode_fields(f, kMlnxExtPortInfoTable);
}

PortCountersFields decode_port_counters(PayloadView d) {
  return decode_fields(d, kPortCountersTable);
}

MadPayload encode_port_counters(const PortCountersFields& f) {
  return encode_fields(f, kPortCountersTable);
}

PortCountersExtendedFields decode_port_counters_extended(PayloadView d) {
  return decode_fields(d, kPortCountersExtendedTable);
}

MadPayload encode_port_counters_extended(const PortCountersExtendedFields& f) {
  return encode_fields(f, kPortCountersExtendedTable);
}

PerfClassPortInfoFields decode_perf_class_port_info(PayloadView d) {
  return decode_fields(d, kPerfClassPortInfoTable);
}

MadPayload encode_perf_class_port_info(const PerfClassPortInfoFields& f) {
  return encode_fields(f, kPerfClassPortInfoTable);
}

PortRcvErrorDetailsFields decode_port_rcv_error_details(PayloadView d) {
  return decode_fields(d, kPortRcvErrorDetailsTable);
}

MadPayload encode_port_rcv_error_details(const PortRcvErrorDetailsFields& f) {
  return encode_fields(f, kPortRcvErrorDetailsTable);
}

PortXmitDiscardDetailsFields decode_port_xmit_discard_details(PayloadView d) {
  return decode_fields(d, kPortXmitDiscardDetailsTable);
}

MadPayload encode_port_xmit_discard_details(const PortXmitDiscardDetailsFields& f) {
  return encode_fields(f, kPortXmitDiscardDetailsTable);
}

SmInfoFields decode_sm_info(PayloadView d) {
  return decode_fields(d, kSmInfoTable);
}

MadPayload encode_sm_info(const SmInfoFields& f) {
  return encode_fields(f, kSmInfoTable);
}

}  // namespace ibatlas
