// libFuzzer target: the control channel's decoders on hostile bytes. The input is fed to a
// frame decoder keyed with a fixed key (the seed corpus holds frames made with it, so the
// MAC passes and the message decoders are reached), in pieces whose sizes come from the
// input; every payload goes through decode_message; the input itself goes through the
// handshake decoders and decode_message. A decoded message must encode back to a message
// equal to it. Nothing may crash, hang, read out of bounds or allocate without bound.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/messages.hpp"

namespace {

// The key tests/fuzz/make_probe_frame_seeds.py writes the seed frames with.
const std::string kKey(32, 'f');

void check_message(std::string_view payload) {
  ibatlas::Message message;
  try {
    message = ibatlas::decode_message(payload);
  } catch (const ibatlas::ProtocolError&) {
    return;  // rejecting bad input with a message is the correct outcome
  }
  if (ibatlas::decode_message(ibatlas::encode_message(message)) != message) {
    std::abort();
  }
}

void check_handshake(std::string_view bytes) {
  try {
    static_cast<void>(ibatlas::decode_hello(bytes.substr(0, ibatlas::kHelloBytes)));
  } catch (const ibatlas::ProtocolError&) {
  }
  try {
    std::size_t id_length = 0;
    static_cast<void>(
        ibatlas::decode_challenge_head(bytes.substr(0, ibatlas::kChallengeHeadBytes), id_length));
  } catch (const ibatlas::ProtocolError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  check_handshake(bytes);
  check_message(bytes);
  ibatlas::FrameDecoder decoder(kKey, 1 << 16);
  std::size_t step = size == 0 ? 1 : 1 + data[0] % 64;
  for (std::size_t offset = 0; offset < size && !decoder.failed(); offset += step) {
    decoder.feed(bytes.substr(offset, step));
    while (std::optional<std::string> payload = decoder.next()) {
      check_message(*payload);
    }
  }
  return 0;
}
