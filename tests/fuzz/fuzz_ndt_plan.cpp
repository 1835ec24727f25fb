// libFuzzer target: read_ndt_plan must throw ParseError/Error or return a plan; it,
// looks_like_ndt_plan and not_a_plan_error must never crash, hang or read out of bounds. A
// plan that reads is also resolved against a small fabric with a director.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/formats/ndt_plan.hpp"

namespace {

const ibatlas::Fabric& director_fabric() {
  static const ibatlas::Fabric fabric = [] {
    ibatlas::FabricBuilder b;
    ibatlas::NodeId leaf = b.add_node(ibatlas::Node{
        .type = ibatlas::NodeType::Switch, .guid = 0x101, .description = "MF0;leaf01:MQM8700/U1"});
    ibatlas::NodeId line = b.add_node(ibatlas::Node{.type = ibatlas::NodeType::Switch,
                                                    .guid = 0xa01,
                                                    .description = "MF0;dir-a:MCS8500/L01/U1"});
    ibatlas::NodeId spine = b.add_node(ibatlas::Node{.type = ibatlas::NodeType::Switch,
                                                     .guid = 0xa10,
                                                     .description = "MF0;dir-a:MCS8500/S01/U1"});
    ibatlas::NodeId host =
        b.add_node(ibatlas::Node{.guid = 0x1001, .description = "node01 ibp11s0f0"});
    b.connect(b.port(leaf, 21), b.port(line, 1));
    b.connect(b.port(line, 19), b.port(spine, 1));
    b.connect(b.port(leaf, 1), b.port(host, 1));
    return std::move(b).build();
  }();
  return fabric;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static_cast<void>(ibatlas::looks_like_ndt_plan(text));
  static_cast<void>(ibatlas::not_a_plan_error(text, "fuzz"));
  try {
    ibatlas::NdtPlan plan = ibatlas::read_ndt_plan(text, "fuzz");
    static_cast<void>(ibatlas::ndt_cabling_plan(plan, director_fabric()));
  } catch (const ibatlas::Error&) {
    // Rejecting bad input with a message is the correct outcome.
  }
  return 0;
}
