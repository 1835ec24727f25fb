#pragma once

// A cabling plan matched against a fabric's nodes and ports: check_plan (analysis/plan.hpp)
// and the cabling matrix (render/cabling_matrix.hpp) resolve plan names the same way.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct NodeNameMap;

// Plan names to nodes: "0x..." GUIDs first, then node-name-map names, then descriptions.
class NameResolver {
 public:
  NameResolver(const Fabric& fabric, const NodeNameMap* names);
  // The node `name` denotes; `matches` says how many nodes it could be (0: none, >1:
  // ambiguous, node absent).
  std::optional<NodeId> resolve(const std::string& name, std::size_t& matches) const;

 private:
  const Fabric& fabric_;
  std::unordered_map<std::string, std::vector<NodeId>> by_description_;
  std::unordered_map<std::string, Guid> by_mapped_name_;
};

struct MatchedEnd {
  const PlanEnd* plan = nullptr;
  std::optional<NodeId> node;  // the fabric node the plan name denotes
  std::size_t matches = 0;     // how many nodes the name could be
  std::optional<PortId> port;  // the fabric's record of that port, when it has one
  std::optional<PortId> peer;  // where that port's cable goes
};

struct MatchedCable {
  const PlannedCable* plan = nullptr;
  MatchedEnd a;
  MatchedEnd b;

  bool ambiguous() const { return a.matches > 1 || b.matches > 1; }

  bool in_place() const { return a.port && b.port && (a.peer == b.port || b.peer == a.port); }

  bool missing() const { return !a.peer && !b.peer; }
};

// A node's port as one number: node index << 8 | port number.
using PortKey = std::uint64_t;

inline PortKey port_key(NodeId node, std::uint8_t port) {
  return (std::uint64_t{node.value} << 8) | port;
}

std::vector<MatchedCable> match_plan(const Fabric& fabric, const CablingPlan& plan,
                                     const NameResolver& resolver);

}  // namespace ibatlas
