// The PerfMgt attributes added for the counters users miss: ClassPortInfo, PortRcvErrorDetails
// (0x15), PortXmitDiscardDetails (0x16) and PortCountersExtended's unicast/multicast split,
// on byte arrays laid out by hand from IBA vol. 1 16.1.2-16.1.4 (as libibmad's fields.c
// lists them: the details counters are 16 bits each from bit 32; CapabilityMask bits 16-31,
// CapabilityMask2 bits 32-58). Expected values come from those tables, not from our encoder.

#include <initializer_list>
#include <utility>

#include <gtest/gtest.h>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas {
namespace {

void set_be(MadPayload& d, std::size_t offset, std::size_t size, std::uint64_t value) {
  for (std::size_t i = 0; i < size; ++i) {
    d.at(offset + i) = static_cast<std::uint8_t>(value >> (8 * (size - 1 - i)));
  }
}

TEST(PerfDetailsDecodeTest, PortRcvErrorDetailsAreSixSixteenBitCountersFromByteFour) {
  MadPayload d{};
  d[1] = 7;                  // PortSelect
  set_be(d, 2, 2, 0x00ff);   // CounterSelect
  set_be(d, 4, 2, 0x0102);   // PortLocalPhysicalErrors
  set_be(d, 6, 2, 0x0304);   // PortMalformedPktErrors
  set_be(d, 8, 2, 0x0506);   // PortBufferOverrunErrors
  set_be(d, 10, 2, 0x0708);  // PortDLIDMappingErrors
  set_be(d, 12, 2, 0x090a);  // PortVLMappingErrors
  set_be(d, 14, 2, 0xffff);  // PortLoopingErrors (saturated)
  d[16] = 0xee;              // past the attribute's fields: must not leak in
  PortRcvErrorDetailsFields f = decode_port_rcv_error_details(d);
  EXPECT_EQ(f.port_select, 7);
  EXPECT_EQ(f.counter_select, 0x00ff);
  EXPECT_EQ(f.local_physical_errors, 0x0102);
  EXPECT_EQ(f.malformed_packet_errors, 0x0304);
  EXPECT_EQ(f.buffer_overrun_errors, 0x0506);
  EXPECT_EQ(f.dlid_mapping_errors, 0x0708);
  EXPECT_EQ(f.vl_mapping_errors, 0x090a);
  EXPECT_EQ(f.looping_errors, 0xffff);
}

TEST(PerfDetailsDecodeTest, PortXmitDiscardDetailsAreFourSixteenBitCountersFromByteFour) {
  MadPayload d{};
  d[1] = 12;                 // PortSelect
  set_be(d, 4, 2, 0x0011);   // PortInactiveDiscards
  set_be(d, 6, 2, 0x0022);   // PortNeighborMTUDiscards
  set_be(d, 8, 2, 0x0033);   // PortSwLifetimeLimitDiscards
  set_be(d, 10, 2, 0x8044);  // PortSwHOQLifetimeLimitDiscards
  d[12] = 0xee;              // reserved
  PortXmitDiscardDetailsFields f = decode_port_xmit_discard_details(d);
  EXPECT_EQ(f.port_select, 12);
  EXPECT_EQ(f.inactive_discards, 0x11);
  EXPECT_EQ(f.neighbor_mtu_discards, 0x22);
  EXPECT_EQ(f.sw_lifetime_limit_discards, 0x33);
  EXPECT_EQ(f.sw_hoq_lifetime_limit_discards, 0x8044);
}

TEST(PerfDetailsDecodeTest, ClassPortInfoCapabilityMasksAsPerfqueryReadsThem) {
  MadPayload d{};
  d[0] = 1;                     // BaseVersion
  d[1] = 1;                     // ClassVersion
  set_be(d, 2, 2, 0x1300);      // CapabilityMask: ibsim 0.10's (perfquery prints 0x1300)
  set_be(d, 4, 4, 0x00000053);  // CapabilityMask2 = 2 (<< 5), RespTimeValue = 0x13
  PerfClassPortInfoFields f = decode_perf_class_port_info(d);
  EXPECT_EQ(f.base_version, 1);
  EXPECT_EQ(f.class_version, 1);
  EXPECT_EQ(f.capability_mask, 0x1300);
  EXPECT_TRUE(f.capability_mask & kPmCapAllPortSelect);
  EXPECT_TRUE(f.capability_mask & kPmCapExtendedWidth);
  EXPECT_TRUE(f.capability_mask & kPmCapXmitWait);
  EXPECT_FALSE(f.capability_mask & kPmCapExtendedWidthNoIetf);
  EXPECT_EQ(f.capability_mask2, 2U);
  EXPECT_EQ(f.resp_time_value, 0x13);
}

TEST(PerfDetailsDecodeTest, UnicastAndMulticastXmitFromBytesFortyOnward) {
  MadPayload d{};
  set_be(d, 40, 8, 0x0000000100000001);  // PortUnicastXmitPkts, bytes 40-47
  set_be(d, 48, 8, 0x0000000200000002);  // PortUnicastRcvPkts, bytes 48-55
  set_be(d, 56, 8, 0x0000000300000003);  // PortMulticastXmitPkts, bytes 56-63
  PortCountersExtendedFields e = decode_port_counters_extended(d);
  EXPECT_EQ(e.unicast_xmit_pkts, 0x0000000100000001ULL);
  EXPECT_EQ(e.unicast_rcv_pkts, 0x0000000200000002ULL);
  EXPECT_EQ(e.multicast_xmit_pkts, 0x0000000300000003ULL);
}

TEST(PerfDetailsDecodeTest, EncodersInvertTheDecoders) {
  PortRcvErrorDetailsFields r{3, 0xffff, 1, 2, 3, 4, 5, 65535};
  EXPECT_EQ(decode_port_rcv_error_details(encode_port_rcv_error_details(r)), r);
  PortXmitDiscardDetailsFields x{9, 0, 10, 20, 30, 40};
  EXPECT_EQ(decode_port_xmit_discard_details(encode_port_xmit_discard_details(x)), x);
  PerfClassPortInfoFields c{1, 1, 0x0700, 0x7ffffff, 0x1f};
  EXPECT_EQ(decode_perf_class_port_info(encode_perf_class_port_info(c)), c);
}

PortPerfReads full_reads() {
  PortPerfReads read;
  read.basic = PortCountersFields{};
  read.basic->rcv_errors = 21;
  read.extended = PortCountersExtendedFields{};
  read.extended->unicast_xmit_pkts = 100;
  read.extended->unicast_rcv_pkts = 200;
  read.extended->multicast_xmit_pkts = 0;  // zero is a value here, not "absent"
  read.rcv_error_details = PortRcvErrorDetailsFields{};
  read.rcv_error_details->local_physical_errors = 20;
  read.rcv_error_details->looping_errors = 1;
  read.xmit_discard_details = PortXmitDiscardDetailsFields{};
  read.xmit_discard_details->neighbor_mtu_discards = 6;
  return read;
}

TEST(PerfDetailsDecodeTest, EveryReadCounterReachesTheModel) {
  PerfClassPortInfoFields cap;
  cap.capability_mask = kPmCapExtendedWidth;
  PortCounters c = counters_from(full_reads(), cap);
  EXPECT_EQ(c.rcv_errors, 21U);
  EXPECT_EQ(c.unicast_xmit_pkts, 100U);
  EXPECT_EQ(c.unicast_rcv_pkts, 200U);
  EXPECT_EQ(c.multicast_xmit_pkts, 0U);
  EXPECT_FALSE(c.multicast_rcv_pkts);  // past the 64 bytes a reply carries
  EXPECT_EQ(c.local_physical_errors, 20U);
  EXPECT_EQ(c.malformed_packet_errors, 0U);
  EXPECT_EQ(c.looping_errors, 1U);
  EXPECT_EQ(c.neighbor_mtu_discards, 6U);
  EXPECT_EQ(c.inactive_discards, 0U);
}

TEST(PerfDetailsDecodeTest, SplitAbsentWithoutExtendedWidthCapability) {
  PerfClassPortInfoFields no_ietf;
  no_ietf.capability_mask = kPmCapExtendedWidthNoIetf;  // the split's fields are reserved
  for (const std::optional<PerfClassPortInfoFields>& cap :
       {std::optional<PerfClassPortInfoFields>(no_ietf),
        std::optional<PerfClassPortInfoFields>()}) {
    PortCounters c = counters_from(full_reads(), cap);
    EXPECT_FALSE(c.unicast_xmit_pkts);
    EXPECT_FALSE(c.unicast_rcv_pkts);
    EXPECT_FALSE(c.multicast_xmit_pkts);
    EXPECT_EQ(c.local_physical_errors, 20U);  // the details do not depend on it
  }
}

TEST(PerfDetailsDecodeTest, DetailsNotReadStayAbsent) {
  PortPerfReads read = full_reads();
  read.rcv_error_details.reset();
  read.xmit_discard_details.reset();
  PortCounters c = counters_from(read, std::nullopt);
  EXPECT_EQ(c.rcv_errors, 21U);
  EXPECT_FALSE(c.local_physical_errors);
  EXPECT_FALSE(c.looping_errors);
  EXPECT_FALSE(c.inactive_discards);
  EXPECT_FALSE(c.sw_hoq_lifetime_limit_discards);
}

}  // namespace
}  // namespace ibatlas
