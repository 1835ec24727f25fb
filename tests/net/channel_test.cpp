// Frames and the handshake's computations, without sockets.

#include "ibatlas/net/channel.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/net/crypto.hpp"
#include "ibatlas/net/messages.hpp"

namespace ibatlas {
namespace {

const std::string kKey(32, 'k');

TEST(Frames, RoundTripInOrderFedByteByByte) {
  FrameEncoder out(kKey);
  std::string stream = out.encode("first");
  stream += out.encode("");
  stream += out.encode(std::string(5000, 'x'));
  FrameDecoder in(kKey);
  std::vector<std::string> got;
  for (char c : stream) {
    in.feed(std::string_view(&c, 1));
    while (std::optional<std::string> payload = in.next()) {
      got.push_back(*payload);
    }
  }
  ASSERT_FALSE(in.failed()) << in.error();
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0], "first");
  EXPECT_EQ(got[1], "");
  EXPECT_EQ(got[2], std::string(5000, 'x'));
  EXPECT_EQ(in.buffered(), 0u);
}

TEST(Frames, LayoutIsLengthSequencePayloadMac) {
  FrameEncoder out(kKey);
  out.encode("a");
  std::string frame = out.encode("hi");
  ASSERT_EQ(frame.size(), 4u + 8u + 2u + 32u);
  EXPECT_EQ(frame.substr(0, 4), std::string("\0\0\0\x02", 4));
  EXPECT_EQ(frame.substr(4, 8), std::string("\0\0\0\0\0\0\0\x01", 8));
  EXPECT_EQ(frame.substr(12, 2), "hi");
  EXPECT_EQ(frame.substr(14), hmac_sha256(kKey, frame.substr(0, 14)));
}

TEST(Frames, ReplayedFrameFails) {
  FrameEncoder out(kKey);
  std::string first = out.encode("cancel");
  FrameDecoder in(kKey);
  in.feed(first);
  ASSERT_TRUE(in.next());
  in.feed(first);
  EXPECT_FALSE(in.next());
  EXPECT_NE(in.error().find("sequence number 0, expected 1"), std::string::npos) << in.error();
}

TEST(Frames, ChangedByteFailsTheMac) {
  FrameEncoder out(kKey);
  std::string frame = out.encode("probe");
  frame[13] ^= 1;
  FrameDecoder in(kKey);
  in.feed(frame);
  EXPECT_FALSE(in.next());
  EXPECT_NE(in.error().find("wrong MAC"), std::string::npos);
}

TEST(Frames, OtherKeyFailsTheMac) {
  FrameEncoder out(std::string(32, 'o'));
  FrameDecoder in(kKey);
  in.feed(out.encode("probe"));
  EXPECT_FALSE(in.next());
  EXPECT_TRUE(in.failed());
}

TEST(Frames, OversizeLengthFailsBeforeThePayloadArrives) {
  FrameDecoder in(kKey, 1024);
  in.feed(std::string("\x00\x00\x04\x01", 4) + std::string(8, '\0'));
  EXPECT_FALSE(in.next());
  EXPECT_NE(in.error().find("1025 bytes, more than the limit of 1024"), std::string::npos)
      << in.error();
}

TEST(Frames, FailedDecoderStaysFailed) {
  FrameEncoder out(kKey);
  FrameDecoder in(kKey);
  in.feed(std::string(12, '\xff'));
  EXPECT_FALSE(in.next());
  in.feed(out.encode("ok"));
  EXPECT_FALSE(in.next());
  EXPECT_TRUE(in.failed());
}

TEST(Handshake, HelloRoundTripAndBadMagic) {
  ProbeKey key = make_probe_key(kKey);
  Hello hello{kProtocolVersion, key_id_bytes(key), std::string(32, 'n')};
  std::string bytes = encode_hello(hello);
  ASSERT_EQ(bytes.size(), kHelloBytes);
  Hello back = decode_hello(bytes);
  EXPECT_EQ(back.key_id, hello.key_id);
  EXPECT_EQ(back.nonce, hello.nonce);
  bytes[0] = 'X';
  EXPECT_THROW(decode_hello(bytes), ProtocolError);
  EXPECT_THROW(decode_hello(bytes.substr(0, 10)), ProtocolError);
}

TEST(Handshake, KeyIdIsHexOfTheSentBytes) {
  ProbeKey key = make_probe_key(kKey);
  EXPECT_EQ(to_hex(key_id_bytes(key)), key.id);
}

TEST(Handshake, ProofsAreBoundToDirectionNoncesAndKey) {
  ProbeKey key = make_probe_key(kKey);
  ProbeKey other = make_probe_key(std::string(32, 'o'));
  std::string nc(32, 'c');
  std::string na(32, 'a');
  std::string agent = agent_proof(key, nc, na, "host01");
  EXPECT_EQ(agent, hmac_sha256(kKey, "ibatlas-v1 agent" + nc + na + "host01"));
  EXPECT_EQ(controller_proof(key, na, nc), hmac_sha256(kKey, "ibatlas-v1 ctrl" + na + nc));
  EXPECT_NE(agent, agent_proof(key, nc, na, "host02"));
  EXPECT_NE(agent, agent_proof(other, nc, na, "host01"));
  EXPECT_NE(controller_proof(key, na, nc), controller_proof(key, nc, na));
}

TEST(Handshake, SessionKeysMatchAcrossSidesAndDifferByDirection) {
  ProbeKey key = make_probe_key(kKey);
  std::string nc(32, 'c');
  std::string na(32, 'a');
  SessionKeys controller = controller_session_keys(key, nc, na);
  SessionKeys agent = agent_session_keys(key, nc, na);
  EXPECT_EQ(controller.send, agent.receive);
  EXPECT_EQ(controller.receive, agent.send);
  EXPECT_NE(controller.send, controller.receive);
  EXPECT_EQ(controller.send, hkdf_sha256(kKey, nc + na, "ibatlas-v1 c2a", 32));
  EXPECT_NE(controller.send, controller_session_keys(key, nc, std::string(32, 'b')).send);
}

TEST(Handshake, ChallengeHeadRoundTrip) {
  Challenge challenge{std::string(32, 'a'), std::string(32, 'm'), "host01"};
  std::string bytes = encode_challenge(challenge);
  std::size_t id_length = 0;
  Challenge back = decode_challenge_head(bytes.substr(0, kChallengeHeadBytes), id_length);
  EXPECT_EQ(back.nonce, challenge.nonce);
  EXPECT_EQ(back.mac, challenge.mac);
  EXPECT_EQ(id_length, 6u);
  EXPECT_EQ(bytes.substr(kChallengeHeadBytes), "host01");
}

}  // namespace
}  // namespace ibatlas
