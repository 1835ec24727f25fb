// Authenticated frames. The MAC is checked before the sequence number is believed, and in
// constant time; the length is checked against the cap before any payload is buffered for it,
// so a forged length cannot make the agent hold a gigabyte.

#include "ibatlas/net/channel.hpp"

#include "ibatlas/net/crypto.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/wire.hpp"

namespace ibatlas {

std::string FrameEncoder::encode(std::string_view payload) {
  std::string frame;
  frame.reserve(kFrameHeaderBytes + payload.size() + kFrameMacBytes);
  wire::put_u32(frame, static_cast<std::uint32_t>(payload.size()));
  wire::put_u64(frame, sequence_++);
  frame += payload;
  frame += hmac_sha256(key_, frame);
  return frame;
}

std::optional<std::string> FrameDecoder::fail(std::string why) {
  error_ = std::move(why);
  buffer_.clear();
  return std::nullopt;
}

std::optional<std::string> FrameDecoder::next() {
  if (failed() || buffer_.size() < kFrameHeaderBytes) {
    return std::nullopt;
  }
  std::string_view view = buffer_;
  std::size_t length = wire::get_uint(view.substr(0, 4), 4);
  if (length > max_payload_) {
    return fail("frame of " + std::to_string(length) + " bytes, more than the limit of " +
                std::to_string(max_payload_));
  }
  std::size_t total = kFrameHeaderBytes + length + kFrameMacBytes;
  if (buffer_.size() < total) {
    return std::nullopt;
  }
  std::string_view authenticated = view.substr(0, kFrameHeaderBytes + length);
  if (!equal_constant_time(hmac_sha256(key_, authenticated),
                           view.substr(kFrameHeaderBytes + length, kFrameMacBytes))) {
    return fail("frame with a wrong MAC (wrong key, or changed on the way)");
  }
  std::uint64_t sequence = wire::get_uint(view.substr(4, 8), 8);
  if (sequence != expected_) {
    return fail("frame with sequence number " + std::to_string(sequence) + ", expected " +
                std::to_string(expected_) + " (a replayed, dropped or reordered frame)");
  }
  ++expected_;
  std::string payload(view.substr(kFrameHeaderBytes, length));
  buffer_.erase(0, total);
  return payload;
}

}  // namespace ibatlas
