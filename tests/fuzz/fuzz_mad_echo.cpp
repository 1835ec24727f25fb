// libFuzzer target: the MAD-echo wire (probe/mad_echo_wire.hpp) takes whatever the fabric
// delivers. The decoders and the in-place responders must never crash or read or write out
// of bounds, for any length; a block fed replies for arbitrary sequence numbers must keep its
// counts consistent (samples + lost <= sent).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "ibatlas/probe/mad_echo_wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ibatlas::mad_echo;
  std::span<const std::uint8_t> bytes(data, size);
  static_cast<void>(read_header(bytes));
  static_cast<void>(is_echo_request(bytes));
  static_cast<void>(is_echo_response(bytes));
  static_cast<void>(read_payload(bytes));
  Mad mad{};
  std::copy_n(data, std::min(size, mad.size()), mad.begin());
  Mad echo = mad;
  if (is_echo_request(echo)) {
    make_echo_response(echo, "fuzz-host");
  }
  static_cast<void>(make_smp_response(mad, 0x0002c90300001234));

  // A block of 8 requests; each input byte picks an event.
  ibatlas::ProbeRequest request;
  request.warmup = 2;
  request.samples = 6;
  EchoBlock block(request, 0xfffffffc);
  EchoBlock::Clock::time_point now{};
  for (std::uint8_t b : bytes) {
    now += std::chrono::milliseconds(b & 0x3f);
    std::uint32_t sequence = 0xfffffffcU + (b >> 4);
    switch (b & 3) {
      case 0:
        static_cast<void>(block.send_next(now));
        break;
      case 1:
        if (block.owns(sequence)) {
          block.on_reply(sequence, now);
        }
        break;
      case 2:
        if (block.owns(sequence)) {
          block.on_undelivered(sequence);
        }
        break;
      default:
        block.expire(now);
        break;
    }
  }
  const ibatlas::ProbeResult& r = block.result();
  if (r.rtt_ns.size() + r.lost > r.sent || r.sent > request.samples) {
    std::abort();
  }
  return 0;
}
