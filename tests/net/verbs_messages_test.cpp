// The verbs transport's messages (net/messages.hpp). The byte layouts are counted by hand
// from docs/probe.md: VERBS_ENDPOINT type 9, token(8) qp_num(4) psn(4) lid(2) gid(16)
// dlid(2) sl(1) mtu(1); VERBS_PROBE type 12, token(8) role(1) request_bytes(4)
// reply_bytes(4) samples(4) warmup(4) timeout_ms(4); big-endian.

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/net/messages.hpp"

namespace ibatlas {
namespace {

VerbsEndpointMessage sample() {
  VerbsEndpointMessage m;
  m.token = 0x0102030405060708;
  m.qp_num = 0xabcdef;
  m.psn = 0x123456;
  m.lid = 0x0c0d;
  m.gid = {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
  m.dlid = 0x0e0f;
  m.sl = 3;
  m.mtu = 5;
  return m;
}

std::string reject(std::string_view payload) {
  try {
    decode_message(payload);
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(VerbsEndpointMessageTest, EncodesFieldByFieldBigEndian) {
  std::string bytes = encode_message(sample());
  ASSERT_EQ(bytes.size(), 39U);  // 1 + 8 + 4 + 4 + 2 + 16 + 2 + 1 + 1
  EXPECT_EQ(bytes[0], 9);
  EXPECT_EQ(bytes.substr(1, 8), std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));
  EXPECT_EQ(bytes.substr(9, 4), std::string("\x00\xab\xcd\xef", 4));
  EXPECT_EQ(bytes.substr(13, 4), std::string("\x00\x12\x34\x56", 4));
  EXPECT_EQ(bytes.substr(17, 2), std::string("\x0c\x0d", 2));
  EXPECT_EQ(static_cast<unsigned char>(bytes[19]), 0xfe);
  EXPECT_EQ(bytes.substr(35, 4), std::string("\x0e\x0f\x03\x05", 4));
  EXPECT_EQ(message_name(sample()), "verbs-endpoint");
}

TEST(VerbsEndpointMessageTest, RoundTrips) {
  Message decoded = decode_message(encode_message(sample()));
  ASSERT_TRUE(std::holds_alternative<VerbsEndpointMessage>(decoded));
  EXPECT_EQ(std::get<VerbsEndpointMessage>(decoded), sample());
}

TEST(VerbsEndpointMessageTest, RejectsOutOfRangeFieldsAndTruncation) {
  for (auto change :
       {+[](VerbsEndpointMessage& m) { m.qp_num = 0x1000000; },
        +[](VerbsEndpointMessage& m) { m.psn = 0x1000000; },
        +[](VerbsEndpointMessage& m) { m.sl = 16; }, +[](VerbsEndpointMessage& m) { m.mtu = 6; }}) {
    VerbsEndpointMessage m = sample();
    change(m);
    EXPECT_NE(reject(encode_message(m)).find("24 bits"), std::string::npos);
  }
  std::string bytes = encode_message(sample());
  EXPECT_NE(reject(bytes.substr(0, 38)).find("truncated"), std::string::npos);
  EXPECT_NE(reject(bytes + "x").find("after the last field"), std::string::npos);
}

TEST(VerbsProbeMessageTest, EncodesFieldByFieldRoundTripsAndRejectsAnUnknownRole) {
  VerbsProbeMessage m{0x0102030405060708, VerbsRole::Responder, 4096, 64, 100, 10, 2000};
  std::string bytes = encode_message(m);
  std::string expected("\x0c\x01\x02\x03\x04\x05\x06\x07\x08\x02", 10);
  expected += std::string("\x00\x00\x10\x00\x00\x00\x00\x40\x00\x00\x00\x64", 12);
  expected += std::string("\x00\x00\x00\x0a\x00\x00\x07\xd0", 8);
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(decode_message(bytes), Message(m));
  EXPECT_EQ(message_name(m), "verbs-probe");
  for (char role : {'\x00', '\x03'}) {
    std::string bad = bytes;
    bad[9] = role;
    EXPECT_NE(reject(bad).find("unknown verbs role"), std::string::npos);
  }
  EXPECT_NE(reject(bytes.substr(0, 29)).find("truncated"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
