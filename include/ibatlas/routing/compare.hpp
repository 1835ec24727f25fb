#pragma once

// Two sets of forwarding tables for one fabric, entry by entry: the tables an engine computes
// against the tables a switch holds (or two engines, or two sweeps).

#include <cstdint>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct TableDifference {
  NodeId sw;
  Lid lid = 0;
  std::uint8_t port_a = 0;
  std::uint8_t port_b = 0;
  std::uint32_t hops_a = 0;  // links from the switch to the LID's port along a's tables
  std::uint32_t hops_b = 0;
};

struct TableComparison {
  std::uint64_t entries = 0;                      // (switch, destination LID) entries compared
  std::uint64_t both = 0;                         // entries delivered under both
  std::uint64_t same_hops = 0;                    // of `both`: equally many hops
  std::uint64_t same_port = 0;                    // of `both`: the same out port
  std::uint64_t only_a = 0;                       // delivered under a only
  std::uint64_t only_b = 0;                       // delivered under b only
  std::vector<TableDifference> hop_differences;   // the first 20
  std::vector<TableDifference> port_differences;  // the first 20
};

// Every switch with a working link against every LID that can receive (as analyze_routes
// chooses them), the switch's own LID excluded. REQUIRES: a and b hold the same nodes, ports
// and cables (ids equal); only their tables differ. Never throws.
TableComparison compare_tables(const Fabric& a, const Fabric& b);

}  // namespace ibatlas
