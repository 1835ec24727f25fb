// libFuzzer target: read_config_file must throw ParseError or return its settings;
// it must never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/config_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    ibatlas::ConfigFile file = ibatlas::read_config_file(text, "fuzz");
    (void)file;
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
