// attach_far: a .far dump's AR tables put into a copy of a fabric, matched by node GUID (the
// only name the dump has). A dump from another fabric or another sweep is still attached
// where GUIDs match; what does not match on either side becomes a finding, because a switch
// silently without AR state would pass every AR check.

#include <string>
#include <utility>
#include <vector>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/far.hpp"

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

SwitchAr switch_ar(NodeId node, const FarSwitch& dumped) {
  SwitchAr ar;
  ar.switch_node = node;
  ar.support = ArSupport::Supported;
  ar.legacy_lft = false;
  ar.lfts = dumped.lfts;
  ar.groups = dumped.groups;
  return ar;
}

Finding unknown_switch(const FindingFactory& make, const FarSwitch& dumped, std::string_view name) {
  const Fabric& fabric = make.fabric();
  std::optional<NodeId> node = fabric.find_node(dumped.guid);
  std::string guid = text::guid_text(dumped.guid);
  Finding f = make.at_fabric("ar.unknown_switch");
  f.measured = guid;
  f.expected = "a switch of the fabric";
  f.message = std::string(name) + ":" + std::to_string(dumped.line) + ": the AR dump names " +
              guid +
              (node ? ", a " + to_string(fabric.node(*node).type) + " in the fabric, not a switch"
                    : ", which the fabric does not hold") +
              "; its AR tables are not checked";
  f.hint = "check that the dump and the fabric come from the same fabric and the same sweep";
  return f;
}

Finding not_in_dump(const FindingFactory& make, NodeId node, std::string_view name) {
  Finding f = make.at_node("ar.not_in_dump", node);
  f.measured = "absent";
  f.expected = "in " + std::string(name);
  f.message = "switch " + make.name(node) + " (" + text::guid_text(make.fabric().node(node).guid) +
              ") is not in the AR dump " + std::string(name) + ": its AR state is unknown";
  f.hint = "rerun ibdiagnet with -r on the whole fabric, or read AR live with --ar";
  return f;
}

}  // namespace

FarAttachResult attach_far(const Fabric& fabric, const FarDump& dump, std::string_view name) {
  FindingFactory make(fabric, nullptr);
  FarAttachResult result;
  std::vector<bool> dumped(fabric.nodes().size(), false);
  FabricBuilder builder = from_fabric(fabric);
  for (const FarSwitch& s : dump.switches) {
    std::optional<NodeId> node = fabric.find_node(s.guid);
    if (!node || fabric.node(*node).type != NodeType::Switch) {
      result.findings.push_back(unknown_switch(make, s, name));
      continue;
    }
    dumped[node->value] = true;
    builder.set_switch_ar(switch_ar(*node, s));
  }
  for (std::uint32_t n = 0; n < fabric.nodes().size(); ++n) {
    if (fabric.node(NodeId{n}).type == NodeType::Switch && !dumped[n]) {
      result.findings.push_back(not_in_dump(make, NodeId{n}, name));
    }
  }
  result.fabric = std::move(builder).build();
  return result;
}

}  // namespace ibatlas
