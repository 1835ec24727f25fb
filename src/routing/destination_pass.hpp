#pragma once

// Private to src/routing: the core of route validation. Routing is by destination, so for one
// destination LID the switches' entries form a functional graph (each switch names at most
// one next switch). One pass over it settles, for every switch at once, how a packet from
// that switch to the LID ends and over how many hops: O(switches) per LID, each switch's
// table entry read once, instead of walking every (source, LID) path.

#include <cstdint>
#include <vector>

#include "ibatlas/routing/route_report.hpp"

#include "routing/route_view.hpp"

namespace ibatlas {

class DestinationPass {
 public:
  explicit DestinationPass(const RouteView& view);

  // Settles every switch for `d`. Afterwards the accessors describe d until the next run.
  void run(const Destination& d);

  RouteFate fate(std::uint32_t s) const { return fate_[s]; }

  // Delivered: links from s to the destination node. Otherwise links to the culprit.
  std::uint32_t hops(std::uint32_t s) const { return hops_[s]; }

  // The switch s forwards to, or kNoSwitch (it delivers, drops, or exits to a CA).
  std::uint32_t next(std::uint32_t s) const { return next_[s]; }

  // The port s's entry names (meaningful when s forwards, delivers to a CA, or drops on it).
  std::uint8_t out(std::uint32_t s) const { return out_[s]; }

  // The switch where s's packet is dropped; for a loop, the loop's lowest-index switch.
  std::uint32_t culprit(std::uint32_t s) const { return culprit_[s]; }

  // Delivered switches in order of increasing hops (each after the switch it forwards to).
  const std::vector<std::uint32_t>& delivered_order() const { return order_; }

  std::uint32_t max_hops() const { return max_hops_; }

  // The loops found in this run: each the switches of one cycle in forwarding order, first
  // the culprit's.
  const std::vector<std::vector<std::uint32_t>>& cycles() const { return cycles_; }

 private:
  enum class Mark : std::uint8_t { Unseen, OnChain, Settled };

  // One switch's own decision: a terminal fate, or a next switch.
  struct Step {
    bool terminal = false;
    RouteFate fate = RouteFate::Delivered;
    std::uint32_t hops = 0;
    std::uint32_t next = kNoSwitch;
    std::uint8_t out = 0;
  };

  Step step(std::uint32_t s, const Destination& d) const;
  void walk(std::uint32_t start, const Destination& d);
  void settle_loop(std::size_t from);
  void settle_chain(std::size_t end);
  void order_delivered();

  const RouteView& view_;
  std::vector<RouteFate> fate_;
  std::vector<std::uint32_t> hops_;
  std::vector<std::uint32_t> next_;
  std::vector<std::uint8_t> out_;
  std::vector<std::uint32_t> culprit_;
  std::vector<Mark> mark_;
  std::vector<std::uint32_t> chain_;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> bucket_;
  std::vector<std::vector<std::uint32_t>> cycles_;
  std::uint32_t max_hops_ = 0;
};

}  // namespace ibatlas
