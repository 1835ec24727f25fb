// libFuzzer target: read_node_name_map must throw ParseError/Error or return a fabric that keeps
// every invariant; it must never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/node_name_map.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    ibatlas::NodeNameMap map = ibatlas::read_node_name_map(text, "fuzz");
    (void)map;
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
