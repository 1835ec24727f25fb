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
#include <map>
#include <span>
#include <unordered_set>
#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

constexpr std::uint8_t kDropVl = 15;

using Vls = std::array<std::uint8_t, 16>;  // the VL of each SL

// One SL-to-VL table's contents, and the same as bits: a hop pushes every SL at once.
struct VlTable {
  Vls vl{};
  std::array<std::uint16_t, 16> bit{};  // per SL: 1 << its VL, or 0 when the table drops it
  std::uint16_t kept = 0;               // the SLs it does not drop
};

// The SL-to-VL tables of the view's switches, by (switch, in port, out port). Each distinct
// table is held once (opensm programs the same one nearly everywhere).
class VlMap {
 public:
  explicit VlMap(const RouteView& view);

  bool empty() const { return !has_tables_; }

  // VLs 0 .. lanes() - 1 are in use in some table (1 without tables).
  std::uint32_t lanes() const { return lanes_; }

  // The table through switch s from `in` to `out`: all SLs on VL 0 without one (counted
  // once per (s, in, out) in missing()).
  const VlTable& table(std::uint32_t s, std::uint8_t in, std::uint8_t out);

  // Switch s's one table (find_uniform), or nullptr: then ask table() per pair.
  const VlTable* uniform(std::uint32_t s) const;

  std::uint64_t missing() const { return missing_; }

 private:
  std::uint32_t intern(const Vls& vl);
  void find_uniform(std::uint32_t s);

  static constexpr std::uint32_t kAllVl0 = 0;  // distinct_[0]: every SL on VL 0
  static constexpr std::uint32_t kNone = 0xffffffff;
  static constexpr std::uint32_t kNoneSeen = 0xfffffffe;

  const RouteView& view_;
  bool has_tables_ = false;
  std::vector<VlTable> distinct_;
  std::map<Vls, std::uint32_t> id_of_;  // per distinct table: its index in distinct_
  std::vector<std::uint32_t> base_;     // per switch: its first entry in index_
  std::vector<std::uint32_t> index_;    // per (switch, in, out): index into distinct_, or kNone
  // Per switch: its one table when every pair a route can use (in: port 0 or a cabled port,
  // out: another cabled port) has a table and all are equal, as opensm programs them; else
  // kNone. Routes touch a switch per LID, so this keeps the lookups in cache.
  std::vector<std::uint32_t> uniform_;
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
  std::uint16_t source_sls(std::uint32_t s, const std::uint8_t* column, std::uint32_t self);
  void enter_each_source(std::uint32_t s, std::uint8_t out, const std::uint8_t* column,
                         std::uint32_t self);
  void pass_on(std::uint32_t s, std::uint8_t out, std::uint32_t next, std::uint8_t next_out);
  void pass_on_cross(std::uint32_t s, std::uint32_t from, std::uint32_t to, const VlTable& t);

  const AnalysisContext& context_;
  VlMap vl_map_;
  bool per_source_ = false;  // path SLs or SL-to-VL tables: each source's VL may differ
  // The CA sources by switch: position k in sources_at_ holds an index into context.sources;
  // switch s's are at first_source_[s] .. first_source_[s + 1] - 1.
  std::vector<std::uint32_t> first_source_;
  std::vector<std::uint32_t> sources_at_;
  std::vector<std::uint32_t> position_;  // per CA source: its k
  std::vector<const PathSlRow*> rows_;   // per k: its path SLs, or nullptr
  static constexpr Lid kBlock = 64;
  std::vector<std::uint8_t> block_;        // [LID - block_first_][k]: SL or kUnknown
  Lid block_first_ = 1;                    // never a block's first LID (those are multiples of 64)
  std::vector<std::uint8_t> peer_number_;  // per slot: the port number at the link's far end
  std::vector<std::uint16_t> sls_;         // per switch, for the current LID: SLs passing
  std::vector<std::uint16_t> vls_;         // per (switch, SL): VLs leaving on its channel
  VlDependencies deps_;
};

}  // namespace ibatlas
