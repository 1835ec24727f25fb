#pragma once

// Pure decoders of the SMP and PerfMgt attributes the crawler reads, from raw 64-byte
// payloads (MAD offset 64), and the matching encoders (the fake transport's, and round-trip
// tests'). Bit offsets follow IBA vol. 1 (14.2.5, 16.1.3) and were checked field by field
// against rdma-core's libibmad/fields.c and mad.h; offsets below are "bit o, width w" counted
// from the most significant bit of byte 0, as the IBA tables count them.
//
// Decoding is in two steps. decode_*() returns the raw fields (numbers as the wire has them);
// the to-model helpers at the end turn them into Fabric values, where a reserved or zero
// encoding becomes std::nullopt, never a made-up value.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

using MadPayload = std::array<std::uint8_t, 64>;
using PayloadView = std::span<const std::uint8_t, 64>;

// NodeInfo (0x11).
struct NodeInfoFields {
  std::uint8_t base_version = 1;    // bits 0-7
  std::uint8_t class_version = 1;   // bits 8-15
  std::uint8_t node_type = 0;       // bits 16-23: 1 CA, 2 switch, 3 router
  std::uint8_t num_ports = 0;       // bits 24-31
  Guid system_guid = 0;             // bits 32-95
  Guid node_guid = 0;               // bits 96-159
  Guid port_guid = 0;               // bits 160-223: the port the SMP arrived at (switch: port 0)
  std::uint16_t partition_cap = 0;  // bits 224-239
  std::uint16_t device_id = 0;      // bits 240-255
  std::uint32_t revision = 0;       // bits 256-287
  std::uint8_t local_port = 0;      // bits 288-295: the port the SMP arrived at
  std::uint32_t vendor_id = 0;      // bits 296-319 (24 bits)
  friend bool operator==(const NodeInfoFields&, const NodeInfoFields&) = default;
};

NodeInfoFields decode_node_info(PayloadView data);
MadPayload encode_node_info(const NodeInfoFields& fields);

// NodeDescription (0x10): up to 64 bytes of text, ending at the first NUL.
std::string decode_node_description(PayloadView data);
MadPayload encode_node_description(std::string_view text);  // cut to 64 bytes

// SwitchInfo (0x12).
struct SwitchInfoFields {
  std::uint16_t linear_fdb_cap = 0;             // bits 0-15
  std::uint16_t random_fdb_cap = 0;             // bits 16-31
  std::uint16_t multicast_fdb_cap = 0;          // bits 32-47
  std::uint16_t linear_fdb_top = 0;             // bits 48-63: the highest LID the LFT holds
  std::uint8_t default_port = 0;                // bits 64-71
  std::uint16_t lids_per_port = 0;              // bits 96-111
  std::uint16_t partition_enforcement_cap = 0;  // bits 112-127
  bool enhanced_port0 = false;                  // bit 132
  friend bool operator==(const SwitchInfoFields&, const SwitchInfoFields&) = default;
};

SwitchInfoFields decode_switch_info(PayloadView data);
MadPayload encode_switch_info(const SwitchInfoFields& fields);

// LinearForwardingTable (0x19): block b holds the out ports of LIDs 64b .. 64b+63, one byte
// each; 255 is "no route". The blocks to read for a LinearFDBTop:
std::uint32_t lft_block_count(std::uint16_t linear_fdb_top);

// SLtoVLMappingTable (0x17): 16 VLs of 4 bits, SL i at bits 4i .. 4i+3 (SL 0 in the high
// nibble of byte 0), as ibsim's do_sl2vl stores and libibmad's mad_dump_sltovl prints it.
// A switch's modifier names the input port in bits 15-8 and the output port in bits 7-0; a
// CA's or router's is 0, which means the port the SMP arrived at.
using SlToVlFields = std::array<std::uint8_t, 16>;

SlToVlFields decode_sl_to_vl(PayloadView data);
MadPayload encode_sl_to_vl(const SlToVlFields& vl);  // each VL cut to 4 bits

constexpr std::uint32_t sl_to_vl_modifier(std::uint8_t in, std::uint8_t out) {
  return (static_cast<std::uint32_t>(in) << 8) | out;
}

// PortInfo (0x15).
struct PortInfoFields {
  Lid lid = 0;                                 // bits 128-143
  std::uint32_t capability_mask = 0;           // bits 160-191
  std::uint8_t local_port = 0;                 // bits 224-231
  std::uint8_t link_width_enabled = 0;         // bits 232-239 (bit 0 1x, 1 4x, 2 8x, 3 12x, 4 2x)
  std::uint8_t link_width_supported = 0;       // bits 240-247
  std::uint8_t link_width_active = 0;          // bits 248-255 (one of the bits above)
  std::uint8_t link_speed_supported = 0;       // bits 256-259 (bit 0 SDR, 1 DDR, 2 QDR)
  std::uint8_t port_state = 0;                 // bits 260-263
  std::uint8_t phys_state = 0;                 // bits 264-267
  std::uint8_t lmc = 0;                        // bits 277-279
  std::uint8_t link_speed_active = 0;          // bits 280-283
  std::uint8_t link_speed_enabled = 0;         // bits 284-287
  std::uint8_t neighbor_mtu = 0;               // bits 288-291: the active MTU
  std::uint8_t vl_cap = 0;                     // bits 296-299
  std::uint8_t mtu_cap = 0;                    // bits 332-335
  std::uint8_t link_speed_ext2_active = 0;     // bits 449-450 (bit 0 XDR)
  std::uint8_t link_speed_ext2_supported = 0;  // bits 451-452
  std::uint8_t link_speed_ext2_enabled = 0;    // bits 453-455
  std::uint16_t capability_mask2 = 0;          // bits 480-495
  std::uint8_t link_speed_ext_active = 0;      // bits 496-499 (bit 0 FDR, 1 EDR, 2 HDR, 3 NDR)
  std::uint8_t link_speed_ext_supported = 0;   // bits 500-503
  std::uint8_t link_speed_ext_enabled = 0;     // bits 507-511 (30: extended speeds disabled)
  friend bool operator==(const PortInfoFields&, const PortInfoFields&) = default;
};

// CapabilityMask and CapabilityMask2 bits that say the extended speed fields are valid.
constexpr std::uint32_t kCapIsSlMappingSupported = 1U << 6;  // an end port has an SL-to-VL table
constexpr std::uint32_t kCapIsExtendedSpeedsSupported = 1U << 14;
constexpr std::uint32_t kCapIsCapabilityMask2Supported = 1U << 15;
constexpr std::uint16_t kCap2IsExtendedSpeeds2Supported = 0x0800;
constexpr std::uint8_t kPhysStateLinkUp = 5;

PortInfoFields decode_port_info(PayloadView data);
MadPayload encode_port_info(const PortInfoFields& fields);

// Mellanox ExtendedPortInfo (0xFF90): bit 0 of each speed byte is FDR10.
struct MlnxExtPortInfoFields {
  std::uint8_t state_change_enable = 0;   // bits 24-31
  std::uint8_t link_speed_supported = 0;  // bits 56-63
  std::uint8_t link_speed_enabled = 0;    // bits 88-95
  std::uint8_t link_speed_active = 0;     // bits 120-127
  friend bool operator==(const MlnxExtPortInfoFields&, const MlnxExtPortInfoFields&) = default;
};

constexpr std::uint8_t kMlnxSpeedFdr10 = 0x01;

MlnxExtPortInfoFields decode_mlnx_ext_port_info(PayloadView data);
MadPayload encode_mlnx_ext_port_info(const MlnxExtPortInfoFields& fields);

// PerfMgt PortCounters (0x12): error counters saturate at their width.
struct PortCountersFields {
  std::uint8_t port_select = 0;                  // bits 8-15
  std::uint16_t counter_select = 0;              // bits 16-31
  std::uint16_t symbol_errors = 0;               // bits 32-47
  std::uint8_t link_error_recovery = 0;          // bits 48-55
  std::uint8_t link_downed = 0;                  // bits 56-63
  std::uint16_t rcv_errors = 0;                  // bits 64-79
  std::uint16_t rcv_remote_phys_errors = 0;      // bits 80-95
  std::uint16_t rcv_switch_relay_errors = 0;     // bits 96-111
  std::uint16_t xmit_discards = 0;               // bits 112-127
  std::uint8_t xmit_constraint_errors = 0;       // bits 128-135
  std::uint8_t rcv_constraint_errors = 0;        // bits 136-143
  std::uint8_t local_link_integrity_errors = 0;  // bits 152-155
  std::uint8_t excessive_buffer_overruns = 0;    // bits 156-159
  std::uint16_t vl15_dropped = 0;                // bits 176-191
  std::uint32_t xmit_data = 0;                   // bits 192-223
  std::uint32_t rcv_data = 0;                    // bits 224-255
  std::uint32_t xmit_pkts = 0;                   // bits 256-287
  std::uint32_t rcv_pkts = 0;                    // bits 288-319
  std::uint32_t xmit_wait = 0;                   // bits 320-351
  friend bool operator==(const PortCountersFields&, const PortCountersFields&) = default;
};

PortCountersFields decode_port_counters(PayloadView data);
MadPayload encode_port_counters(const PortCountersFields& fields);

// PerfMgt PortCountersExtended (0x1D), the part within the first 64 bytes.
struct PortCountersExtendedFields {
  std::uint8_t port_select = 0;           // bits 8-15
  std::uint16_t counter_select = 0;       // bits 16-31
  std::uint64_t xmit_data = 0;            // bits 64-127
  std::uint64_t rcv_data = 0;             // bits 128-191
  std::uint64_t xmit_pkts = 0;            // bits 192-255
  std::uint64_t rcv_pkts = 0;             // bits 256-319
  std::uint64_t unicast_xmit_pkts = 0;    // bits 320-383
  std::uint64_t unicast_rcv_pkts = 0;     // bits 384-447
  std::uint64_t multicast_xmit_pkts = 0;  // bits 448-511 (PortMulticastRcvPkts: 512-575)
  friend bool operator==(const PortCountersExtendedFields&,
                         const PortCountersExtendedFields&) = default;
};

PortCountersExtendedFields decode_port_counters_extended(PayloadView data);
MadPayload encode_port_counters_extended(const PortCountersExtendedFields& fields);

// PerfMgt ClassPortInfo (0x01), the capability part. CapabilityMask bits as perfquery reads
// them (IBA 16.1.2, libibmad's IB_PM_* constants).
struct PerfClassPortInfoFields {
  std::uint8_t base_version = 0;       // bits 0-7
  std::uint8_t class_version = 0;      // bits 8-15
  std::uint16_t capability_mask = 0;   // bits 16-31
  std::uint32_t capability_mask2 = 0;  // bits 32-58 (27 bits)
  std::uint8_t resp_time_value = 0;    // bits 59-63
  friend bool operator==(const PerfClassPortInfoFields&, const PerfClassPortInfoFields&) = default;
};

constexpr std::uint16_t kPmCapAllPortSelect = 0x0100;
// PortCountersExtended has all its counters, the unicast/multicast split included.
constexpr std::uint16_t kPmCapExtendedWidth = 0x0200;
// PortCountersExtended has only the data and packet counters (no unicast/multicast).
constexpr std::uint16_t kPmCapExtendedWidthNoIetf = 0x0400;
constexpr std::uint16_t kPmCapXmitWait = 0x1000;

PerfClassPortInfoFields decode_perf_class_port_info(PayloadView data);
MadPayload encode_perf_class_port_info(const PerfClassPortInfoFields& fields);

// PerfMgt PortRcvErrorDetails (0x15): what PortRcvErrors counted, by cause. Optional; a PMA
// without it rejects the Get.
struct PortRcvErrorDetailsFields {
  std::uint8_t port_select = 0;               // bits 8-15
  std::uint16_t counter_select = 0;           // bits 16-31
  std::uint16_t local_physical_errors = 0;    // bits 32-47
  std::uint16_t malformed_packet_errors = 0;  // bits 48-63
  std::uint16_t buffer_overrun_errors = 0;    // bits 64-79
  std::uint16_t dlid_mapping_errors = 0;      // bits 80-95
  std::uint16_t vl_mapping_errors = 0;        // bits 96-111
  std::uint16_t looping_errors = 0;           // bits 112-127
  friend bool operator==(const PortRcvErrorDetailsFields&,
                         const PortRcvErrorDetailsFields&) = default;
};

PortRcvErrorDetailsFields decode_port_rcv_error_details(PayloadView data);
MadPayload encode_port_rcv_error_details(const PortRcvErrorDetailsFields& fields);

// PerfMgt PortXmitDiscardDetails (0x16): what PortXmitDiscards counted, by cause. Optional.
struct PortXmitDiscardDetailsFields {
  std::uint8_t port_select = 0;                      // bits 8-15
  std::uint16_t counter_select = 0;                  // bits 16-31
  std::uint16_t inactive_discards = 0;               // bits 32-47
  std::uint16_t neighbor_mtu_discards = 0;           // bits 48-63
  std::uint16_t sw_lifetime_limit_discards = 0;      // bits 64-79
  std::uint16_t sw_hoq_lifetime_limit_discards = 0;  // bits 80-95
  friend bool operator==(const PortXmitDiscardDetailsFields&,
                         const PortXmitDiscardDetailsFields&) = default;
};

PortXmitDiscardDetailsFields decode_port_xmit_discard_details(PayloadView data);
MadPayload encode_port_xmit_discard_details(const PortXmitDiscardDetailsFields& fields);

// SMInfo (0x20), IBA 14.2.5.13 (libibmad's IB_SMINFO_*_F). SM_Key (bits 64-127) is not
// decoded: a GET that does not come from the master returns it zeroed (opensm's
// smi_rcv_process_get_request), and a snapshot must not hold it anyway.
struct SmInfoFields {
  Guid guid = 0;                // bits 0-63: the SM's port GUID
  std::uint32_t act_count = 0;  // bits 128-159: opensm counts the SMPs it has sent
  std::uint8_t priority = 0;    // bits 160-163
  std::uint8_t sm_state = 0;    // bits 164-167: 0 not active, 1 discovering, 2 standby, 3 master
  friend bool operator==(const SmInfoFields&, const SmInfoFields&) = default;
};

// PortInfo CapabilityMask IsSM: an SM runs (or may run) behind this port.
constexpr std::uint32_t kCapIsSm = 1U << 1;

SmInfoFields decode_sm_info(PayloadView data);
MadPayload encode_sm_info(const SmInfoFields& fields);

// ---- To and from the model ----

// PortInfo width encodings: active is one bit, enabled/supported a set of them. Bits outside
// the five widths are ignored; an active value that is not exactly one width is nullopt.
std::optional<LinkWidth> width_from_bits(std::uint8_t active);
WidthSet width_set_from_bits(std::uint8_t bits);
std::uint8_t width_to_bits(LinkWidth width);
std::uint8_t width_set_to_bits(WidthSet set);

// A port's speeds as the model holds them.
struct PortSpeeds {
  std::optional<LinkSpeed> active;
  std::optional<SpeedSet> enabled;
  std::optional<SpeedSet> supported;
  friend bool operator==(const PortSpeeds&, const PortSpeeds&) = default;
};

// Combines the base, extended and extended-2 speed fields with FDR10 from ExtPortInfo, as
// libibnetdisc does: the extended fields count only when `capability` (the port's own
// PortInfo, or for a switch its port 0's) says IsExtendedSpeedsSupported, the extended-2
// fields only when CapabilityMask2 says IsExtendedSpeeds2Supported.
PortSpeeds decode_speeds(const PortInfoFields& port, const PortInfoFields& capability,
                         const std::optional<MlnxExtPortInfoFields>& mlnx);

// The inverse: sets the speed fields of `port` and `mlnx` (FDR10), and the capability bits of
// `port` that decode_speeds needs to see them.
void encode_speeds(const PortSpeeds& speeds, PortInfoFields& port, MlnxExtPortInfoFields& mlnx);

// Fills a model port from PortInfo (state, widths, speeds, MTU, VL cap and, when
// `with_lid`, LID and LMC). Zero and reserved encodings leave the field absent.
void apply_port_info(const PortInfoFields& info, const PortSpeeds& speeds, bool with_lid,
                     Port& port);

// The model's counters from what was read: 64-bit data counters from PortCountersExtended
// when present, the rest from PortCounters.
PortCounters counters_from(const std::optional<PortCountersFields>& basic,
                           const std::optional<PortCountersExtendedFields>& extended);

// Every PerfMgt read of one port.
struct PortPerfReads {
  std::optional<PortCountersFields> basic;
  std::optional<PortCountersExtendedFields> extended;
  std::optional<PortRcvErrorDetailsFields> rcv_error_details;
  std::optional<PortXmitDiscardDetailsFields> xmit_discard_details;
};

// As above, plus the details, and the unicast/multicast packet counters when `class_info`
// (the ClassPortInfo of the PMA that answered) says kPmCapExtendedWidth, as perfquery -x
// shows them; without it those fields are reserved and stay absent. PortMulticastRcvPkts
// (bits 512-575) lies past the 64 bytes a reply carries and is never filled here.
PortCounters counters_from(const PortPerfReads& read,
                           const std::optional<PerfClassPortInfoFields>& class_info);

}  // namespace ibatlas
