#pragma once

// Private to src/ar: the AR path walk toward one LID (ar_paths.cpp runs it once per class of
// LIDs that every switch treats alike).
//
// Every AR choice from every checked switch toward the LID, as ibdm's ARTraceRouteByLFT walks
// them. An adaptive entry may leave by any port of its group, a Static one by its
// DefaultPort; a switch without checked AR state forwards by its plain LFT. A branch dies at
// a port that leads nowhere, at a CA port that does not own the LID, at port 0 of a switch
// that does not own it, or at a switch with no entry; it loops when it comes back to a
// switch already on it. Each switch is walked once per LID (colours), so a walk costs
// O(switches x group size), and each fault is one Event at the switch whose choice fails.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {

// What a switch does with a LID: the ports it may leave by (a single one held in `one`), or
// `why` it cannot go on (then ports is empty and why is not null). No ports and no reason:
// the switch falls back to a plain LFT that was not read, so where it sends the LID is
// unknown and the walk stops there without a finding.
struct Choice {
  std::span<const std::uint8_t> ports;
  std::uint8_t one = 0;
  const char* why = nullptr;
};

struct PathEvent {
  std::uint32_t sw = 0;  // NodeId value: the switch whose choice fails
  bool loop = false;     // else a dead end
  std::string detail;    // "port 2 leads nowhere"
};

class Walker {
 public:
  explicit Walker(const Context& c);

  // REQUIRES: `choice` is not copied or moved before its ports are read (they may point at
  // its own `one`).
  void choose(std::uint32_t sw, Lid lid, Choice& choice) const;

  // What choose() would do, as one number, read straight from the tables (this runs once
  // per switch and LID): equal numbers, equal choices. An adaptive entry is known by its
  // (table, group), a single port by its number, a dead end by its reason.
  std::uint64_t signature(std::uint32_t sw, Lid lid) const;

  // Walks toward `lid`, owned by `owner`, from every checked switch. events() lists what
  // failed, in walk order.
  void walk(Lid lid, PortId owner);

  const std::vector<PathEvent>& events() const { return events_; }

 private:
  enum class Colour : std::uint8_t { New, OnPath, Good, DiesUnblamed };

  Colour visit(std::uint32_t sw);
  void follow(std::uint32_t sw, std::uint8_t port);
  void close_loop(std::uint32_t sw, std::uint32_t to, std::uint8_t port);
  void fail(std::uint32_t sw, bool loop, std::string detail);

  const Context& c_;
  // The AR LFT entry choose() follows, and whether it has to fall back to the plain LFT.
  const ArLftEntry* ar_entry(std::uint32_t sw, Lid lid, bool& fall_back) const;

  // Per NodeId of a switch: where in next_ its ports start. next_[first_[sw] + port] is the
  // NodeId value of the switch that port leads to, kNotSwitch otherwise: the walk's common
  // step (an edge to a switch already walked) then costs two reads.
  static constexpr std::uint32_t kNotSwitch = 0xffffffff;
  std::vector<std::uint32_t> first_;
  std::vector<std::uint32_t> next_;
  std::vector<const ForwardingTable*> plain_;  // per NodeId
  std::vector<const ArLft*> ar_lft_;           // per NodeId: pLFT 0 of a checked switch
  std::vector<Colour> colour_;                 // per NodeId, for the current LID
  std::vector<std::uint32_t> path_;
  std::vector<PathEvent> events_;
  Lid lid_ = 0;
  PortId owner_;
  std::uint32_t owner_node_ = 0;
};

}  // namespace ibatlas::ar_detail
