// libFuzzer target: validate_ibnd_cache must return or throw Error for any bytes, never crash,
// hang, read out of bounds or allocate beyond a small multiple of the input's size; and
// looks_like_ibnd_cache must agree with the magic number it checks.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  static_cast<void>(ibatlas::looks_like_ibnd_cache(bytes));
  try {
    ibatlas::validate_ibnd_cache(bytes, "fuzz");
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
