// The committed seed corpus of fuzz_probe_frame (tests/fuzz/make_probe_frame_seeds.py) must
// hold valid frames and messages, or the fuzzer would start from bytes that fail the MAC and
// never reach the message decoders.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/messages.hpp"

#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

const std::string kCorpus = IBATLAS_SOURCE_DIR "/tests/fuzz/corpus/fuzz_probe_frame/";

std::size_t messages_in(const std::string& name) {
  FrameDecoder decoder(std::string(32, 'f'));
  decoder.feed(test::slurp(kCorpus + name));
  std::size_t count = 0;
  while (std::optional<std::string> payload = decoder.next()) {
    decode_message(*payload);
    ++count;
  }
  EXPECT_FALSE(decoder.failed()) << name << ": " << decoder.error();
  EXPECT_EQ(decoder.buffered(), 0u) << name;
  return count;
}

TEST(FuzzCorpus, SeedFramesDecode) {
  EXPECT_EQ(messages_in("controller_stream"), 4u);
  EXPECT_EQ(messages_in("agent_stream"), 5u);
  EXPECT_EQ(messages_in("one_result"), 1u);
  EXPECT_EQ(messages_in("one_host_findings"), 1u);
  EXPECT_EQ(messages_in("one_mad_probe"), 1u);
  EXPECT_EQ(messages_in("verbs_stream"), 2u);
  EXPECT_TRUE(std::holds_alternative<ProbeMessage>(
      decode_message(test::slurp(kCorpus + "bare_probe_message"))));
  EXPECT_EQ(decode_hello(test::slurp(kCorpus + "hello")).version, kProtocolVersion);
}

}  // namespace
}  // namespace ibatlas
