#pragma once

// Private to src/routing: route symmetry for CA pairs. A route is a simple path, so its set
// of links identifies it; each set is hashed as the sum of one random 64-bit key per link
// (order-free, so the forward path and the reversed reverse path hash alike). Per CA LID the
// pass gives every switch's hash in O(switches); comparing a pair is then O(1).

#include <cstdint>
#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

class SymmetryAccumulator {
 public:
  SymmetryAccumulator(const AnalysisContext& context, std::size_t max_cells);

  bool enabled() const { return enabled_; }

  void add(const Destination& d, const DestinationPass& pass);
  RouteSymmetry finish() const;

 private:
  std::uint64_t link_key(std::uint32_t port) const;

  const AnalysisContext& context_;
  bool enabled_ = false;
  std::string note_;
  std::vector<std::uint32_t> leaf_of_switch_;  // switch -> row, or kNoSwitch
  std::vector<std::uint32_t> column_of_port_;  // CA source PortId -> column, or kNoPort
  std::vector<std::uint32_t> column_port_;     // column -> PortId
  std::vector<std::uint64_t> slot_key_;        // per slot of the view: its link's key
  std::vector<std::uint64_t> switch_hash_;     // per switch, current LID
  std::vector<std::uint64_t> table_;           // rows x columns; 0: not delivered
  std::size_t columns_ = 0;
};

}  // namespace ibatlas
