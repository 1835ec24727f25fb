// The adaptive-routing attributes on bytes. Every expected byte below was worked out by hand
// from ../shared/research/ar-spec.md §3 (wire byte / bit, LSB = 0), not taken from the
// encoder's output; the round trips at the end check that decode and encode walk the same
// tables.

#include "ibatlas/discover/ar_decode.hpp"

#include <random>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

// A payload with `bytes` (offset, value) set and every other byte zero.
MadPayload bytes_at(std::initializer_list<std::pair<std::size_t, std::uint8_t>> bytes) {
  MadPayload data{};
  for (auto [offset, value] : bytes) {
    data.at(offset) = value;
  }
  return data;
}

TEST(ArDecodeTest, GeneralInfoCapabilityWordsAreBigEndian) {
  ArCapabilities mask{0x00000004, 0, 0, 0x80000001};
  MadPayload expected = bytes_at({{3, 0x04}, {12, 0x80}, {15, 0x01}});
  EXPECT_EQ(encode_general_info_capabilities(mask), expected);
  EXPECT_EQ(decode_general_info_capabilities(expected), mask);
  ArCapabilities legacy = decode_general_info_capabilities(bytes_at({{3, 0x03}}));
  EXPECT_TRUE(has_capability(legacy, ArCapabilityBit::PrivateLft));
  EXPECT_TRUE(has_capability(legacy, ArCapabilityBit::AdaptiveRouting));
  EXPECT_FALSE(has_capability(legacy, ArCapabilityBit::AdaptiveRoutingSx));
}

TEST(ArDecodeTest, ArInfoEnabledIsByte3Bit0) {
  ArInfo info;
  info.enabled = true;
  EXPECT_EQ(encode_ar_info(info), bytes_at({{3, 0x01}}));
  EXPECT_TRUE(decode_ar_info(bytes_at({{3, 0x01}})).enabled);
  EXPECT_EQ(decode_ar_info(bytes_at({{3, 0x01}})), info);
}

TEST(ArDecodeTest, ArInfoGroupWord) {
  // BE32 at bytes 4-7: string_width_cap 31-28, group_table_cap 27-24, group_top 23-12,
  // group_cap 11-0: 0xA, 0x5, 0x045, 0x123 -> 0xA5045123.
  ArInfo info;
  info.string_width_cap = 0xA;
  info.group_table_cap = 0x5;
  info.group_top = 0x45;
  info.group_cap = 0x123;
  MadPayload expected = bytes_at({{4, 0xA5}, {5, 0x04}, {6, 0x51}, {7, 0x23}});
  EXPECT_EQ(encode_ar_info(info), expected);
  EXPECT_EQ(decode_ar_info(expected), info);
}

TEST(ArDecodeTest, ArInfoEveryOtherField) {
  ArInfo info;
  info.no_fallback = true;              // byte 0 bit 0: 0x01
  info.by_sl_en = true;                 // byte 0 bit 4: 0x10
  info.dyn_cap_calc_sup = true;         // byte 0 bit 6: 0x40
  info.direction_num_sup = 7;           // byte 1
  info.group_table_copy_sup = 3;        // byte 2 bits 7-4
  info.sub_groups_active = 2;           // byte 2 bits 3-0 -> 0x32
  info.fr_enabled = true;               // byte 3 bit 4: 0x10
  info.rn_xmit_enabled = true;          // byte 3 bit 5: 0x20
  info.ar_trials_sup = true;            // byte 3 bit 6: 0x40 -> 0x70
  info.enable_by_sl_mask = 0x0102;      // bytes 8-9
  info.sub_groups_supported = 4;        // byte 10
  info.rn_version_cap = 2;              // byte 11 bits 7-4
  info.ar_version_cap = 3;              // byte 11 bits 3-0 -> 0x23
  info.by_transport_disable = 0x2;      // byte 15 bits 3-0 (RC)
  info.ageing_time = 30;                // bytes 16-19
  info.hbf_sup = true;                  // byte 20 bit 7: 0x80
  info.pfrn_sup = true;                 // byte 20 bit 1: 0x02 -> 0x82
  info.by_sl_hbf_en = true;             // byte 22 bit 7: 0x80
  info.pfrn_enabled = true;             // byte 22 bit 4: 0x10 -> 0x90
  info.whbf_granularity = 5;            // byte 24 bits 7-5: 0xA0
  info.enable_by_sl_mask_hbf = 0xF00F;  // bytes 26-27
  MadPayload expected = bytes_at({{0, 0x51},
                                  {1, 0x07},
                                  {2, 0x32},
                                  {3, 0x70},
                                  {8, 0x01},
                                  {9, 0x02},
                                  {10, 0x04},
                                  {11, 0x23},
                                  {15, 0x02},
                                  {19, 0x1E},
                                  {20, 0x82},
                                  {22, 0x90},
                                  {24, 0xA0},
                                  {26, 0xF0},
                                  {27, 0x0F}});
  EXPECT_EQ(encode_ar_info(info), expected);
  EXPECT_EQ(decode_ar_info(expected), info);
}

TEST(ArDecodeTest, ArInfoCapabilityBits) {
  ArInfo info;
  info.is4_mode = true;            // byte 0 bit 1: 0x02
  info.glb_groups = true;          // byte 0 bit 2: 0x04
  info.by_sl_cap = true;           // byte 0 bit 3: 0x08
  info.by_transport_cap = true;    // byte 0 bit 5: 0x20 -> 0x2E
  info.arn_sup = true;             // byte 3 bit 1: 0x02
  info.frn_sup = true;             // byte 3 bit 2: 0x04
  info.fr_sup = true;              // byte 3 bit 3: 0x08 -> 0x0E
  info.by_vl_cap = true;           // byte 20 bit 2: 0x04
  info.bth_dqp_hash_sup = true;    // byte 20 bit 3: 0x08
  info.dceth_hash_sup = true;      // byte 20 bit 4: 0x10
  info.symmetric_hash_sup = true;  // byte 20 bit 5: 0x20
  info.whbf_sup = true;            // byte 20 bit 6: 0x40 -> 0x7C
  info.by_vl_en = true;            // byte 22 bit 5: 0x20
  info.whbf_en = true;             // byte 22 bit 6: 0x40 -> 0x60
  MadPayload expected = bytes_at({{0, 0x2E}, {3, 0x0E}, {20, 0x7C}, {22, 0x60}});
  EXPECT_EQ(encode_ar_info(info), expected);
  EXPECT_EQ(decode_ar_info(expected), info);
}

TEST(ArDecodeTest, PrivateLftInfo) {
  PrivateLftInfo info{true, 4, 3, 2};
  MadPayload expected = bytes_at({{0, 0x01}, {1, 0x04}, {2, 0x03}, {3, 0x02}});
  EXPECT_EQ(encode_private_lft_info(info), expected);
  EXPECT_EQ(decode_private_lft_info(expected), info);
  // Only bits 2-0 of bytes 2 and 3 are the modes.
  PrivateLftInfo masked = decode_private_lft_info(bytes_at({{2, 0xF8}, {3, 0xF9}}));
  EXPECT_EQ(masked.mode_cap, 0);
  EXPECT_EQ(masked.active_mode, 1);
}

TEST(ArDecodeTest, ArLftSxEntries) {
  ArLftSxBlock block{};
  block[0] = ArLftEntry{ArLidState::Free, 2, 7, 0x321};
  block[1] = ArLftEntry{ArLidState::Hbf, 0xF, 0xFF, 0xFFF};
  block[15] = ArLftEntry{ArLidState::Static, 0, 5, 5};
  for (std::size_t i = 2; i < 15; ++i) {
    block[i] = ArLftEntry{ArLidState::Bounded, 0, 0, 0};
  }
  MadPayload expected = bytes_at({{0, 0x42},
                                  {1, 0x07},
                                  {2, 0x03},
                                  {3, 0x21},
                                  {4, 0xCF},
                                  {5, 0xFF},
                                  {6, 0x0F},
                                  {7, 0xFF},
                                  {60, 0x80},
                                  {61, 0x05},
                                  {62, 0x00},
                                  {63, 0x05}});
  EXPECT_EQ(encode_ar_lft_sx(block), expected);
  EXPECT_EQ(decode_ar_lft_sx(expected), block);
  // Reserved bits (byte 0 bits 5-4, bytes 2-3 bits 15-12) are not part of any field.
  ArLftSxBlock reserved = decode_ar_lft_sx(bytes_at({{0, 0x30}, {2, 0xF0}}));
  EXPECT_EQ(reserved[0], (ArLftEntry{ArLidState::Bounded, 0, 0, 0}));
}

// Blocks whose entries all encode as zero bytes (an entry's default state is Static, 0x80).
template <typename Block>
Block zero_block(std::optional<std::uint8_t> default_port) {
  Block block{};
  block.fill(ArLftEntry{ArLidState::Bounded, 0, default_port, 0});
  return block;
}

TEST(ArDecodeTest, ArLftSxAbsentDefaultPortIsZero) {
  auto block = zero_block<ArLftSxBlock>(0);
  block[3] = ArLftEntry{ArLidState::Free, 1, std::nullopt, 2};
  EXPECT_EQ(encode_ar_lft_sx(block), bytes_at({{12, 0x41}, {13, 0x00}, {15, 0x02}}));
}

TEST(ArDecodeTest, ArLftLegacyEntries) {
  auto block = zero_block<ArLftLegacyBlock>(std::nullopt);
  block[0] = ArLftEntry{ArLidState::Bounded, 1, std::nullopt, 0x12};
  block[1] = ArLftEntry{ArLidState::Free, 3, std::nullopt, 0xAB};
  block[31] = ArLftEntry{ArLidState::Static, 0, std::nullopt, 9};
  MadPayload expected =
      bytes_at({{0, 0x01}, {1, 0x12}, {2, 0x43}, {3, 0xAB}, {62, 0x80}, {63, 0x09}});
  EXPECT_EQ(encode_ar_lft_legacy(block), expected);
  ArLftLegacyBlock decoded = decode_ar_lft_legacy(expected);
  EXPECT_EQ(decoded, block);
  EXPECT_FALSE(decoded[1].default_port.has_value());  // the legacy table has none
}

TEST(ArDecodeTest, GroupBlockBitIsPort) {
  // Mask byte 31 - j bit k = bit 8j + k. Ports 1, 2 -> byte 31 bits 1, 2 (0x06); port 40 ->
  // byte 26 bit 0. Second mask (bytes 32-63): port 0 -> byte 63 bit 0, port 255 -> byte 32
  // bit 7, ports 63 and 64 straddle the BE64 words: byte 56 bit 7 and byte 55 bit 0.
  ArGroupBlock block{std::vector<std::uint8_t>{1, 2, 40},
                     std::vector<std::uint8_t>{0, 63, 64, 255}};
  MadPayload expected =
      bytes_at({{31, 0x06}, {26, 0x01}, {63, 0x01}, {32, 0x80}, {56, 0x80}, {55, 0x01}});
  EXPECT_EQ(encode_ar_group_block(block, ArPortBits::BitIsPort), expected);
  EXPECT_EQ(decode_ar_group_block(expected, ArPortBits::BitIsPort), block);
}

TEST(ArDecodeTest, GroupBlockBitZeroIsPortOne) {
  // Port p is bit p - 1: ports 1, 2 -> bits 0, 1 (byte 31: 0x03); port 40 -> bit 39 = byte
  // 27 bit 7. Port 255 -> bit 254 = byte 32 bit 6. Port 0 has no bit and is dropped.
  ArGroupBlock block{std::vector<std::uint8_t>{1, 2, 40}, std::vector<std::uint8_t>{0, 255}};
  MadPayload expected = bytes_at({{31, 0x03}, {27, 0x80}, {32, 0x40}});
  EXPECT_EQ(encode_ar_group_block(block, ArPortBits::BitZeroIsPortOne), expected);
  ArGroupBlock decoded = decode_ar_group_block(expected, ArPortBits::BitZeroIsPortOne);
  EXPECT_EQ(decoded[0], (std::vector<std::uint8_t>{1, 2, 40}));
  EXPECT_EQ(decoded[1], (std::vector<std::uint8_t>{255}));
  // The same bytes read the other way name the ports one lower.
  ArGroupBlock other = decode_ar_group_block(expected, ArPortBits::BitIsPort);
  EXPECT_EQ(other[0], (std::vector<std::uint8_t>{0, 1, 39}));
  // Bit 255 would be port 256: not a port.
  ArGroupBlock top = decode_ar_group_block(bytes_at({{0, 0x80}}), ArPortBits::BitZeroIsPortOne);
  EXPECT_TRUE(top[0].empty());
}

TEST(ArDecodeTest, ModifiersAreBlockTablePlft) {
  EXPECT_EQ(ArModifiers::ar_info(), 0U);
  EXPECT_EQ(ArModifiers::lft_block({5, 0}), 5U);
  EXPECT_EQ(ArModifiers::lft_block({0x123, 2}), 0x02000123U);
  EXPECT_EQ(ArModifiers::group_block({7, 0, 0}), 7U);
  EXPECT_EQ(ArModifiers::group_block({7, 3, 1}), 0x01300007U);
  EXPECT_EQ(ArModifiers::parse_lft_block(0x02000123), (ArModifiers::LftBlock{0x123, 2}));
  EXPECT_EQ(ArModifiers::parse_group_block(0x01300007), (ArModifiers::GroupBlock{7, 3, 1}));
  EXPECT_EQ(ArModifiers::parse_group_block(0x07FFFFFF), (ArModifiers::GroupBlock{0xFFFFF, 0xF, 7}));
}

TEST(ArDecodeTest, SubGroupsPerGroupIsAtLeastOne) {
  ArInfo info;
  EXPECT_EQ(ar_sub_groups_per_group(info), 1U);
  info.sub_groups_active = 2;
  EXPECT_EQ(ar_sub_groups_per_group(info), 2U);
}

template <typename T>
T random_bits(std::mt19937_64& r, int width) {
  return static_cast<T>(r() & ((std::uint64_t{1} << width) - 1));
}

TEST(ArDecodeTest, ArInfoRoundTrips) {
  std::mt19937_64 r(14);
  for (int i = 0; i < 100; ++i) {
    // Every byte random: a payload decoded and encoded again keeps every field bit.
    MadPayload data{};
    for (std::uint8_t& b : data) {
      b = random_bits<std::uint8_t>(r, 8);
    }
    ArInfo info = decode_ar_info(data);
    EXPECT_EQ(decode_ar_info(encode_ar_info(info)), info);
    PrivateLftInfo plft = decode_private_lft_info(data);
    EXPECT_EQ(decode_private_lft_info(encode_private_lft_info(plft)), plft);
    ArCapabilities caps = decode_general_info_capabilities(data);
    EXPECT_EQ(decode_general_info_capabilities(encode_general_info_capabilities(caps)), caps);
  }
}

TEST(ArDecodeTest, ArLftBlocksRoundTrip) {
  std::mt19937_64 r(15);
  for (int i = 0; i < 50; ++i) {
    ArLftSxBlock sx{};
    for (ArLftEntry& e : sx) {
      e = ArLftEntry{static_cast<ArLidState>(random_bits<int>(r, 2)),
                     random_bits<std::uint8_t>(r, 4), random_bits<std::uint8_t>(r, 8),
                     random_bits<std::uint16_t>(r, 12)};
    }
    EXPECT_EQ(decode_ar_lft_sx(encode_ar_lft_sx(sx)), sx);
    ArLftLegacyBlock legacy{};
    for (ArLftEntry& e : legacy) {
      e = ArLftEntry{static_cast<ArLidState>(random_bits<int>(r, 2)),
                     random_bits<std::uint8_t>(r, 4), std::nullopt,
                     random_bits<std::uint16_t>(r, 8)};
    }
    EXPECT_EQ(decode_ar_lft_legacy(encode_ar_lft_legacy(legacy)), legacy);
  }
}

TEST(ArDecodeTest, GroupBlocksRoundTrip) {
  std::mt19937_64 r(16);
  for (ArPortBits bits : {ArPortBits::BitIsPort, ArPortBits::BitZeroIsPortOne}) {
    for (int i = 0; i < 50; ++i) {
      ArGroupBlock block;
      for (std::vector<std::uint8_t>& ports : block) {
        for (int p = bits == ArPortBits::BitIsPort ? 0 : 1; p < 256; ++p) {
          if (random_bits<int>(r, 3) == 0) {
            ports.push_back(static_cast<std::uint8_t>(p));
          }
        }
      }
      EXPECT_EQ(decode_ar_group_block(encode_ar_group_block(block, bits), bits), block);
    }
  }
}

}  // namespace
}  // namespace ibatlas
