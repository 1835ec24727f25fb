// libFuzzer target: read_xml_snapshot must throw ParseError/Error or return a fabric that keeps
// every invariant; it must never crash, hang or read out of bounds. A fabric it returns must
// round-trip: written and read again it is the same fabric, and writing that gives the same
// bytes (the writer is lossless and deterministic for whatever the reader accepts).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

namespace {

std::string written(const ibatlas::Fabric& fabric) {
  std::ostringstream out;
  ibatlas::write_xml_snapshot(fabric, out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ibatlas::ReadResult result;
  try {
    result = ibatlas::read_xml_snapshot(text, "fuzz");
  } catch (const ibatlas::Error&) {
    return 0;  // rejecting bad input with a message is the correct outcome
  }
  if (!ibatlas::check_invariants(result.fabric).empty()) {
    std::abort();
  }
  // Our own output must read back: an Error here is a bug, so it is not caught.
  std::string xml = written(result.fabric);
  ibatlas::Fabric back = ibatlas::read_xml_snapshot(xml, "fuzz-written").fabric;
  if (!(back == result.fabric) || written(back) != xml) {
    std::abort();
  }
  return 0;
}
