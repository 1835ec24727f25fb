#pragma once

// Private to src/routing: what opensm's unicast manager does once an engine has its hop
// tables (osm_ucast_mgr.c ucast_mgr_build_lfts, osm_switch.c osm_switch_recommend_path,
// opensm 3.3.23, with the default options: no LMC-aware system spreading, no port shifting,
// no scatter, no routing-order or port-profile files).
//
// Engines give, for every (switch s, destination switch t), the least hop count and the set
// of s's ports on a least-hop path (CandidateTable). The builder then visits end ports in
// opensm's order and gives each LID the candidate port that has carried the fewest CA/router
// LIDs so far on that switch, the lowest port number winning ties.

#include <cstdint>
#include <vector>

#include "ibatlas/fabric.hpp"

#include "routing/route_view.hpp"

namespace ibatlas {

class CandidateTable {
 public:
  static constexpr std::uint8_t kNoPath = 255;

  CandidateTable(std::uint32_t switches, std::uint32_t max_port);

  std::uint8_t least(std::uint32_t s, std::uint32_t t) const { return least_[cell(s, t)]; }

  bool has(std::uint32_t s, std::uint32_t t, std::uint32_t port) const {
    return (mask_[cell(s, t) * words_ + port / 64U] >> (port % 64U)) & 1U;
  }

  const std::uint64_t* mask(std::uint32_t s, std::uint32_t t) const {
    return &mask_[cell(s, t) * words_];
  }

  std::uint32_t words() const { return words_; }

  void set_least(std::uint32_t s, std::uint32_t t, std::uint8_t hops) { least_[cell(s, t)] = hops; }

  void add(std::uint32_t s, std::uint32_t t, std::uint32_t port) {
    mask_[cell(s, t) * words_ + port / 64U] |= std::uint64_t{1} << (port % 64U);
  }

 private:
  std::size_t cell(std::uint32_t s, std::uint32_t t) const {
    return static_cast<std::size_t>(s) * n_ + t;
  }

  std::uint32_t n_;
  std::uint32_t words_;
  std::vector<std::uint8_t> least_;
  std::vector<std::uint64_t> mask_;
};

// The key opensm's GUID tables (cl_qmap) sort a GUID by: the GUID byte-swapped on a
// little-endian host.
std::uint64_t opensm_key(Guid guid);

// The highest port number of any switch in the view.
std::uint32_t max_switch_port(const RouteView& view);

// opensm's port_order_list: end ports of switches with the most end ports first (switches in
// opensm's GUID table order, which on little-endian hosts sorts GUIDs byte-swapped), then
// every remaining port (switch port 0s included) in port GUID table order. Ports without a
// LID are left out (opensm skips them).
std::vector<PortId> opensm_port_order(const RouteView& view);

// One table per switch of the view, sized to the highest LID + 1, unrouted entries kNoRoute.
std::vector<ForwardingTable> build_tables(const RouteView& view, const CandidateTable& hops);

}  // namespace ibatlas
