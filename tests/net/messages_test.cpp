#include "ibatlas/net/messages.hpp"

#include <string>
#include <variant>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

std::vector<Message> samples() {
  return {ReadyMessage{100000, 65507, 60000},
          TargetsMessage{{"10.0.0.1", "::1"}},
          ArmMessage{0x0102030405060708, "10.0.0.1", 105, 3000},
          ArmedMessage{7},
          ProbeMessage{9, "10.0.0.1", "10.0.0.2", 7000, 64, 4096, 100, 5, 200},
          ResultMessage{9, 100, 1, 2, 3, {1000, 2000, 4294967295u}},
          CancelMessage{},
          FailureMessage{9, FailureKind::Refused, "too many samples"},
          HostFindingsMessage{{Finding{.check = "host.no_sm"}}, ""},
          MadProbeMessage{9, 5, 100, 10, 200}};
}

std::string reject(std::string_view payload) {
  try {
    decode_message(payload);
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Messages, EveryMessageRoundTrips) {
  for (const Message& message : samples()) {
    EXPECT_EQ(decode_message(encode_message(message)), message) << message_name(message);
  }
}

TEST(Messages, FieldsAreBigEndianAfterTheType) {
  std::string bytes = encode_message(ArmedMessage{0x0102030405060708});
  EXPECT_EQ(bytes, std::string("\x04\x01\x02\x03\x04\x05\x06\x07\x08", 9));
}

TEST(Messages, EveryTruncationIsRejected) {
  for (const Message& message : samples()) {
    std::string bytes = encode_message(message);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      EXPECT_NE(reject(bytes.substr(0, cut)), "accepted") << message_name(message) << " " << cut;
    }
  }
}

TEST(Messages, TrailingBytesAreRejected) {
  for (const Message& message : samples()) {
    std::string why = reject(encode_message(message) + "x");
    // A result's sample count must match what follows, so its check comes first.
    EXPECT_TRUE(why.find("after the last field") != std::string::npos ||
                why.find("samples in 1") != std::string::npos)
        << message_name(message) << ": " << why;
  }
}

TEST(Messages, UnknownTypeAndKindAreRejected) {
  // Types are the variant's index + 1, so the first unknown one is its size + 1.
  const auto first_unknown = static_cast<char>(std::variant_size_v<Message> + 1);
  EXPECT_NE(reject(std::string(1, first_unknown))
                .find("unknown message type " + std::to_string(std::variant_size_v<Message> + 1)),
            std::string::npos);
  EXPECT_NE(reject(std::string("\0", 1)).find("unknown message type 0"), std::string::npos);
  std::string failure = encode_message(FailureMessage{1, FailureKind::Failed, "x"});
  failure[9] = 3;
  EXPECT_NE(reject(failure).find("unknown failure kind 3"), std::string::npos);
}

TEST(Messages, ForgedCountsAreRejectedWithoutAllocating) {
  std::string result = encode_message(ResultMessage{1, 0, 0, 0, 0, {}});
  result.replace(result.size() - 4, 4, "\xff\xff\xff\xff");
  EXPECT_NE(reject(result).find("samples in 0 bytes"), std::string::npos) << reject(result);
  std::string targets = encode_message(TargetsMessage{});
  targets.replace(1, 4, "\xff\xff\xff\xff");
  EXPECT_NE(reject(targets).find("targets, more than"), std::string::npos);
}

TEST(Messages, OverlongAddressIsRejected) {
  std::string bytes = encode_message(ArmMessage{1, std::string(65, '1'), 1, 1});
  EXPECT_NE(reject(bytes).find("a string of 65 bytes"), std::string::npos) << reject(bytes);
}

}  // namespace
}  // namespace ibatlas
