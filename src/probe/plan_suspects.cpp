// Suspects from findings: the cables that checks blamed. A finding names ends by node GUID
// and port number (what survives a saved findings file), so each is looked up again here.

#include <set>

#include "ibatlas/probe/plan.hpp"

namespace ibatlas {

namespace {

std::optional<PortId> resolve(const Fabric& fabric, const Endpoint& end) {
  if (!end.node_guid || !end.port) {
    return std::nullopt;
  }
  std::optional<NodeId> node = fabric.find_node(*end.node_guid);
  return node ? fabric.find_port(*node, *end.port) : std::nullopt;
}

// A port that names no peer is on no cable: nothing to probe, and nothing to say.
bool port_without_cable(const Fabric& fabric, const Finding& f) {
  std::optional<PortId> here = resolve(fabric, f.location.here);
  return f.location.kind == LocationKind::Port && !f.location.peer && here &&
         !fabric.port(*here).peer;
}

// The cable a finding is on, both ends naming each other; nullopt when it names none. A
// port finding's other end is the peer the finding names, else the fabric's.
std::optional<std::pair<PortId, PortId>> cable_of(const Fabric& fabric, const Finding& f) {
  std::optional<PortId> here = resolve(fabric, f.location.here);
  if (!here) {
    return std::nullopt;
  }
  std::optional<PortId> there =
      f.location.peer ? resolve(fabric, *f.location.peer) : fabric.port(*here).peer;
  if (!there || *there == *here || fabric.port(*there).peer != here ||
      fabric.port(*here).peer != there) {
    return std::nullopt;
  }
  return std::make_pair(*here, *there);
}

}  // namespace

std::vector<SuspectLink> suspects_from_findings(const Fabric& fabric,
                                                std::span<const Finding> findings, Severity level,
                                                std::vector<std::string>& notes) {
  std::vector<SuspectLink> out;
  std::set<std::uint32_t> cables;  // lower PortId of each cable taken
  for (const Finding& f : findings) {
    bool on_cable = f.location.kind == LocationKind::Link || f.location.kind == LocationKind::Port;
    if (!reaches(f.severity, level) || !on_cable || port_without_cable(fabric, f)) {
      continue;
    }
    std::optional<std::pair<PortId, PortId>> cable = cable_of(fabric, f);
    if (!cable) {
      notes.push_back(f.check + " at " + to_string(f.location) +
                      ": names no cable of this fabric, not probed");
      continue;
    }
    if (cables.insert(std::min(cable->first.value, cable->second.value)).second) {
      out.push_back(SuspectLink{cable->first, cable->second, f.check});
    }
  }
  return out;
}

}  // namespace ibatlas
