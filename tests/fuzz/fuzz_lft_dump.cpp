// libFuzzer target: read_lft_dump must throw ParseError/Error or return a dump; attaching
// the dump to a small fabric must keep every invariant, and the attached fabric's tables,
// written as dump_lfts prints them, must read back. Nothing may crash, hang or read out of
// bounds.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"

namespace {

// Two switches (LIDs 3 and 1) and a CA (LID 5): GUIDs and LIDs for the tables to match.
constexpr std::string_view kFabric =
    "switchguid=0x2c90200000001(2c90200000001)\n"
    "Switch\t8 \"S-0002c90200000001\"\t\t# \"leaf\" base port 0 lid 3 lmc 0\n"
    "[1]\t\"H-0002c90300000010\"[1](2c90300000011)\t\t# \"host1 HCA-1\" lid 5 4xEDR\n"
    "[2]\t\"S-0002c90200000002\"[1]\t\t# \"spine\" lid 1 4xEDR\n"
    "\n"
    "switchguid=0x2c90200000002(2c90200000002)\n"
    "Switch\t8 \"S-0002c90200000002\"\t\t# \"spine\" base port 0 lid 1 lmc 0\n"
    "[1]\t\"S-0002c90200000001\"[2]\t\t# \"leaf\" lid 3 4xEDR\n"
    "\n"
    "caguid=0x2c90300000010\n"
    "Ca\t1 \"H-0002c90300000010\"\t\t# \"host1 HCA-1\"\n"
    "[1](2c90300000011)\t\"S-0002c90200000001\"[1]\t\t# lid 5 lmc 0 \"leaf\" lid 3 4xEDR\n";

const ibatlas::Fabric& fabric() {
  static const ibatlas::Fabric parsed = ibatlas::read_ibnetdiscover(kFabric, "fabric").fabric;
  return parsed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static_cast<void>(ibatlas::looks_like_lft_dump(text));
  ibatlas::LftDump dump;
  try {
    dump = ibatlas::read_lft_dump(text, "fuzz");
  } catch (const ibatlas::Error&) {
    return 0;  // rejecting bad input with a message is the correct outcome
  }
  ibatlas::AttachedTables attached = ibatlas::with_forwarding_tables(fabric(), dump);
  if (!ibatlas::check_invariants(attached.fabric).empty()) {
    std::abort();
  }
  if (attached.attached > 0) {
    std::ostringstream written;
    ibatlas::write_lft_dump(attached.fabric, written);
    static_cast<void>(ibatlas::read_lft_dump(written.str(), "written"));  // throws: a bug
  }
  return 0;
}
