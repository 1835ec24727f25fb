// Encoders against decoders (leveldb's TestEncodeDecode): random field values survive a round
// trip, and the model's speeds survive encode_speeds/decode_speeds. The decoders themselves
// are pinned to the IBA layout by smp_decode_test.cpp.

#include <random>

#include <gtest/gtest.h>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas {
namespace {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  template <typename T>
  T bits(int width) {
    std::uint64_t v = engine_();
    return static_cast<T>(width == 64 ? v : v & ((std::uint64_t{1} << width) - 1));
  }

 private:
  std::mt19937_64 engine_;
};

TEST(SmpEncodeTest, NodeInfoRoundTrips) {
  Random r(1);
  for (int i = 0; i < 200; ++i) {
    NodeInfoFields f{
        r.bits<std::uint8_t>(8),   r.bits<std::uint8_t>(8),   r.bits<std::uint8_t>(8),
        r.bits<std::uint8_t>(8),   r.bits<Guid>(64),          r.bits<Guid>(64),
        r.bits<Guid>(64),          r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16),
        r.bits<std::uint32_t>(32), r.bits<std::uint8_t>(8),   r.bits<std::uint32_t>(24)};
    EXPECT_EQ(decode_node_info(encode_node_info(f)), f);
  }
}

TEST(SmpEncodeTest, SwitchInfoRoundTrips) {
  Random r(2);
  for (int i = 0; i < 200; ++i) {
    SwitchInfoFields f{r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16),
                       r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16),
                       r.bits<std::uint8_t>(8),   r.bits<std::uint16_t>(16),
                       r.bits<std::uint16_t>(16), r.bits<bool>(1)};
    EXPECT_EQ(decode_switch_info(encode_switch_info(f)), f);
  }
}

TEST(SmpEncodeTest, PortInfoRoundTrips) {
  Random r(3);
  for (int i = 0; i < 200; ++i) {
    PortInfoFields f;
    f.lid = r.bits<Lid>(16);
    f.capability_mask = r.bits<std::uint32_t>(32);
    f.local_port = r.bits<std::uint8_t>(8);
    f.link_width_enabled = r.bits<std::uint8_t>(8);
    f.link_width_supported = r.bits<std::uint8_t>(8);
    f.link_width_active = r.bits<std::uint8_t>(8);
    f.link_speed_supported = r.bits<std::uint8_t>(4);
    f.port_state = r.bits<std::uint8_t>(4);
    f.phys_state = r.bits<std::uint8_t>(4);
    f.lmc = r.bits<std::uint8_t>(3);
    f.link_speed_active = r.bits<std::uint8_t>(4);
    f.link_speed_enabled = r.bits<std::uint8_t>(4);
    f.neighbor_mtu = r.bits<std::uint8_t>(4);
    f.vl_cap = r.bits<std::uint8_t>(4);
    f.mtu_cap = r.bits<std::uint8_t>(4);
    f.link_speed_ext2_active = r.bits<std::uint8_t>(2);
    f.link_speed_ext2_supported = r.bits<std::uint8_t>(2);
    f.link_speed_ext2_enabled = r.bits<std::uint8_t>(3);
    f.capability_mask2 = r.bits<std::uint16_t>(16);
    f.link_speed_ext_active = r.bits<std::uint8_t>(4);
    f.link_speed_ext_supported = r.bits<std::uint8_t>(4);
    f.link_speed_ext_enabled = r.bits<std::uint8_t>(5);
    EXPECT_EQ(decode_port_info(encode_port_info(f)), f);
  }
}

TEST(SmpEncodeTest, CountersRoundTrip) {
  Random r(4);
  for (int i = 0; i < 200; ++i) {
    PortCountersFields c{
        r.bits<std::uint8_t>(8),   r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16),
        r.bits<std::uint8_t>(8),   r.bits<std::uint8_t>(8),   r.bits<std::uint16_t>(16),
        r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16), r.bits<std::uint16_t>(16),
        r.bits<std::uint8_t>(8),   r.bits<std::uint8_t>(8),   r.bits<std::uint8_t>(4),
        r.bits<std::uint8_t>(4),   r.bits<std::uint16_t>(16), r.bits<std::uint32_t>(32),
        r.bits<std::uint32_t>(32), r.bits<std::uint32_t>(32), r.bits<std::uint32_t>(32),
        r.bits<std::uint32_t>(32)};
    EXPECT_EQ(decode_port_counters(encode_port_counters(c)), c);
    PortCountersExtendedFields e{
        r.bits<std::uint8_t>(8),   r.bits<std::uint16_t>(16), r.bits<std::uint64_t>(64),
        r.bits<std::uint64_t>(64), r.bits<std::uint64_t>(64), r.bits<std::uint64_t>(64),
        r.bits<std::uint64_t>(64), r.bits<std::uint64_t>(64), r.bits<std::uint64_t>(64)};
    EXPECT_EQ(decode_port_counters_extended(encode_port_counters_extended(e)), e);
    MlnxExtPortInfoFields m{r.bits<std::uint8_t>(8), r.bits<std::uint8_t>(8),
                            r.bits<std::uint8_t>(8), r.bits<std::uint8_t>(8)};
    EXPECT_EQ(decode_mlnx_ext_port_info(encode_mlnx_ext_port_info(m)), m);
  }
}

TEST(SmpEncodeTest, NodeDescriptionIsCutAtSixtyFourBytes) {
  EXPECT_EQ(decode_node_description(encode_node_description("host01 HCA-1")), "host01 HCA-1");
  std::string long_name(80, 'x');
  EXPECT_EQ(decode_node_description(encode_node_description(long_name)), std::string(64, 'x'));
}

TEST(SmpEncodeTest, EverySpeedSurvivesEncodeAndDecode) {
  for (int s = 0; s <= static_cast<int>(LinkSpeed::Xdr); ++s) {
    auto speed = static_cast<LinkSpeed>(s);
    SpeedSet up_to;
    for (int t = 0; t <= s; ++t) {
      up_to.insert(static_cast<LinkSpeed>(t));
    }
    PortSpeeds speeds{speed, up_to, up_to};
    PortInfoFields info;
    MlnxExtPortInfoFields mlnx;
    encode_speeds(speeds, info, mlnx);
    PortInfoFields wire = decode_port_info(encode_port_info(info));
    EXPECT_EQ(decode_speeds(wire, wire, mlnx), speeds) << to_string(speed);
  }
}

TEST(SmpEncodeTest, AbsentSpeedsStayAbsent) {
  PortInfoFields info;
  MlnxExtPortInfoFields mlnx;
  encode_speeds(PortSpeeds{}, info, mlnx);
  EXPECT_EQ(decode_speeds(info, info, mlnx), PortSpeeds{});
  EXPECT_EQ(info.capability_mask, 0U);  // nothing extended to announce
}

}  // namespace
}  // namespace ibatlas
