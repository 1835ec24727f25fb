#pragma once

// Private to src/routing: routes per port and the channel dependencies, over every
// destination's pass. Inflow: how many CA sources' routes to the LID pass each switch,
// summed from the farthest switches inwards (the pass orders them by hops).

#include <array>
#include <cstdint>
#include <vector>

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

class LoadAccumulator {
 public:
  LoadAccumulator(const AnalysisContext& context, bool dependencies);

  void add(const Destination& d, const DestinationPass& pass);

  // Per slot of the view: CA-to-CA routes leaving by that switch port, and CA/router LIDs
  // the switch's table sends out of it.
  const std::vector<std::uint64_t>& routes() const { return routes_; }

  const std::vector<std::uint32_t>& lids() const { return lids_; }

  // Per CA source: routes leaving by its own port (CA-to-CA, delivered).
  std::vector<std::uint64_t> source_routes() const;

  // Channel dependencies: for the switch-to-switch channel leaving by slot c, bit q of
  // depends(c) says some delivered route continues on the next switch's port q.
  using PortMask = std::array<std::uint64_t, 4>;

  const std::vector<PortMask>& dependencies() const { return depends_; }

 private:
  const AnalysisContext& context_;
  bool track_dependencies_;
  std::vector<std::uint64_t> inflow_;        // per switch, for the current LID
  std::vector<std::uint64_t> routes_;        // per slot
  std::vector<std::uint32_t> lids_;          // per slot
  std::vector<std::uint64_t> delivered_ca_;  // per switch: CA LIDs it delivers
  std::vector<bool> own_delivered_;          // per CA source
  std::vector<PortMask> depends_;            // per slot
};

}  // namespace ibatlas
