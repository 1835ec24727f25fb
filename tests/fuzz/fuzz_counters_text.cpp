// libFuzzer target: read_counters_text must throw ParseError/Error or return records, and
// attaching what it returns to a small fabric must never throw; neither may crash, hang or
// read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/counters_text.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

namespace {

// A switch (LID 2, enhanced port 0) and one CA (LID 3), for the matcher's three ways.
const ibatlas::Fabric& small_fabric() {
  static const ibatlas::Fabric fabric =
      ibatlas::read_ibnetdiscover(
          "switchguid=0x2c90300000001(2c90300000001)\n"
          "Switch\t4 \"S-0002c90300000001\"\t\t# \"sw1\" enhanced port 0 lid 2 lmc 0\n"
          "[1]\t\"H-0002c90300000011\"[1](2c90300000012)\t\t# \"host1\" lid 3 4xEDR\n"
          "\n"
          "caguid=0x2c90300000011\n"
          "Ca\t1 \"H-0002c90300000011\"\t\t# \"host1\"\n"
          "[1](2c90300000012)\t\"S-0002c90300000001\"[1]\t\t# lid 3 lmc 0 \"sw1\" lid 2 4xEDR\n",
          "fuzz-fabric")
          .fabric;
  return fabric;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    ibatlas::CountersText counters = ibatlas::read_counters_text(text, "fuzz");
    static_cast<void>(ibatlas::attach_counters(small_fabric(), counters, "fuzz"));
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
