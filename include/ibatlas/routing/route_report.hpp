#pragma once

// Validating a fabric's forwarding tables (installed or computed): where every (source,
// destination LID) pair ends, over how many hops, how evenly links carry routes, whether the
// routes can deadlock (credit loops), and whether forward and reverse routes match.
// docs/routing.md defines every number.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// How a packet from a source to a destination LID ends. Everything but Delivered is a drop
// decided at one switch (the "culprit"), or a loop.
enum class RouteFate : std::uint8_t {
  Delivered,
  Loop,       // it comes back to a switch it passed
  NoEntry,    // a switch's table has no entry (255, or beyond its top) for the LID
  NoTable,    // a switch on the way has no forwarding table at all
  BadPort,    // an entry names a port the switch does not have
  DownPort,   // an entry's port has no working link (no cable, or not Active)
  WrongNode,  // it leaves the switches at a CA, router or switch port 0 that is not the LID's
};
constexpr std::size_t kRouteFates = 7;

std::string to_string(RouteFate fate);  // "delivered", "loop", "no entry", ...

// Pairs that end the same way at the same place, aggregated.
struct RouteDrop {
  RouteFate fate = RouteFate::NoEntry;
  NodeId at;                         // the culprit switch (for a loop: its lowest-id member)
  std::optional<std::uint8_t> port;  // BadPort, DownPort, WrongNode: the entry's port
  std::uint64_t pairs = 0;           // (source, LID) pairs lost here
  std::uint32_t lids = 0;            // destination LIDs lost here
  Lid example_lid = 0;
  std::vector<NodeId> cycle;  // Loop: the switches of the loop, in forwarding order
};

// A switch that forwards LIDs to a neighbour no closer to them: routes through it are
// longer than the shortest path.
struct RouteDetour {
  NodeId at;
  std::uint32_t lids = 0;
  Lid example_lid = 0;
};

struct RouteValidation {
  std::uint64_t pairs = 0;                         // (source, LID) pairs examined
  std::array<std::uint64_t, kRouteFates> fates{};  // by RouteFate
  std::uint64_t host_pairs = 0;                    // of pairs: CA/router source to CA/router LID
  std::uint64_t host_delivered = 0;                // of those, delivered
  std::uint64_t nonminimal = 0;                  // delivered over more hops than the shortest path
  std::vector<std::uint64_t> hop_histogram;      // [hops]: delivered pairs
  std::vector<std::uint64_t> min_hop_histogram;  // [hops]: pairs by shortest possible path
  std::vector<RouteDrop> drops;                  // most pairs first
  std::vector<RouteDetour> detours;              // most LIDs first
  std::size_t ca_sources = 0;                    // CA/router ports whose link reaches a switch
  std::size_t switch_sources = 0;                // switches with a working link
  std::size_t destinations = 0;                  // LIDs checked
  std::size_t unlinked_lids = 0;  // LIDs whose port cannot receive (no working link): skipped
  std::size_t switches_without_table = 0;
};

// Routes over one direction of a link: CA-to-CA routes leaving through `port`.
struct PortLoad {
  PortId port;
  std::uint64_t routes = 0;    // (CA source, CA/router LID) routes leaving through the port
  std::uint32_t lids = 0;      // switches: CA/router LIDs the table sends out this port
  std::optional<double> gbps;  // the link's active rate; absent when unknown
};

enum class LinkDirection : std::uint8_t { Up, Down, Lateral, ToHost, FromHost };
std::string to_string(LinkDirection direction);  // "up", "down", "lateral", "to host", "from host"

// Route counts per link direction of one tier ("leaf, up": leaves' uplinks).
struct TierLoad {
  std::optional<int> tier;  // the sending node's tier (0 = hosts); absent: no tier known
  LinkDirection direction = LinkDirection::Up;
  std::size_t ports = 0;
  std::uint64_t max_routes = 0;
  double mean_routes = 0;
  double max_per_gbps = 0;   // routes per Gb/s of the link's rate (bandwidth-aware)
  double mean_per_gbps = 0;  // over ports with a known rate
};

// A group of ports of one switch that should share routes evenly (its uplinks, or parallel
// cables to one neighbour) and do not.
struct ImbalancedGroup {
  NodeId at;
  std::string group;  // "uplinks", "links to spine03"
  std::vector<PortId> ports;
  std::uint32_t min_lids = 0;
  std::uint32_t max_lids = 0;
  double max_weighted = 0;  // LIDs scaled by (fastest rate in group / port's rate)
  double mean_weighted = 0;
};

// A degraded link (link.degraded) and the routes it carries.
struct DegradedLoad {
  PortId a;
  PortId b;
  std::uint64_t routes_ab = 0;
  std::uint64_t routes_ba = 0;
};

struct RouteBalance {
  std::vector<PortLoad> ports;  // every switch port with a working link, and CA ports
  std::vector<TierLoad> tiers;  // by tier, then direction
  std::vector<ImbalancedGroup> imbalanced;
  std::vector<DegradedLoad> degraded;
};

// A cycle of the channel dependency graph: each channel is the sending port of a
// switch-to-switch link on one VL; a route enters the next channel's switch on the previous
// one. One cycle per strongly connected component; `component` is that component's size in
// (channel, VL) vertices.
struct CreditLoop {
  std::vector<PortId> channels;
  std::size_t component = 0;
  std::vector<std::uint8_t> vls;  // the VL of each channel (one VL unless a table moves it)
};

// What the per-VL credit-loop analysis knew and what it assumed (docs/routing.md, "Credit
// loops per VL"): a path without an SL in the snapshot is taken to use SL 0; a hop through a
// switch whose SL-to-VL table for that (in, out) pair was not read, VL 0.
struct CreditLoopInputs {
  bool path_sls = false;                 // the snapshot holds path SLs
  bool sl_to_vl = false;                 // the snapshot holds SL-to-VL tables
  std::uint64_t paths = 0;               // CA-to-LID paths looked up (path_sls only)
  std::uint64_t paths_without_sl = 0;    // of those, without an SL: SL 0 assumed
  std::uint64_t hops_without_table = 0;  // (switch, in, out) without a table: VL 0 (sl_to_vl only)
};

struct RouteSymmetry {
  bool checked = false;  // false: skipped (see note)
  std::string note;
  std::uint64_t pairs = 0;       // unordered CA pairs routed both ways
  std::uint64_t asymmetric = 0;  // of those, pairs whose two routes use different links
  std::optional<std::pair<PortId, PortId>> example;
};

struct RouteReport {
  RouteValidation validation;
  RouteBalance balance;
  std::vector<CreditLoop> credit_loops;
  std::size_t channels = 0;       // switch-to-switch channels (sending ports)
  std::size_t virtual_lanes = 1;  // VLs that carry a channel dependency (at least 1)
  CreditLoopInputs credit_loop_inputs;
  RouteSymmetry symmetry;
};

struct RouteAnalysisOptions {
  bool balance = true;
  bool credit_loops = true;
  bool symmetry = true;
  // Symmetry keeps one 64-bit path hash per (leaf switch, CA LID); above this many it is
  // skipped (and says so) rather than use the memory.
  std::size_t symmetry_max_cells = std::size_t{1} << 27;
};

// Never throws. Linear in (switches x LIDs) plus the symmetry check's (CA ports)^2 / 2.
// Switches without a table drop every route (NoTable); a fabric without any table gives a
// report whose pairs all end NoTable.
RouteReport analyze_routes(const Fabric& fabric, const RouteAnalysisOptions& options);

}  // namespace ibatlas
