// libFuzzer target: read_plan_csv must throw ParseError/Error or return a plan; it and
// looks_like_plan_csv must never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/plan_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static_cast<void>(ibatlas::looks_like_plan_csv(text));
  try {
    static_cast<void>(ibatlas::read_plan_csv(text, "fuzz"));
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
