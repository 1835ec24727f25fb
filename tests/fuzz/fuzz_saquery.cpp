// libFuzzer target: read_saquery_paths must throw ParseError/Error or return records, and
// attaching what it returns to a small fabric must never throw; the per-VL credit-loop
// analysis of the result must not either. None may crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/saquery.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace {

// A switch (LID 2) and one CA (LID 3).
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
    std::vector<ibatlas::PathSlRecord> records = ibatlas::read_saquery_paths(text, "fuzz");
    ibatlas::Fabric f = ibatlas::with_path_sls(small_fabric(), records);
    static_cast<void>(ibatlas::analyze_routes(f, ibatlas::RouteAnalysisOptions{}));
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
