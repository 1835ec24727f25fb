#pragma once

// Private to src/routing: min-hop candidate ports, shared by minhop and by up/down's root
// detection.

#include "routing/hop_matrix.hpp"
#include "routing/lft_builder.hpp"

namespace ibatlas {

// For every (s, t): least = hops.at(s, t), candidates = s's ports whose neighbour switch is
// one hop closer to t.
CandidateTable minhop_candidates(const RouteView& view, const HopMatrix& hops);

}  // namespace ibatlas
