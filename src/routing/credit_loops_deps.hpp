#pragma once

// Private to src/routing: the channel dependencies of delivered CA-to-CA routes, per virtual
// lane. A route from CA source c to LID d uses the path's SL (the snapshot's path SLs; SL 0
// when it has none), and on each switch the VL its SL-to-VL table gives for (input port,
// output port, SL) (VL 0 when it has no table; VL 15 drops the packet). A dependency is from
// (channel, VL) to (next channel, VL there), where a channel is a switch-to-switch link's
// sending port.
//
// Routing is by destination, so one pass per LID suffices: SLs and VLs are sets of bits per
// switch, pushed from the farthest switches inwards as the load accumulator pushes counts.

#include <array>
#include <cstdint>
#include <span>
#include <unordered_set>
#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

constexpr std::uint8_t kDropVl = 15;

using Vls = std::array<std::uint8_t, 16>;  // the VL of each SL

// The SL-to-VL tables of the view's switches, by (switch, in port, out port).
class VlMap {
 public:
  explicit VlMap(const RouteView& view);

  bool empty() const { return tables_.empty(); }

  // VLs 0 .. lanes() - 1 are in use in some table (1 without tables).
  std::uint32_t lanes() const { return lanes_; }

  // The VLs of every SL through switch s from `in` to `out`: the table's, all 0 without one
  // (counted once per (s, in, out) in missing()).
  const Vls& table(std::uint32_t s, std::uint8_t in, std::uint8_t out);

  // Switch s's one table (find_uniform), or nullptr: then ask table() per pair.
  const Vls* uniform(std::uint32_t s) const { return tables_.empty() ? &kAllVl0 : uniform_[s]; }

  std::uint64_t missing() const { return missing_; }

 private:
  void find_uniform(std::uint32_t s);

  static constexpr Vls kAllVl0{};
  static constexpr std::uint32_t kNone = 0xffffffff;
  static constexpr std::uint32_t kNoneSeen = 0xfffffffe;

  const RouteView& view_;
  std::span<const SlToVlTable> tables_;
  std::vector<std::uint32_t> base_;   // per switch: its first entry in index_
  std::vector<std::uint32_t> index_;  // per (switch, in, out): index into tables_, or kNone
  // Per switch: its one table when every pair a route can use (in: port 0 or a cabled port,
  // out: another cabled port) has a table and all are equal, as opensm programs them; else
  // nullptr. Routes touch a switch per LID, so this keeps the lookups in cache.
  std::vector<const Vls*> uniform_;
  std::uint32_t lanes_ = 1;
  std::uint64_t missing_ = 0;
};

struct VlDependencies {
  std::uint32_t lanes = 1;
  // Per switch-to-switch channel (a slot of the view): where its entries start in `same`, one
  // per port of the switch its cable reaches (0 .. that switch's port count); kNoChannel for
  // a slot that is no channel.
  std::vector<std::uint32_t> same_base;
  // Bit v of same[same_base[slot] + q]: a route leaves by (slot, VL v) and goes on by port q
  // of the next switch on VL v too.
  std::vector<std::uint16_t> same;
  // Dependencies that change VL: (slot * 16 + VL) << 32 | (next slot * 16 + VL there).
  std::unordered_set<std::uint64_t> cross;
  CreditLoopInputs inputs;
};

constexpr std::uint32_t kNoChannel = 0xffffffff;

class VlDependencyAccumulator {
 public:
  explicit VlDependencyAccumulator(const AnalysisContext& context);

  void add(const Destination& d, const DestinationPass& pass);

  VlDependencies finish() &&;

 private:
  const std::uint8_t* sl_column(Lid destination);
  void load_block(Lid first);
  void enter_sources(std::uint32_t s, std::uint8_t out, const Destination& d);
  void pass_on(std::uint32_t s, std::uint8_t out, std::uint32_t next, std::uint8_t next_out);

  const AnalysisContext& context_;
  VlMap vl_map_;
  bool per_source_ = false;  // path SLs or SL-to-VL tables: each source's VL may differ
  std::vector<std::uint32_t> first_source_;  // per switch: its CA sources in sources_at_
  std::vector<std::uint32_t> sources_at_;    // indexes into context.sources, by switch
  std::vector<const PathSlRow*> rows_;       // per CA source: its path SLs, or nullptr
  static constexpr Lid kBlock = 64;
  std::vector<std::uint8_t> block_;        // [LID - block_first_][source]: SL or kUnknown
  Lid block_first_ = 1;                    // never a block's first LID (those are multiples of 64)
  std::vector<std::uint8_t> peer_number_;  // per slot: the port number at the link's far end
  std::vector<std::uint16_t> sls_;         // per switch, for the current LID: SLs passing
  std::vector<std::uint16_t> vls_;         // per (switch, SL): VLs leaving on its channel
  VlDependencies deps_;
};

}  // namespace ibatlas
