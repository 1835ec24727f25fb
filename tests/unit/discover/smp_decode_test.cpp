// Decoders on byte arrays laid out by hand from the IBA attribute tables (vol. 1 14.2.5 and
// 16.1.3): every expected value below was derived from the table, not from our encoder.

#include "ibatlas/discover/smp_decode.hpp"

#include <initializer_list>
#include <utility>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

// Writes `size` bytes of `value`, most significant first, at byte `offset`.
void set_be(MadPayload& d, std::size_t offset, std::size_t size, std::uint64_t value) {
  for (std::size_t i = 0; i < size; ++i) {
    d.at(offset + i) = static_cast<std::uint8_t>(value >> (8 * (size - 1 - i)));
  }
}

// A payload with the given (byte offset, value) pairs, zero elsewhere.
MadPayload bytes(std::initializer_list<std::pair<int, std::uint8_t>> set) {
  MadPayload d{};
  for (const auto& [offset, value] : set) {
    d.at(static_cast<std::size_t>(offset)) = value;
  }
  return d;
}

TEST(SmpDecodeTest, NodeInfoFieldsComeFromTheirTableOffsets) {
  MadPayload d{};
  d[0] = 0x01;                           // BaseVersion
  d[1] = 0x01;                           // ClassVersion
  d[2] = 0x02;                           // NodeType: switch
  d[3] = 0x24;                           // NumPorts
  set_be(d, 4, 8, 0x0002c90300a1b2c3);   // SystemImageGUID, bytes 4-11
  set_be(d, 12, 8, 0x0002c90300a1b2c4);  // NodeGUID, bytes 12-19
  set_be(d, 20, 8, 0x0002c90300a1b2c5);  // PortGUID, bytes 20-27
  set_be(d, 28, 2, 0x0008);              // PartitionCap
  set_be(d, 30, 2, 0xcf08);              // DeviceID
  set_be(d, 32, 4, 0x000000a0);          // Revision
  d[36] = 0x11;                          // LocalPortNum
  set_be(d, 37, 3, 0x0002c9);            // VendorID, bytes 37-39
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
  MadPayload d{};
  set_be(d, 0, 2, 49152);  // LinearFDBCap
  set_be(d, 4, 2, 4096);   // MulticastFDBCap
  set_be(d, 6, 2, 499);    // LinearFDBTop
  d[8] = 5;                // DefaultPort
  set_be(d, 14, 2, 32);    // PartitionEnforcementCap
  d[16] = 0x88;            // InboundEnforcementCap (bit 128) and EnhancedPort0 (bit 132)
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
  MadPayload d{};
  set_be(d, 16, 2, 300);       // LID, bits 128-143
  d[22] = capability_byte_22;  // CapabilityMask bits 15-8 (bytes 20-23, big-endian)
  d[28] = 0x07;                // LocalPortNum
  d[29] = 0x03;                // LinkWidthEnabled 1x|4x
  d[30] = 0x13;                // LinkWidthSupported 1x|4x|2x
  d[31] = 0x02;                // LinkWidthActive 4x
  d[32] = 0x74;                // LinkSpeedSupported 7 | PortState Active
  d[33] = 0x52;                // PortPhysicalState LinkUp | LinkDownDefaultState 2
  d[34] = 0x02;                // M_KeyProtectBits 0, LMC 2 (bits 277-279)
  d[35] = 0x47;                // LinkSpeedActive QDR | LinkSpeedEnabled 7
  d[36] = 0x50;                // NeighborMTU 4096 | MasterSMSL 0
  d[37] = 0x40;                // VLCap VL0-7 | InitType 0
  d[41] = 0x05;                // InitTypeReply 0 | MTUCap 4096
  d[62] = 0x23;                // LinkSpeedExtActive EDR | LinkSpeedExtSupported FDR|EDR
  d[63] = 0x03;                // reserved 3 bits | LinkSpeedExtEnabled FDR|EDR
  return d;
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
  MadPayload d{};
  d[1] = 3;                      // PortSelect
  set_be(d, 2, 2, 0xffff);       // CounterSelect
  set_be(d, 4, 2, 0x0102);       // SymbolErrorCounter
  d[6] = 7;                      // LinkErrorRecoveryCounter
  d[7] = 2;                      // LinkDownedCounter
  set_be(d, 8, 2, 0x0010);       // PortRcvErrors
  set_be(d, 10, 2, 0x0001);      // PortRcvRemotePhysicalErrors
  set_be(d, 12, 2, 0x0203);      // PortRcvSwitchRelayErrors
  set_be(d, 14, 2, 0xffff);      // PortXmitDiscards
  d[16] = 9;                     // PortXmitConstraintErrors
  d[17] = 10;                    // PortRcvConstraintErrors
  d[19] = 0xa3;                  // LocalLinkIntegrityErrors 0xa | ExcessiveBufferOverrun 3
  set_be(d, 22, 2, 0x0004);      // VL15Dropped
  set_be(d, 24, 4, 0x12345678);  // PortXmitData
  set_be(d, 28, 4, 0x9abcdef0);  // PortRcvData
  set_be(d, 32, 4, 0x00000100);  // PortXmitPkts
  set_be(d, 36, 4, 0x00000200);  // PortRcvPkts
  set_be(d, 40, 4, 0xdeadbeef);  // PortXmitWait
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
  MadPayload d{};
  d[1] = 5;                              // PortSelect
  set_be(d, 8, 8, 0x0000000123456789);   // PortXmitData, bytes 8-15
  set_be(d, 16, 8, 0x000000000fedcba9);  // PortRcvData, bytes 16-23
  set_be(d, 24, 8, 0x10);                // PortXmitPkts
  set_be(d, 32, 8, 0x20);                // PortRcvPkts
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

TEST(SmpDecodeTest, SlToVlPutsSlZeroInTheHighNibbleOfByteZero) {
  // ibsim 0.10's default_sl2vl bytes; libibmad's ib_slvl_get_i reads SL i from byte i/2, the
  // high nibble for even i, so these are VLs 0, 1, ..., 14 and then 7 for SL 15.
  MadPayload d = bytes({{0, 0x01},
                        {1, 0x23},
                        {2, 0x45},
                        {3, 0x67},
                        {4, 0x89},
                        {5, 0xab},
                        {6, 0xcd},
                        {7, 0xe7},
                        {8, 0xff}});  // byte 8 lies past the table
  SlToVlFields vl = decode_sl_to_vl(d);
  SlToVlFields expected = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7};
  EXPECT_EQ(vl, expected);
}

TEST(SmpDecodeTest, SlToVlNibbleOrderIsNotSwapped) {
  MadPayload d = bytes({{0, 0xf0}});  // SL 0 -> VL 15 (dropped), SL 1 -> VL 0
  SlToVlFields vl = decode_sl_to_vl(d);
  EXPECT_EQ(vl[0], 15);
  EXPECT_EQ(vl[1], 0);
}

TEST(SmpDecodeTest, SlToVlEncodeWritesTheSameNibblesAndCutsToFourBits) {
  SlToVlFields vl = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0x17};
  MadPayload d = encode_sl_to_vl(vl);
  EXPECT_EQ(d[0], 0x01);
  EXPECT_EQ(d[6], 0xcd);
  EXPECT_EQ(d[7], 0xe7);  // 0x17 cut to 7
  for (std::size_t i = 8; i < d.size(); ++i) {
    EXPECT_EQ(d[i], 0) << i;
  }
  vl[15] = 7;
  EXPECT_EQ(decode_sl_to_vl(d), vl);
}

TEST(SmpDecodeTest, SlToVlModifierPutsTheInputPortAboveTheOutputPort) {
  EXPECT_EQ(sl_to_vl_modifier(0, 0), 0U);
  EXPECT_EQ(sl_to_vl_modifier(1, 2), 0x0102U);  // as smpquery's (in << 8) | out
  EXPECT_EQ(sl_to_vl_modifier(36, 0), 0x2400U);
}

}  // namespace
}  // namespace ibatlas
