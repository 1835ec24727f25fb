#pragma once

// Links that kept their cable but changed active width or speed: link.degraded (lower) and
// link.restored (higher). The comparison is shared with history's slow-degradation tracking.

#include <optional>
#include <string>
#include <vector>

#include "ibatlas/diff/change.hpp"
#include "ibatlas/diff/node_match.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct LinkRate {
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
  friend bool operator==(const LinkRate&, const LinkRate&) = default;
};

// The active width and speed of the link at `port`: the lower of the two ends' values when
// they disagree, the one end's value when only one tells, absent when neither does.
// REQUIRES: fabric.is_link(port).
LinkRate link_rate(const Fabric& fabric, PortId port);

// "4x EDR"; a part nobody knows is left out ("4x"), "unknown" when both are.
std::string to_string(const LinkRate& rate);

// < 0 when `after` is lower than `before`, > 0 when higher, 0 when equal or not comparable.
// Only what both know is compared. When width and speed moved in opposite directions the
// data rate (lanes x lane rate) decides; at equal data rate the width does.
int compare_rates(const LinkRate& before, const LinkRate& after);

// One change per link whose cable is the same in both snapshots (both nodes matched, same
// far port) and whose rate compares lower or higher; `at` is the link's end with the lower
// (node GUID, port), peer_before = peer_after the other end.
std::vector<Change> diff_link_rates(const Fabric& before, const Fabric& after,
                                    const NodeMatch& match);

}  // namespace ibatlas
