// Adaptive-routing attributes to and from bytes: every layout is a field table in
// ar_fields.hpp; this file only moves values between the model's structs and the tables'
// wire structs. The byte tests (tests/unit/discover/ar_decode_test.cpp) pin the offsets.

#include "ibatlas/discover/ar_decode.hpp"

#include <algorithm>

#include "discover/ar_fields.hpp"

namespace ibatlas {

namespace {

using ar_wire::ArGroupWire;
using ar_wire::kGroupMaskWords;

constexpr std::size_t kMaskBits = 256;

// Mask bit n of mask m: word 4m + 3 - n / 64, bit n % 64 (see ArGroupWire).
bool mask_bit(const ArGroupWire& wire, std::size_t m, std::size_t n) {
  std::uint64_t word = wire.words[m * kGroupMaskWords + (kGroupMaskWords - 1 - n / 64)];
  return ((word >> (n % 64)) & 1U) != 0;
}

void set_mask_bit(ArGroupWire& wire, std::size_t m, std::size_t n) {
  wire.words[m * kGroupMaskWords + (kGroupMaskWords - 1 - n / 64)] |= std::uint64_t{1} << (n % 64);
}

// The port mask bit n stands for, if it is a port number at all.
std::optional<std::uint8_t> port_of_bit(std::size_t n, ArPortBits bits) {
  std::size_t port = bits == ArPortBits::BitIsPort ? n : n + 1;
  return port <= 0xFF ? std::optional(static_cast<std::uint8_t>(port)) : std::nullopt;
}

std::optional<std::size_t> bit_of_port(std::uint8_t port, ArPortBits bits) {
  if (bits == ArPortBits::BitIsPort) {
    return port;
  }
  return port == 0 ? std::nullopt : std::optional<std::size_t>(port - 1);
}

ArLidState lid_state(std::uint8_t wire) {
  return static_cast<ArLidState>(wire & 0x3);
}

}  // namespace

ArCapabilities decode_general_info_capabilities(PayloadView data) {
  return decode_fields(data, ar_wire::kCapabilityTable).mask;
}

MadPayload encode_general_info_capabilities(const ArCapabilities& mask) {
  return encode_fields(ar_wire::CapabilityWire{mask}, ar_wire::kCapabilityTable);
}

ArInfo decode_ar_info(PayloadView data) {
  return decode_fields(data, ar_wire::kArInfoTable);
}

MadPayload encode_ar_info(const ArInfo& info) {
  return encode_fields(info, ar_wire::kArInfoTable);
}

PrivateLftInfo decode_private_lft_info(PayloadView data) {
  return decode_fields(data, ar_wire::kPrivateLftInfoTable);
}

MadPayload encode_private_lft_info(const PrivateLftInfo& info) {
  return encode_fields(info, ar_wire::kPrivateLftInfoTable);
}

ArLftSxBlock decode_ar_lft_sx(PayloadView data) {
  ar_wire::ArLftSxWire wire = decode_fields(data, ar_wire::kArLftSxTable);
  ArLftSxBlock block;
  for (std::size_t i = 0; i < block.size(); ++i) {
    block[i] =
        ArLftEntry{lid_state(wire.state[i]), wire.table[i], wire.default_port[i], wire.group[i]};
  }
  return block;
}

MadPayload encode_ar_lft_sx(const ArLftSxBlock& block) {
  ar_wire::ArLftSxWire wire;
  for (std::size_t i = 0; i < block.size(); ++i) {
    wire.state[i] = static_cast<std::uint8_t>(block[i].state);
    wire.table[i] = block[i].table;
    wire.default_port[i] = block[i].default_port.value_or(0);
    wire.group[i] = block[i].group;
  }
  return encode_fields(wire, ar_wire::kArLftSxTable);
}

ArLftLegacyBlock decode_ar_lft_legacy(PayloadView data) {
  ar_wire::ArLftLegacyWire wire = decode_fields(data, ar_wire::kArLftLegacyTable);
  ArLftLegacyBlock block;
  for (std::size_t i = 0; i < block.size(); ++i) {
    block[i] = ArLftEntry{lid_state(wire.state[i]), wire.table[i], std::nullopt, wire.group[i]};
  }
  return block;
}

MadPayload encode_ar_lft_legacy(const ArLftLegacyBlock& block) {
  ar_wire::ArLftLegacyWire wire;
  for (std::size_t i = 0; i < block.size(); ++i) {
    wire.state[i] = static_cast<std::uint8_t>(block[i].state);
    wire.table[i] = block[i].table;
    wire.group[i] = static_cast<std::uint8_t>(block[i].group);
  }
  return encode_fields(wire, ar_wire::kArLftLegacyTable);
}

ArGroupBlock decode_ar_group_block(PayloadView data, ArPortBits bits) {
  ArGroupWire wire = decode_fields(data, ar_wire::kArGroupTable);
  ArGroupBlock block;
  for (std::size_t m = 0; m < block.size(); ++m) {
    for (std::size_t n = 0; n < kMaskBits; ++n) {
      std::optional<std::uint8_t> port = port_of_bit(n, bits);
      if (port && mask_bit(wire, m, n)) {
        block[m].push_back(*port);  // n ascends, so ports do
      }
    }
  }
  return block;
}

MadPayload encode_ar_group_block(const ArGroupBlock& block, ArPortBits bits) {
  ArGroupWire wire;
  for (std::size_t m = 0; m < block.size(); ++m) {
    for (std::uint8_t port : block[m]) {
      if (std::optional<std::size_t> n = bit_of_port(port, bits)) {
        set_mask_bit(wire, m, *n);
      }
    }
  }
  return encode_fields(wire, ar_wire::kArGroupTable);
}

std::uint32_t ar_sub_groups_per_group(const ArInfo& info) {
  return std::max<std::uint32_t>(1, info.sub_groups_active);
}

// The modifier layout is a guess (ar-spec.md §3.6); these four functions are all that know it.
namespace {

constexpr std::uint32_t kBlockMask = 0xFFFFF;  // bits 0-19
constexpr unsigned kTableShift = 20;           // bits 20-23
constexpr std::uint32_t kTableMask = 0xF;
constexpr unsigned kPlftShift = 24;  // bits 24-26
constexpr std::uint32_t kPlftMask = 0x7;

}  // namespace

std::uint32_t ArModifiers::lft_block(LftBlock block) {
  return (block.block & kBlockMask) | ((block.plft & kPlftMask) << kPlftShift);
}

std::uint32_t ArModifiers::group_block(GroupBlock block) {
  return (block.block & kBlockMask) | ((block.table & kTableMask) << kTableShift) |
         ((block.plft & kPlftMask) << kPlftShift);
}

ArModifiers::LftBlock ArModifiers::parse_lft_block(std::uint32_t modifier) {
  return LftBlock{modifier & kBlockMask,
                  static_cast<std::uint8_t>((modifier >> kPlftShift) & kPlftMask)};
}

ArModifiers::GroupBlock ArModifiers::parse_group_block(std::uint32_t modifier) {
  return GroupBlock{modifier & kBlockMask,
                    static_cast<std::uint8_t>((modifier >> kTableShift) & kTableMask),
                    static_cast<std::uint8_t>((modifier >> kPlftShift) & kPlftMask)};
}

}  // namespace ibatlas
