#include "ibatlas/routing/minhop.hpp"

#include "routing/hop_matrix.hpp"
#include "routing/lft_builder.hpp"
#include "routing/minhop_hops.hpp"

namespace ibatlas {

CandidateTable minhop_candidates(const RouteView& view, const HopMatrix& hops) {
  // opensm's iterated neighbour relaxation (ucast_mgr_process_neighbors) converges to
  // hops[t][s][p] = 1 + least(peer of p, t): plain breadth-first distances.
  CandidateTable table(view.switch_count(), max_switch_port(view));
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    for (std::uint32_t t = 0; t < view.switch_count(); ++t) {
      std::uint8_t least = hops.at(s, t);
      table.set_least(s, t, least);
      if (least == HopMatrix::kUnreachable || s == t) {
        continue;
      }
      for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
        std::uint32_t r = view.at(s, p).peer_switch;
        if (r != kNoSwitch && r != s && hops.at(r, t) + 1U == least) {
          table.add(s, t, p);
        }
      }
    }
  }
  return table;
}

std::vector<ForwardingTable> compute_minhop(const Fabric& fabric) {
  RouteView view(fabric, LinkRule::Cabled);
  HopMatrix hops(view);
  return build_tables(view, minhop_candidates(view, hops));
}

}  // namespace ibatlas
