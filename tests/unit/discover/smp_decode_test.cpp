// Decoders on byte arrays laid out by hand from the IBA attribute tables (vol. 1 14.2.5 and
// 16.1.3): every expected value below was derived from the table, not from our encoder.

#include "ibatlas/discover/smp_decode.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

namespace ibatlas {
namespace {

// A payload with the given (byte offset, value) pairs, zero elsewhere.
MadPayload bytes(std::initializer_list<std::pair<int, std::uint8_t>> set) {
  MadPayload d{};
  for (const auto& [offset, value] : set) {
    d.at(static_cast<std::size_t>(offset)) = value;
  }
  return d;
}

TEST(SmpDecodeTest, NodeInfoFieldsComeFromTheirTableOffsets) {
  MadPayload d = bytes({{0, 0x01}, {1, 0x01}, {2, 0x02}, {3, 0x24},
                        // SystemImageGUID bytes 4-11, NodeGUID 12-19, PortGUID 20-27
                        {4, 0x00}, {5, 0x02}, {6, 0xc9}, {7, 0x03}, {8, 0x00}, {9, 0xa1}, {10, 0xb2}, {11, 0xc3},
                        {12, 0x00}, {13, 0x02}, {14, 0xc9}, {15, 0x03}, {16, 0x00}, {17, 0xa1}, {18, 0xb2}, {19, 0xc4},
                        {20, 0x00}, {21, 0x02}, {22, 0xc9}, {23, 0x03}, {24, 0x00}, {25, 0xa1}, {26, 0xb2}, {27, 0xc5},
                        {28, 0x00}, {29, 0x08},                          // PartitionCap
                        {30, 0xcf}, {31, 0x08},                          // DeviceID
                        {32, 0x00}, {33, 0x00}, {34, 0x00}, {35, 0xa0},  // Revision
                        {36, 0x11},                                      // LocalPortNum
                        {37, 0x00}, {38, 0x02}, {39, 0xc9}});            // VendorID
  NodeInfoFields f = decode_node_info(d);
  EXPECT_EQ(f.base_version, 1);
  EXPECT_EQ(f.class_version, 1);
  EXPECT_EQ(f.node_type, 2);
  EXPECT_EQ(f.num_ports, 36);
  EXPECT_EQ(f.system_guid, 0x0002c90300a1b2c3ULL);
  EXPECT_EQ(f.node_guid, 0x0002c90300a1b2c4ULL);
  EXPECT_EQ(f.port_guid, 0x0002c90300a1b2c5ULL);
  EXPECT_EQ(f.partition_cap, 8);
  EXPECT_EQ(f.device_id, 0xcf08);
  EXPECT_EQ(f.revision, 0xa0U);
  EXPECT_EQ(f.local_port, 17);
  EXPECT_EQ(f.vendor_id, 0x0002c9U);
}

TEST(SmpDecodeTest, NodeDescriptionStopsAtTheFirstNul) {
  MadPayload d = bytes({{0, 'l'}, {1, 'e'}, {2, 'a'}, {3, 'f'}, {4, '1'}, {6, 'x'}});
  EXPECT_EQ(decode_node_description(d), "leaf1");
  MadPayload full;
  full.fill('a');  // 64 bytes and no NUL: all of it
  EXPECT_EQ(decode_node_description(full), std::string(64, 'a'));
}

TEST(SmpDecodeTest, SwitchInfoReadsFdbTopAndOnlyBit132AsEnhancedPort0) {
  MadPayload d = bytes({{0, 0xc0}, {1, 0x00},    // LinearFDBCap 49152
                        {4, 0x10}, {5, 0x00},    // MulticastFDBCap 4096
                        {6, 0x01}, {7, 0xf3},    // LinearFDBTop 499
                        {8, 0x05},               // DefaultPort
                        {14, 0x00}, {15, 0x20},  // PartitionEnforcementCap
                        {16, 0x88}});            // InboundEnforcementCap (bit 128) + bit 132
  SwitchInfoFields f = decode_switch_info(d);
  EXPECT_EQ(f.linear_fdb_cap, 49152);
  EXPECT_EQ(f.multicast_fdb_cap, 4096);
  EXPECT_EQ(f.linear_fdb_top, 499);
  EXPECT_EQ(f.default_port, 5);
  EXPECT_EQ(f.partition_enforcement_cap, 32);
  EXPECT_TRUE(f.enhanced_port0);
  EXPECT_FALSE(decode_switch_info(bytes({{16, 0x80}})).enhanced_port0);
}

TEST(SmpDecodeTest, LftBlocksCoverLidsUpToLinearFdbTop) {
  EXPECT_EQ(lft_block_count(0), 1U);
  EXPECT_EQ(lft_block_count(63), 1U);
  EXPECT_EQ(lft_block_count(64), 2U);
  EXPECT_EQ(lft_block_count(499), 8U);  // LIDs 448..499 are in block 7
  EXPECT_EQ(lft_block_count(49151), 768U);
}

// A 4x EDR port as an HCA reports it: ext speeds valid per CapabilityMask bit 14.
MadPayload edr_port_info(std::uint8_t capability_byte_22) {
  return bytes({{16, 0x01}, {17, 0x2c},                  // LID 300
                {22, capability_byte_22},                // CapabilityMask bits 8-15 of the word
                {28, 0x07},                              // LocalPortNum
                {29, 0x03}, {30, 0x13}, {31, 0x02},      // width enabled 1x|4x, supp +2x, active 4x
                {32, 0x74},                              // speed supported 7 | state Active
                {33, 0x52},                              // phys LinkUp | LinkDownDefault 2
                {34, 0x02},                              // LMC 2
                {35, 0x47},                              // speed active QDR | enabled 7
                {36, 0x50}, {37, 0x40}, {41, 0x05},      // NeighborMTU 4096, VLCap 4, MTUCap 4096
                {62, 0x23},                              // ext active EDR | ext supported FDR|EDR
                {63, 0x03}});                            // ext enabled FDR|EDR
}

TEST(SmpDecodeTest, PortInfoFieldsComeFromTheirTableOffsets) {
  PortInfoFields f = decode_port_info(edr_port_info(0x40));
  EXPECT_EQ(f.lid, 300);
  EXPECT_EQ(f.capability_mask, 0x4000U);
  EXPECT_EQ(f.local_port, 7);
  EXPECT_EQ(f.link_width_enabled, 0x03);
  EXPECT_EQ(f.link_width_supported, 0x13);
  EXPECT_EQ(f.link_width_active, 0x02);
  EXPECT_EQ(f.link_speed_supported, 7);
  EXPECT_EQ(f.port_state, 4);
  EXPECT_EQ(f.phys_state, 5);
  EXPECT_EQ(f.lmc, 2);
  EXPECT_EQ(f.link_speed_active, 4);
  EXPECT_EQ(f.link_speed_enabled, 7);
  EXPECT_EQ(f.neighbor_mtu, 5);
  EXPECT_EQ(f.vl_cap, 4);
  EXPECT_EQ(f.mtu_cap, 5);
  EXPECT_EQ(f.link_speed_ext_active, 2);
  EXPECT_EQ(f.link_speed_ext_supported, 3);
  EXPECT_EQ(f.link_speed_ext_enabled, 3);
  EXPECT_EQ(f.link_speed_ext2_active, 0);
}

TEST(SmpDecodeTest, ExtendedSpeedsCountOnlyWhenTheCapabilityMaskSaysSo) {
  PortInfoFields with = decode_port_info(edr_port_info(0x40));
  PortSpeeds s = decode_speeds(with, with, std::nullopt);
  EXPECT_EQ(s.active, LinkSpeed::Edr);
  ASSERT_TRUE(s.enabled && s.supported);
  EXPECT_TRUE(s.supported->contains(LinkSpeed::Fdr));
  EXPECT_TRUE(s.supported->contains(LinkSpeed::Edr));
  EXPECT_FALSE(s.supported->contains(LinkSpeed::Hdr));
  PortInfoFields without = decode_port_info(edr_port_info(0x00));
  PortSpeeds base = decode_speeds(without, without, std::nullopt);
  EXPECT_EQ(base.active, LinkSpeed::Qdr);  // as libibnetdisc: the ext field is not trusted
  EXPECT_FALSE(base.supported->contains(LinkSpeed::Edr));
  // A switch port judged by port 0's CapabilityMask: the port's own bit does not matter.
  EXPECT_EQ(decode_speeds(without, with, std::nullopt).active, LinkSpeed::Edr);
  EXPECT_EQ(decode_speeds(with, without, std::nullopt).active, LinkSpeed::Qdr);
}

TEST(SmpDecodeTest, ExtendedSpeeds2GiveXdrWhenCapabilityMask2Allows) {
  MadPayload d = edr_port_info(0xc0);  // bits 14 and 15: ext speeds, CapabilityMask2 valid
  d[56] = 0x29;  // bits 449-450 ext2 active 1, 451-452 ext2 supported 1, 453-455 ext2 enabled 1
  d[60] = 0x08;  // CapabilityMask2 0x0800: IsExtendedSpeeds2Supported
  d[62] = 0x88;  // ext active NDR, ext supported NDR
  d[63] = 0x08;  // ext enabled NDR
  PortInfoFields f = decode_port_info(d);
  EXPECT_EQ(f.link_speed_ext2_active, 1);
  EXPECT_EQ(f.link_speed_ext2_supported, 1);
  EXPECT_EQ(f.link_speed_ext2_enabled, 1);
  EXPECT_EQ(f.capability_mask2, 0x0800);
  PortSpeeds s = decode_speeds(f, f, std::nullopt);
  EXPECT_EQ(s.active, LinkSpeed::Xdr);
  EXPECT_TRUE(s.supported->contains(LinkSpeed::Ndr));
  EXPECT_TRUE(s.supported->contains(LinkSpeed::Xdr));
  d[60] = 0x00;  // no CapabilityMask2 bit: the ext2 fields are ignored
  PortInfoFields g = decode_port_info(d);
  EXPECT_EQ(decode_speeds(g, g, std::nullopt).active, LinkSpeed::Ndr);
}

TEST(SmpDecodeTest, ExtSpeedEnabledThirtyMeansDisabled) {
  MadPayload d = edr_port_info(0x40);
  d[63] = 30;
  PortInfoFields f = decode_port_info(d);
  PortSpeeds s = decode_speeds(f, f, std::nullopt);
  EXPECT_FALSE(s.enabled->contains(LinkSpeed::Fdr));
  EXPECT_FALSE(s.enabled->contains(LinkSpeed::Edr));
  EXPECT_TRUE(s.enabled->contains(LinkSpeed::Qdr));
}

TEST(SmpDecodeTest, MlnxExtPortInfoGivesFdr10OnlyOverQdr) {
  MadPayload e = bytes({{3, 0x01}, {7, 0x01}, {11, 0x01}, {15, 0x01}});
  MlnxExtPortInfoFields m = decode_mlnx_ext_port_info(e);
  EXPECT_EQ(m.state_change_enable, 1);
  EXPECT_EQ(m.link_speed_supported, 1);
  EXPECT_EQ(m.link_speed_enabled, 1);
  EXPECT_EQ(m.link_speed_active, 1);
  PortInfoFields qdr = decode_port_info(bytes({{32, 0x74}, {35, 0x47}}));
  PortSpeeds s = decode_speeds(qdr, qdr, m);
  EXPECT_EQ(s.active, LinkSpeed::Fdr10);
  EXPECT_TRUE(s.supported->contains(LinkSpeed::Fdr10));
  EXPECT_EQ(decode_speeds(qdr, qdr, std::nullopt).active, LinkSpeed::Qdr);
  PortInfoFields ddr = decode_port_info(bytes({{32, 0x74}, {35, 0x27}}));
  EXPECT_EQ(decode_speeds(ddr, ddr, m).active, LinkSpeed::Ddr);  // as ibnetdiscover prints it
}

TEST(SmpDecodeTest, WidthBitsFollowThePortInfoEncoding) {
  EXPECT_EQ(width_from_bits(0x01), LinkWidth::X1);
  EXPECT_EQ(width_from_bits(0x02), LinkWidth::X4);
  EXPECT_EQ(width_from_bits(0x04), LinkWidth::X8);
  EXPECT_EQ(width_from_bits(0x08), LinkWidth::X12);
  EXPECT_EQ(width_from_bits(0x10), LinkWidth::X2);
  EXPECT_EQ(width_from_bits(0x03), std::nullopt);  // not one width
  EXPECT_EQ(width_from_bits(0x00), std::nullopt);
  WidthSet all = width_set_from_bits(0x1f);
  for (LinkWidth w : {LinkWidth::X1, LinkWidth::X2, LinkWidth::X4, LinkWidth::X8, LinkWidth::X12}) {
    EXPECT_TRUE(all.contains(w));
  }
  EXPECT_FALSE(width_set_from_bits(0x02).contains(LinkWidth::X1));
}

TEST(SmpDecodeTest, ApplyPortInfoLeavesZeroEncodingsAbsent) {
  Port port;
  PortInfoFields empty;
  apply_port_info(empty, PortSpeeds{}, true, port);
  EXPECT_EQ(port.base_lid, Lid{0});  // LID 0 is what the port says: not assigned yet
  EXPECT_FALSE(port.state);
  EXPECT_FALSE(port.phys_state);
  EXPECT_FALSE(port.width_active);
  EXPECT_FALSE(port.width_enabled);
  EXPECT_FALSE(port.mtu_active);
  EXPECT_FALSE(port.vl_cap);
  Port sw;
  apply_port_info(decode_port_info(edr_port_info(0x40)), PortSpeeds{}, false, sw);
  EXPECT_FALSE(sw.base_lid);  // a switch external port has no LID of its own
  EXPECT_EQ(sw.state, PortState::Active);
  EXPECT_EQ(sw.phys_state, PhysState::LinkUp);
  EXPECT_EQ(sw.width_active, LinkWidth::X4);
  EXPECT_EQ(sw.mtu_active, Mtu::B4096);
  EXPECT_EQ(sw.vl_cap, 4);
}

TEST(SmpDecodeTest, PortCountersFieldsComeFromTheirTableOffsets) {
  MadPayload d = bytes({{1, 3}, {2, 0xff}, {3, 0xff}, {4, 0x01}, {5, 0x02}, {6, 7}, {7, 2},
                        {8, 0x00}, {9, 0x10}, {10, 0x00}, {11, 0x01}, {12, 0x02}, {13, 0x03},
                        {14, 0xff}, {15, 0xff}, {16, 9}, {17, 10}, {19, 0xa3}, {22, 0x00}, {23, 0x04},
                        {24, 0x12}, {25, 0x34}, {26, 0x56}, {27, 0x78},
                        {28, 0x9a}, {29, 0xbc}, {30, 0xde}, {31, 0xf0},
                        {34, 0x01}, {38, 0x02}, {40, 0xde}, {41, 0xad}, {42, 0xbe}, {43, 0xef}});
  PortCountersFields f = decode_port_counters(d);
  EXPECT_EQ(f.port_select, 3);
  EXPECT_EQ(f.counter_select, 0xffff);
  EXPECT_EQ(f.symbol_errors, 258);
  EXPECT_EQ(f.link_error_recovery, 7);
  EXPECT_EQ(f.link_downed, 2);
  EXPECT_EQ(f.rcv_errors, 16);
  EXPECT_EQ(f.rcv_remote_phys_errors, 1);
  EXPECT_EQ(f.rcv_switch_relay_errors, 515);
  EXPECT_EQ(f.xmit_discards, 65535);
  EXPECT_EQ(f.xmit_constraint_errors, 9);
  EXPECT_EQ(f.rcv_constraint_errors, 10);
  EXPECT_EQ(f.local_link_integrity_errors, 10);
  EXPECT_EQ(f.excessive_buffer_overruns, 3);
  EXPECT_EQ(f.vl15_dropped, 4);
  EXPECT_EQ(f.xmit_data, 0x12345678U);
  EXPECT_EQ(f.rcv_data, 0x9abcdef0U);
  EXPECT_EQ(f.xmit_pkts, 0x100U);
  EXPECT_EQ(f.rcv_pkts, 0x200U);
  EXPECT_EQ(f.xmit_wait, 0xdeadbeefU);
}

TEST(SmpDecodeTest, PortCountersExtendedPreferredForDataCounters) {
  MadPayload d = bytes({{1, 5}, {11, 0x01}, {12, 0x23}, {13, 0x45}, {14, 0x67}, {15, 0x89},
                        {20, 0x0f}, {21, 0xed}, {22, 0xcb}, {23, 0xa9}, {31, 0x10}, {39, 0x20}});
  PortCountersExtendedFields e = decode_port_counters_extended(d);
  EXPECT_EQ(e.port_select, 5);
  EXPECT_EQ(e.xmit_data, 0x0123456789ULL);
  EXPECT_EQ(e.rcv_data, 0x0fedcba9ULL);
  EXPECT_EQ(e.xmit_pkts, 0x10ULL);
  EXPECT_EQ(e.rcv_pkts, 0x20ULL);
  PortCountersFields basic;
  basic.xmit_data = 7;
  basic.symbol_errors = 4;
  PortCounters both = counters_from(basic, e);
  EXPECT_EQ(both.xmit_data, 0x0123456789ULL);
  EXPECT_EQ(both.symbol_errors, 4U);
  EXPECT_EQ(counters_from(basic, std::nullopt).xmit_data, 7U);
  EXPECT_FALSE(counters_from(std::nullopt, e).symbol_errors);
}

}  // namespace
}  // namespace ibatlas
