// The agent's host findings message (net/messages.hpp, HostFindingsMessage). The byte layout
// is counted by hand from docs/probe.md: type 10, count(4), per finding check, severity(1),
// location kind(1), here endpoint (flags(1): 1 GUID(8) follows, 2 port(1) follows; name),
// peer flag(1) [endpoint], measured, expected, hint, message; then unavailable. Strings are
// u16 length + bytes, all big-endian.

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/net/messages.hpp"

namespace ibatlas {
namespace {

Finding polling() {
  return Finding{
      .check = "host.port_polling",
      .severity = Severity::Error,
      .location = {.kind = LocationKind::Port,
                   .here = {.node_guid = 0x0c42a10300165d2a, .port = 1, .name = "mlx5_0"},
                   .peer = {}},
      .measured = "Polling",
      .expected = "LinkUp",
      .hint = "h",
      .message = "m"};
}

std::string reject(std::string_view payload) {
  try {
    decode_message(payload);
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(HostFindingsMessageTest, EncodesFieldByField) {
  std::string bytes = encode_message(HostFindingsMessage{{polling()}, ""});
  std::string expected("\x0a\x00\x00\x00\x01", 5);
  expected += std::string("\x00\x11", 2) + "host.port_polling";
  expected += std::string("\x00\x02\x03", 3);  // Error, Port, GUID and port follow
  expected += std::string("\x0c\x42\xa1\x03\x00\x16\x5d\x2a\x01", 9);
  expected += std::string("\x00\x06", 2) + "mlx5_0";
  expected += std::string("\x00", 1);  // no peer
  expected += std::string("\x00\x07", 2) + "Polling" + std::string("\x00\x06", 2) + "LinkUp";
  expected += std::string("\x00\x01", 2) + "h" + std::string("\x00\x01", 2) + "m";
  expected += std::string("\x00\x00", 2);  // available
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(message_name(HostFindingsMessage{}), "host-findings");
}

TEST(HostFindingsMessageTest, RoundTripsWithAPeerAndWithoutOptionalFields) {
  Finding link = polling();
  link.location.kind = LocationKind::Link;
  link.location.peer = Endpoint{.node_guid = {}, .port = 7, .name = "leaf1"};
  Finding process{.check = "host.memlock_low", .severity = Severity::Warning};
  for (const HostFindingsMessage& m :
       {HostFindingsMessage{{polling(), link, process}, ""},
        HostFindingsMessage{{}, "no InfiniBand device under /sys/class/infiniband"}}) {
    EXPECT_EQ(decode_message(encode_message(m)), Message(m));
  }
}

TEST(HostFindingsMessageTest, EveryTruncationAndTrailingByteIsRejected) {
  std::string bytes = encode_message(HostFindingsMessage{{polling()}, "x"});
  for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
    EXPECT_NE(reject(bytes.substr(0, cut)), "accepted") << cut;
  }
  EXPECT_NE(reject(bytes + "x").find("after the last field"), std::string::npos);
}

TEST(HostFindingsMessageTest, OnlyHostChecksInRangeAreAccepted) {
  Finding other = polling();
  other.check = "link.degraded";  // a registered id, but not the host doctor's
  EXPECT_NE(reject(encode_message(HostFindingsMessage{{other}, ""})).find("not a host check"),
            std::string::npos);
  other.check = "host.made_up";
  EXPECT_NE(reject(encode_message(HostFindingsMessage{{other}, ""})).find("not a host check"),
            std::string::npos);
  std::string bytes = encode_message(HostFindingsMessage{{polling()}, ""});
  const std::size_t severity = 5 + 2 + 17;
  std::string bad = bytes;
  bad[severity] = 3;
  EXPECT_NE(reject(bad).find("severity 3"), std::string::npos) << reject(bad);
  bad = bytes;
  bad[severity + 1] = 4;
  EXPECT_NE(reject(bad).find("location kind 4"), std::string::npos) << reject(bad);
  bad = bytes;
  bad[severity + 2] = 4;
  EXPECT_NE(reject(bad).find("endpoint flags 4"), std::string::npos) << reject(bad);
}

TEST(HostFindingsMessageTest, ACountOverTheLimitIsRejectedBeforeReading) {
  std::string bytes = encode_message(HostFindingsMessage{});
  bytes.replace(1, 4, std::string("\x00\x00\x00\x81", 4));  // 129
  EXPECT_NE(reject(bytes).find("129 findings, more than 128"), std::string::npos) << reject(bytes);
}

}  // namespace
}  // namespace ibatlas
