// libFuzzer target: read_findings_json must throw ParseError/Error or return a document that
// writes and reads back the same; it must never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/findings_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ibatlas::FindingsDocument document;
  try {
    document = ibatlas::read_findings_json(text, "fuzz");
  } catch (const ibatlas::Error&) {
    return 0;  // rejecting bad input with a message is the correct outcome
  }
  std::ostringstream out;
  ibatlas::write_findings_json(document, out);
  ibatlas::FindingsDocument again = ibatlas::read_findings_json(out.str(), "fuzz again");
  if (again.findings != document.findings || again.command != document.command ||
      again.source != document.source || again.format != document.format) {
    std::abort();  // what the writer writes, the reader must read back the same
  }
  return 0;
}
