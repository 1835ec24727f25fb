#pragma once

// Computing forwarding tables for a fabric (what-if and reference): the engine by name, and
// the fabric with the computed tables in place of any it had.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

enum class RoutingEngine : std::uint8_t { Minhop, Updn, Ftree };

std::string to_string(RoutingEngine engine);  // "minhop", "updn", "ftree"
std::optional<RoutingEngine> parse_routing_engine(std::string_view text);  // the same names

struct ComputeOptions {
  RoutingEngine engine = RoutingEngine::Minhop;
  std::vector<Guid> roots;  // updn: root switch GUIDs; empty: detected as opensm does
};

struct ComputeResult {
  Fabric fabric;                               // the input with exactly the computed tables
  RoutingEngine used = RoutingEngine::Minhop;  // updn without roots, ftree on a fabric that is
                                               // not a fat-tree: minhop, as opensm falls back
  std::vector<NodeId> roots;                   // updn's roots
  std::vector<std::string> notes;
};

// Never throws.
ComputeResult compute_routes(const Fabric& fabric, const ComputeOptions& options);

}  // namespace ibatlas
