// libFuzzer target: read_far must throw ParseError/Error or return a dump; attaching it to a
// small fabric must keep every invariant, and what was read, written back as .far, must read
// back to the same switches, LFTs and groups. Nothing may crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/far.hpp"

namespace {

// Two switches and a CA, with the GUIDs of the seed corpus (0x...01, 0x...02 switches).
const ibatlas::Fabric& fabric() {
  static const ibatlas::Fabric built = [] {
    ibatlas::FabricBuilder b;
    for (ibatlas::Guid guid : {0x0002c90300000001ULL, 0x0002c90300000002ULL}) {
      ibatlas::Node sw;
      sw.type = ibatlas::NodeType::Switch;
      sw.guid = guid;
      b.add_node(sw);
    }
    ibatlas::Node ca;
    ca.type = ibatlas::NodeType::Ca;
    ca.guid = 0x0002c90300000010ULL;
    b.add_node(ca);
    return std::move(b).build();
  }();
  return built;
}

// The dump as a fabric holding exactly its switches, so write_far writes all of them.
ibatlas::Fabric fabric_of(const ibatlas::FarDump& dump) {
  ibatlas::FabricBuilder b;
  for (const ibatlas::FarSwitch& s : dump.switches) {
    ibatlas::Node sw;
    sw.type = ibatlas::NodeType::Switch;
    sw.guid = s.guid;
    ibatlas::SwitchAr ar;
    ar.switch_node = b.add_node(sw);
    ar.lfts = s.lfts;
    ar.groups = s.groups;
    b.set_switch_ar(ar);
  }
  return std::move(b).build();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ibatlas::FarDump dump;
  try {
    dump = ibatlas::read_far(text, "fuzz");
  } catch (const ibatlas::Error&) {
    return 0;  // rejecting bad input with a message is the correct outcome
  }
  ibatlas::FarAttachResult attached = ibatlas::attach_far(fabric(), dump, "fuzz");
  if (!ibatlas::check_invariants(attached.fabric).empty()) {
    std::abort();
  }
  std::ostringstream written;
  ibatlas::write_far(fabric_of(dump), written);
  ibatlas::FarDump again = ibatlas::read_far(written.str(), "written");  // throws: a bug
  if (again.switches.size() != dump.switches.size()) {
    std::abort();
  }
  for (std::size_t i = 0; i < dump.switches.size(); ++i) {
    const ibatlas::FarSwitch& a = dump.switches[i];
    const ibatlas::FarSwitch& b = again.switches[i];
    if (a.guid != b.guid || a.lfts != b.lfts || a.groups != b.groups) {
      std::abort();
    }
  }
  return 0;
}
