#pragma once

// Link width and speed against what the two ends can do (docs/checks.md):
//   link.degraded  active below the best that BOTH ends' enabled ∩ supported sets allow:
//                  the ends agreed to more, the cable or a lane did not deliver (hardware).
//   link.capped    active equals that best, but an end's ENABLED set stops below a
//                  width/speed both ends support (configuration). Only widths and speeds that
//                  some port of the fabric enables count: a value no port enables is the
//                  fabric's policy (and ibsim claims 8x/12x support on every port).
//   link.unexpected  active below --expect-width/--expect-speed or, without them, below the
//                  width/speed most links of the same tier pair run at (the per-tier policy),
//                  and not already explained by link.degraded or link.capped.
//   link.unknown_capability  once per fabric, when some links lack enabled or supported sets
//                  (ibnetdiscover dumps have neither): says for how many links degraded and
//                  capped cannot be concluded, and how many run below what both ends support.

#include <optional>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

std::vector<Finding> check_link_speed(const Fabric& fabric, const Tiers& tiers,
                                      const AuditOptions& options);

// The per-tier policy: for links between tiers (low, high), the width and the speed that at
// least three quarters of them run at. A tier pair with fewer than four links with a known
// rate borrows the fabric-wide policy; links to aggregation nodes have none.
struct RatePolicy {
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
};

// Computed once per fabric; holds references to both arguments, which must outlive it.
class TierPolicy {
 public:
  TierPolicy(const Fabric& fabric, const Tiers& tiers);
  // The policy for the link one of whose ends is `port`. REQUIRES: port has a peer.
  RatePolicy for_link(PortId port) const;

 private:
  int group_of(PortId port) const;
  const Fabric& fabric_;
  const Tiers& tiers_;
  std::vector<RatePolicy> by_group_;  // indexed by group_of
  RatePolicy fabric_wide_;
};

}  // namespace ibatlas
