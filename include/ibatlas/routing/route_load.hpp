#pragma once

// Route load per link direction, against the fair share of its tier: what route.imbalance
// judges (docs/routing.md, "Load"; docs/checks.md).
//
// A link direction's load is the number of (CA source, CA/router LID) routes crossing it,
// delivered ones only (RouteBalance::ports, summed per destination in the in-tree the tables
// form toward it). Switch-to-switch links only: a host's own cable carries every route to and
// from that host whatever the tables say. Links are grouped by the sending switch's tier and
// the direction (leaf up, spine down, ...). The group's fair share per Gb/s is its routes over
// its Gb/s (sum over sum: the load per Gb/s if the group's routes were spread in proportion
// to rate); a link's share is its routes per Gb/s over that. 1.0 is exactly fair; a 1x link
// carrying as many routes as its 4x siblings has about 4. When a link of the group has no
// known rate, the group is judged by route counts alone.

#include <cstdint>
#include <optional>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace ibatlas {

// A link direction carrying at least this many times its fair share is hot: with uniform
// all-to-all traffic it saturates while its group is half used, so the whole tier delivers
// at most half its bandwidth to the routes through it.
constexpr double kHotLinkShare = 2.0;

struct LinkLoad {
  PortId from;              // the sending switch port
  PortId to;                // the receiving switch port
  std::optional<int> tier;  // the sending switch's tier; absent when unknown
  LinkDirection direction = LinkDirection::Lateral;
  std::uint64_t routes = 0;    // CA-to-CA routes leaving by `from`
  std::optional<double> gbps;  // the link's active rate
  double share = 0;            // routes per Gb/s over the group's fair share (see above)
  bool hot = false;            // share >= the threshold, in a group of 2 or more links
};

// The group a link is judged in, with its totals.
struct LoadGroup {
  std::optional<int> tier;
  LinkDirection direction = LinkDirection::Lateral;
  std::size_t links = 0;
  std::uint64_t routes = 0;
  double gbps = 0;     // sum of rates; 0 when judged by counts
  bool rated = false;  // every link's rate known: shares are per Gb/s
  double fair = 0;     // routes per Gb/s (or per link when not rated) of a fair share
  double max_share = 0;
};

struct RouteLoad {
  std::vector<LinkLoad> links;    // every switch-to-switch link direction, by `from`
  std::vector<LoadGroup> groups;  // by tier (absent last), then direction
  double threshold = kHotLinkShare;
};

// From analyze_routes' balance (RouteAnalysisOptions::balance on). O(ports + nodes).
// Never throws.
RouteLoad route_loads(const Fabric& fabric, const RouteBalance& balance,
                      double threshold = kHotLinkShare);

}  // namespace ibatlas
