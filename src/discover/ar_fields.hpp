#pragma once

// The wire layouts of the adaptive-routing attributes, one field table each (field_table.hpp),
// walked by both the decoders and the encoders of ar_decode.cpp. Positions come from
// ../shared/research/ar-spec.md §3, which gives them as "byte B, bit b (LSB = 0)"; a field
// table counts bit 0 as the MSB of byte 0, so a field whose highest bit is byte B bit h
// starts at 8 * B + (7 - h). Private to src/discover and its tests.

#include <array>
#include <cstdint>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/discover/ar_decode.hpp"

#include "discover/field_table.hpp"

namespace ibatlas::ar_wire {

// GeneralInfo (0xFF17, modifier 4): cap_mask[0..3], four BE32 words.
struct CapabilityWire {
  ArCapabilities mask{};
};

inline constexpr std::array kCapabilityTable{array_field<&CapabilityWire::mask>(0, 32, 32)};
static_assert(is_valid_table(kCapabilityTable));

// AdaptiveRoutingInfo (0xFF20), ar-spec.md §3.3; ArInfo is laid out for this table.
// One field a line, in wire order, with its ar-spec position.
// clang-format off
inline constexpr std::array kArInfoTable{
    field<&ArInfo::no_fallback>(7, 1),             // byte 0 bit 0
    field<&ArInfo::is4_mode>(6, 1),                // byte 0 bit 1
    field<&ArInfo::glb_groups>(5, 1),              // byte 0 bit 2
    field<&ArInfo::by_sl_cap>(4, 1),               // byte 0 bit 3
    field<&ArInfo::by_sl_en>(3, 1),                // byte 0 bit 4
    field<&ArInfo::by_transport_cap>(2, 1),        // byte 0 bit 5
    field<&ArInfo::dyn_cap_calc_sup>(1, 1),        // byte 0 bit 6
    field<&ArInfo::direction_num_sup>(8, 8),       // byte 1
    field<&ArInfo::group_table_copy_sup>(16, 4),   // byte 2 bits 7-4
    field<&ArInfo::sub_groups_active>(20, 4),      // byte 2 bits 3-0
    field<&ArInfo::enabled>(31, 1),                // byte 3 bit 0
    field<&ArInfo::arn_sup>(30, 1),                // byte 3 bit 1
    field<&ArInfo::frn_sup>(29, 1),                // byte 3 bit 2
    field<&ArInfo::fr_sup>(28, 1),                 // byte 3 bit 3
    field<&ArInfo::fr_enabled>(27, 1),             // byte 3 bit 4
    field<&ArInfo::rn_xmit_enabled>(26, 1),        // byte 3 bit 5
    field<&ArInfo::ar_trials_sup>(25, 1),          // byte 3 bit 6
    field<&ArInfo::string_width_cap>(32, 4),       // bytes 4-7, BE32 bits 31-28
    field<&ArInfo::group_table_cap>(36, 4),        // BE32 bits 27-24
    field<&ArInfo::group_top>(40, 12),             // BE32 bits 23-12
    field<&ArInfo::group_cap>(52, 12),             // BE32 bits 11-0
    field<&ArInfo::enable_by_sl_mask>(64, 16),     // bytes 8-9
    field<&ArInfo::sub_groups_supported>(80, 8),   // byte 10
    field<&ArInfo::rn_version_cap>(88, 4),         // byte 11 bits 7-4
    field<&ArInfo::ar_version_cap>(92, 4),         // byte 11 bits 3-0
    field<&ArInfo::by_transport_disable>(124, 4),  // byte 15 bits 3-0
    field<&ArInfo::ageing_time>(128, 32),          // bytes 16-19
    field<&ArInfo::hbf_sup>(160, 1),               // byte 20 bit 7
    field<&ArInfo::whbf_sup>(161, 1),              // byte 20 bit 6
    field<&ArInfo::symmetric_hash_sup>(162, 1),    // byte 20 bit 5
    field<&ArInfo::dceth_hash_sup>(163, 1),        // byte 20 bit 4
    field<&ArInfo::bth_dqp_hash_sup>(164, 1),      // byte 20 bit 3
    field<&ArInfo::by_vl_cap>(165, 1),             // byte 20 bit 2
    field<&ArInfo::pfrn_sup>(166, 1),              // byte 20 bit 1
    field<&ArInfo::by_sl_hbf_en>(176, 1),          // byte 22 bit 7
    field<&ArInfo::whbf_en>(177, 1),               // byte 22 bit 6
    field<&ArInfo::by_vl_en>(178, 1),              // byte 22 bit 5
    field<&ArInfo::pfrn_enabled>(179, 1),          // byte 22 bit 4
    field<&ArInfo::whbf_granularity>(192, 3),      // byte 24 bits 7-5
    field<&ArInfo::enable_by_sl_mask_hbf>(208, 16),  // bytes 26-27
};
// clang-format on
static_assert(is_valid_table(kArInfoTable));

// PrivateLFTInfo (0xFF10), ar-spec.md §3.5; the mode table from byte 4 on is not kept.
// clang-format off
inline constexpr std::array kPrivateLftInfoTable{
    field<&PrivateLftInfo::no_fallback>(7, 1),   // byte 0 bit 0
    field<&PrivateLftInfo::num_plfts>(8, 8),     // byte 1
    field<&PrivateLftInfo::mode_cap>(21, 3),     // byte 2 bits 2-0
    field<&PrivateLftInfo::active_mode>(29, 3),  // byte 3 bits 2-0
};
// clang-format on
static_assert(is_valid_table(kPrivateLftInfoTable));

// ARLinearForwardingTableSX (0xFF23), ar-spec.md §3.4: 16 entries of 4 bytes, one array per
// field, entry i at bit 32 * i plus the field's place in the entry.
struct ArLftSxWire {
  std::array<std::uint8_t, kArLftSxEntriesPerBlock> state{};
  std::array<std::uint8_t, kArLftSxEntriesPerBlock> table{};
  std::array<std::uint8_t, kArLftSxEntriesPerBlock> default_port{};
  std::array<std::uint16_t, kArLftSxEntriesPerBlock> group{};
};

// clang-format off
inline constexpr std::array kArLftSxTable{
    array_field<&ArLftSxWire::state>(0, 2, 32),          // byte 0 bits 7-6: LidState
    array_field<&ArLftSxWire::table>(4, 4, 32),          // byte 0 bits 3-0: TableNumber
    array_field<&ArLftSxWire::default_port>(8, 8, 32),   // byte 1: DefaultPort
    array_field<&ArLftSxWire::group>(20, 12, 32),        // bytes 2-3, BE16 bits 11-0
};
// clang-format on
static_assert(is_valid_table(kArLftSxTable));

// ARLinearForwardingTable (0xFF22, legacy): 32 entries of 2 bytes.
struct ArLftLegacyWire {
  std::array<std::uint8_t, kArLftLegacyEntriesPerBlock> state{};
  std::array<std::uint8_t, kArLftLegacyEntriesPerBlock> table{};
  std::array<std::uint8_t, kArLftLegacyEntriesPerBlock> group{};
};

// clang-format off
inline constexpr std::array kArLftLegacyTable{
    array_field<&ArLftLegacyWire::state>(0, 2, 16),  // byte 0 bits 7-6: LidState
    array_field<&ArLftLegacyWire::table>(4, 4, 16),  // byte 0 bits 3-0: TableNumber
    array_field<&ArLftLegacyWire::group>(8, 8, 16),  // byte 1: GroupNumber
};
// clang-format on
static_assert(is_valid_table(kArLftLegacyTable));

// ARGroupTable (0xFF21): two 256-bit masks. NVIDIA's layout names each mask's four BE64 words
// SubGroup_3 .. SubGroup_0 (bytes 0-7 .. 24-31), so word w of mask m (words[4m + w]) holds
// mask bits 64 * (3 - w) .. 64 * (3 - w) + 63, LSB first.
inline constexpr std::size_t kGroupMaskWords = 4;

struct ArGroupWire {
  std::array<std::uint64_t, kArGroupEntriesPerBlock * kGroupMaskWords> words{};
};

inline constexpr std::array kArGroupTable{array_field<&ArGroupWire::words>(0, 64, 64)};
static_assert(is_valid_table(kArGroupTable));

}  // namespace ibatlas::ar_wire
