#pragma once

// Private to src/routing: routes per port, over every destination's pass. Inflow: how many CA
// sources' routes to the LID pass each switch, summed from the farthest switches inwards (the pass
// orders them by hops).

#include <cstdint>
#include <vector>

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

class LoadAccumulator {
 public:
  explicit LoadAccumulator(const AnalysisContext& context);

  void add(const Destination& d, const DestinationPass& pass);

  // Per slot of the view: CA-to-CA routes leaving by that switch port, and CA/router LIDs
  // the switch's table sends out of it.
  const std::vector<std::uint64_t>& routes() const { return routes_; }

  const std::vector<std::uint32_t>& lids() const { return lids_; }

  // Per CA source: routes leaving by its own port (CA-to-CA, delivered).
  std::vector<std::uint64_t> source_routes() const;

 private:
  const AnalysisContext& context_;
  std::vector<std::uint64_t> inflow_;        // per switch, for the current LID
  std::vector<std::uint64_t> routes_;        // per slot
  std::vector<std::uint32_t> lids_;          // per slot
  std::vector<std::uint64_t> delivered_ca_;  // per switch: CA LIDs it delivers
  std::vector<bool> own_delivered_;          // per CA source
};

}  // namespace ibatlas
