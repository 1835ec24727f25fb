// libFuzzer target: read_ibdiagnet_net_dump must throw ParseError/Error or return a fabric; it and
// looks_like_ibdiagnet_net_dump_line must never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibdiagnet_net_dump.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static_cast<void>(ibatlas::looks_like_ibdiagnet_net_dump_line(text));
  try {
    static_cast<void>(ibatlas::read_ibdiagnet_net_dump(text, "fuzz"));
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
