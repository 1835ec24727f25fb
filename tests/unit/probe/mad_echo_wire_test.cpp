#include "ibatlas/probe/mad_echo_wire.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ibatlas::mad_echo {
namespace {

using namespace std::chrono_literals;
using Clock = EchoBlock::Clock;

// Offsets and values from /usr/include/infiniband/mad.h (IB_VENDOR_OPENIB_PING_CLASS 0x32,
// IB_OPENIB_OUI 0x001405, IB_VENDOR_RANGE2_DATA_OFFS 40) and IBA 13.4.2 (common header).
using Bytes = std::vector<int>;

Bytes bytes(const Mad& mad, std::size_t from, std::size_t to) {
  return Bytes(mad.begin() + static_cast<std::ptrdiff_t>(from),
               mad.begin() + static_cast<std::ptrdiff_t>(to));
}

TEST(MadEchoWire, RequestBytesAreIbpingsLayout) {
  Mad mad = make_request(0x01020304, EchoPayload{0x1122334455667788, 0x01020304});
  // BaseVersion 1, class 0x32, ClassVersion 1, Get; Status 0, ClassSpecific 0; TID with
  // the high half zero (not ours); AttributeID 0 (as ibping sends), reserved, modifier 0.
  EXPECT_EQ(bytes(mad, 0, 24),
            (Bytes{1, 0x32, 1, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0}));
  // RMPP header zero, reserved, OUI 00:14:05, then the magic "ibAE", token, sequence.
  EXPECT_EQ(bytes(mad, 24, 56),
            (Bytes{0,    0,    0,    0,    0,    0,    0,   0,   0,   0,    0,
                   0,    0,    0x00, 0x14, 0x05, 'i',  'b', 'A', 'E', 0x11, 0x22,
                   0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 1,   2,   3,   4}));
  EXPECT_TRUE(is_echo_request(mad));
  EXPECT_FALSE(is_echo_response(mad));
}

TEST(MadEchoWire, SequenceLivesInTheLowHalfOfTheTid) {
  EXPECT_EQ(tid_of(0xdeadbeef), 0xdeadbeefULL);
  // umad2sim writes its agent id into bits 32-47, ibsim its client id into 48-63.
  EXPECT_EQ(sequence_of(0x0003'0007'deadbeefULL), 0xdeadbeefU);
  Mad mad = make_request(7, {});
  mad[8] = 0x12;  // the way there rewrote the high half
  mad[11] = 0x34;
  EXPECT_EQ(sequence_of(read_header(mad)->tid), 7U);
}

TEST(MadEchoWire, PayloadRoundTripsAndEchoKeepsIt) {
  Mad mad = make_request(42, EchoPayload{0xabcdef0123456789, 42});
  make_echo_response(mad, "host1");
  EXPECT_TRUE(is_echo_response(mad));
  EXPECT_EQ(mad[3], 0x81);
  std::optional<EchoPayload> p = read_payload(mad);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->token, 0xabcdef0123456789U);
  EXPECT_EQ(p->sequence, 42U);
  EXPECT_EQ(sequence_of(read_header(mad)->tid), 42U);
}

TEST(MadEchoWire, IbpingRequestGetsTheHostName) {
  Mad mad = make_request(1, {});
  for (std::size_t i = 40; i < kMadBytes; ++i) {
    mad[i] = 0;  // ibping's request carries no payload
  }
  make_echo_response(mad, "node7.cluster");
  EXPECT_FALSE(read_payload(mad));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(mad.data() + 40)), "node7.cluster");
}

TEST(MadEchoWire, OtherClassesAndOuisAreNotEchoes) {
  Mad mad = make_request(1, {});
  mad[39] = 0x06;
  EXPECT_FALSE(is_echo_request(mad));
  mad = make_request(1, {});
  mad[1] = 0x31;
  EXPECT_FALSE(is_echo_request(mad));
  EXPECT_FALSE(is_echo_request(std::span(mad).first(100)));
}

Mad smp(std::uint8_t mgmt_class, std::uint8_t method, std::uint16_t attribute) {
  Mad mad{};
  mad[0] = 1;
  mad[1] = mgmt_class;
  mad[2] = 1;
  mad[3] = method;
  mad[6] = 1;  // hop pointer of a DR SMP on its way
  mad[16] = static_cast<std::uint8_t>(attribute >> 8);
  mad[17] = static_cast<std::uint8_t>(attribute);
  mad[64] = 0xee;
  return mad;
}

// IBA 14.2.5.13 SMInfo: GUID at 0, SM_Key at 8, ActCount at 16, Priority and SMState in the
// byte at 20 (SMState 0 = NOTACTIVE).
TEST(MadEchoWire, SmInfoIsAnsweredNotActive) {
  Mad mad = smp(0x81, 0x01, 0x0020);
  ASSERT_TRUE(make_smp_response(mad, 0x0002c90300001234));
  // GetResp, status 0 with the D bit, hop pointer 0.
  EXPECT_EQ(bytes(mad, 3, 7), (Bytes{0x81, 0x80, 0x00, 0}));
  EXPECT_EQ(bytes(mad, 64, 72), (Bytes{0x00, 0x02, 0xc9, 0x03, 0x00, 0x00, 0x12, 0x34}));
  EXPECT_EQ(mad[84], 0);  // priority 0, SMState NOTACTIVE
}

TEST(MadEchoWire, OtherSmpsAreRefusedResponsesIgnored) {
  Mad lid_routed = smp(0x01, 0x01, 0x0011);
  ASSERT_TRUE(make_smp_response(lid_routed, 1));
  EXPECT_EQ(bytes(lid_routed, 3, 6), (Bytes{0x81, 0x00, 0x0C}));  // attribute unsupported
  Mad set = smp(0x01, 0x02, 0x0020);
  ASSERT_TRUE(make_smp_response(set, 1));
  EXPECT_EQ(bytes(set, 3, 6), (Bytes{0x81, 0x00, 0x08}));  // method unsupported
  Mad response = smp(0x01, 0x81, 0x0020);
  EXPECT_FALSE(make_smp_response(response, 1));
}

ProbeRequest request(std::uint32_t warmup, std::uint32_t samples) {
  ProbeRequest r;
  r.tag = 9;
  r.warmup = warmup;
  r.samples = samples;
  r.sample_timeout = 100ms;
  return r;
}

TEST(MadEchoBlock, OneOutstandingAndRttInNanoseconds) {
  EchoBlock block(request(1, 2), 100);
  Clock::time_point t0{};
  EXPECT_EQ(block.send_next(t0), 100U);
  EXPECT_FALSE(block.send_next(t0));  // one at a time
  block.on_reply(100, t0 + 5us);      // warm-up: no sample
  EXPECT_EQ(block.send_next(t0 + 10us), 101U);
  block.on_reply(101, t0 + 10us + 1234ns);
  EXPECT_EQ(block.send_next(t0 + 20us), 102U);
  block.on_reply(102, t0 + 20us + 7us);
  EXPECT_TRUE(block.done());
  EXPECT_EQ(block.result().sent, 2U);
  EXPECT_EQ(block.result().lost, 0U);
  EXPECT_EQ(block.result().rtt_ns, (std::vector<std::uint32_t>{1234, 7000}));
}

TEST(MadEchoBlock, TimeoutUndeliveredLateAndDuplicate) {
  EchoBlock block(request(0, 3), 0xfffffffe);  // sequence numbers wrap
  Clock::time_point t0{};
  EXPECT_EQ(block.send_next(t0), 0xfffffffeU);
  block.expire(t0 + 99ms);
  EXPECT_FALSE(block.send_next(t0 + 99ms));  // still outstanding
  block.expire(t0 + 100ms);                  // lost
  EXPECT_EQ(block.send_next(t0 + 100ms), 0xffffffffU);
  block.on_reply(0xfffffffe, t0 + 101ms);  // the first, late
  block.on_undelivered(0xffffffff);        // ibsim dropped it
  EXPECT_EQ(block.send_next(t0 + 102ms), 0U);
  EXPECT_TRUE(block.owns(0));
  EXPECT_FALSE(block.owns(1));
  block.on_reply(0, t0 + 103ms);
  block.on_reply(0, t0 + 104ms);  // twice
  EXPECT_TRUE(block.done());
  const ProbeResult& r = block.result();
  EXPECT_EQ(r.sent, 3U);
  EXPECT_EQ(r.lost, 2U);
  EXPECT_EQ(r.late, 1U);
  EXPECT_EQ(r.duplicates, 1U);
  EXPECT_EQ(r.rtt_ns, (std::vector<std::uint32_t>{1000000}));
}

}  // namespace
}  // namespace ibatlas::mad_echo
