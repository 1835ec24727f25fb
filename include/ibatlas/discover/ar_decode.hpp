#pragma once

// Pure decoders and encoders of the adaptive-routing SMP attributes (vendor range of the SM
// class, read with SubnGet only), from and to raw 64-byte payloads. Layouts:
// ../shared/research/ar-spec.md §3 (NVIDIA's generated layouts and MLNX OpenSM's ib_types.h
// agree bit for bit on everything decoded here except where noted). Each attribute's layout
// is one field table in src/discover/ar_fields.hpp, walked by both directions.
//
// The attribute modifiers of 0xFF20-0xFF23 are not public (ar-spec.md §3.6): ArModifiers is
// the one place that encodes and decodes them, so that a capture from real hardware can
// replace the guess in one function. The test responder (tests/sim/ar_responder) decodes
// requests with the same functions, so the live tests prove plumbing and decoding, not
// conformance with real firmware.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas {

// GeneralInfo (0xFF17) with modifier kGeneralInfoCapabilityModifier: four BE32 words.
constexpr std::uint32_t kGeneralInfoCapabilityModifier = 4;
ArCapabilities decode_general_info_capabilities(PayloadView data);
MadPayload encode_general_info_capabilities(const ArCapabilities& mask);

// AdaptiveRoutingInfo (0xFF20), bytes 0-27.
ArInfo decode_ar_info(PayloadView data);
MadPayload encode_ar_info(const ArInfo& info);

// PrivateLFTInfo (0xFF10), bytes 0-3 (the mode table after them is not kept).
PrivateLftInfo decode_private_lft_info(PayloadView data);
MadPayload encode_private_lft_info(const PrivateLftInfo& info);

// ARLinearForwardingTableSX (0xFF23): 16 entries of 4 bytes; entry i is LID 16 * block + i.
constexpr std::size_t kArLftSxEntriesPerBlock = 16;
using ArLftSxBlock = std::array<ArLftEntry, kArLftSxEntriesPerBlock>;
ArLftSxBlock decode_ar_lft_sx(PayloadView data);
MadPayload encode_ar_lft_sx(const ArLftSxBlock& block);  // default_port absent: 0

// ARLinearForwardingTable (0xFF22, legacy): 32 entries of 2 bytes, no DefaultPort (decoded
// entries leave it absent); group is 8 bits wide.
constexpr std::size_t kArLftLegacyEntriesPerBlock = 32;
using ArLftLegacyBlock = std::array<ArLftEntry, kArLftLegacyEntriesPerBlock>;
ArLftLegacyBlock decode_ar_lft_legacy(PayloadView data);
MadPayload encode_ar_lft_legacy(const ArLftLegacyBlock& block);

// ARGroupTable (0xFF21): two 256-bit port masks, entries 2b and 2b + 1 of block b. Within a
// mask, byte 31 - j bit k (LSB = 0) is bit 8j + k; with ArPortBits::BitIsPort bit n is port
// n, with BitZeroIsPortOne it is port n + 1. Decoded ports are ascending.
constexpr std::size_t kArGroupEntriesPerBlock = 2;
using ArGroupBlock = std::array<std::vector<std::uint8_t>, kArGroupEntriesPerBlock>;
ArGroupBlock decode_ar_group_block(PayloadView data, ArPortBits bits);
MadPayload encode_ar_group_block(const ArGroupBlock& block, ArPortBits bits);  // others dropped

// Group-table entries and (group, sub-group): entry = group * S + sub_group, with S the
// sub-groups per group (ar-spec.md §3.4; inferred, not confirmed by a public source).
std::uint32_t ar_sub_groups_per_group(const ArInfo& info);  // max(1, sub_groups_active)

// The attribute modifiers (UNVERIFIED guesses, ar-spec.md §3.6): ARInfo 0; AR LFT and group
// table: the block number in bits 0-19, the group table in bits 20-23 (group table only),
// the pLFT in bits 24-26. For table 0 and pLFT 0 the modifier is the block number, as for
// the IBA LFT.
struct ArModifiers {
  struct LftBlock {
    std::uint32_t block = 0;
    std::uint8_t plft = 0;
    friend bool operator==(const LftBlock&, const LftBlock&) = default;
  };

  struct GroupBlock {
    std::uint32_t block = 0;
    std::uint8_t table = 0;
    std::uint8_t plft = 0;
    friend bool operator==(const GroupBlock&, const GroupBlock&) = default;
  };

  static std::uint32_t ar_info() { return 0; }

  static std::uint32_t lft_block(LftBlock block);
  static std::uint32_t group_block(GroupBlock block);
  static LftBlock parse_lft_block(std::uint32_t modifier);
  static GroupBlock parse_group_block(std::uint32_t modifier);
};

}  // namespace ibatlas
