// SMInfo (0x20) layout, IBA 14.2.5.13 and libibmad's IB_SMINFO_*_F: GUID bytes 0-7, SM_Key
// bytes 8-15, ActCount bytes 16-19 (big endian), then one byte with the priority in the high
// nibble and the state in the low one (opensm: pri_state = sm_state | sm_priority << 4).

#include <gtest/gtest.h>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas {
namespace {

TEST(SmInfoDecode, FieldsFromHandWrittenBytes) {
  MadPayload d{};
  const std::uint8_t guid[8] = {0x00, 0x02, 0xc9, 0x03, 0x00, 0x00, 0x12, 0x34};
  std::copy(std::begin(guid), std::end(guid), d.begin());
  for (int i = 8; i < 16; ++i) {
    d[static_cast<std::size_t>(i)] = 0xee;  // an SM_Key: must not leak into the fields
  }
  d[16] = 0x01;
  d[17] = 0x02;
  d[18] = 0x03;
  d[19] = 0x04;
  d[20] = (14 << 4) | 3;  // priority 14, master
  SmInfoFields f = decode_sm_info(PayloadView(d));
  EXPECT_EQ(f.guid, 0x0002c90300001234U);
  EXPECT_EQ(f.act_count, 0x01020304U);
  EXPECT_EQ(f.priority, 14);
  EXPECT_EQ(f.sm_state, 3);
}

TEST(SmInfoDecode, StandbyLowPriority) {
  MadPayload d{};
  d[20] = (1 << 4) | 2;
  SmInfoFields f = decode_sm_info(PayloadView(d));
  EXPECT_EQ(f.priority, 1);
  EXPECT_EQ(f.sm_state, 2);
}

TEST(SmInfoDecode, EncodeRoundTripsAndLeavesTheKeyZero) {
  SmInfoFields f{0x1122334455667788U, 0xdeadbeefU, 15, 1};
  MadPayload d = encode_sm_info(f);
  EXPECT_EQ(decode_sm_info(PayloadView(d)), f);
  for (int i = 8; i < 16; ++i) {
    EXPECT_EQ(d[static_cast<std::size_t>(i)], 0);
  }
  EXPECT_EQ(d[20], 0xf1);
}

TEST(SmInfoDecode, IsSmIsCapabilityBitOne) {
  EXPECT_EQ(kCapIsSm, 0x2U);  // IBA PortInfo CapabilityMask bit 1, libibmad IB_PORT_CAP_IS_SM
}

}  // namespace
}  // namespace ibatlas
