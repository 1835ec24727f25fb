#pragma once

// Probe plans (docs/probe.md, "Plan"): which host pairs to measure so that every suspect link
// is crossed by probes and compared against control probes that avoid every suspect, and in
// which rounds they run so that no two concurrent probes share a cable or a host. Pure: the
// snapshot and its forwarding tables in, a plan out; nothing here opens a socket.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// A cable to test, by its two ends (ports that name each other). Direction 0 is a -> b,
// direction 1 is b -> a.
struct SuspectLink {
  PortId a;
  PortId b;
  std::string reason;  // the finding's check id ("link.degraded"), or "--link"

  // The sending and the receiving end in `direction` (0: a -> b, 1: b -> a).
  PortId sender(int direction) const { return direction == 0 ? a : b; }

  PortId receiver(int direction) const { return direction == 0 ? b : a; }
};

// One probe: ping-pongs from the CA port `from` to the CA port `to`, the request addressed to
// `dlid` (one of `to`'s LIDs: with LMC > 0 another LID is another path), the reply to
// `from`'s base LID. forward and reverse are the egress ports of the two routes through the
// forwarding tables, the sending CA port first: forward[0] == from, and each later entry is a
// switch port.
struct ProbePair {
  PortId from;
  PortId to;
  Lid dlid = 0;
  std::vector<PortId> forward;
  std::vector<PortId> reverse;
  bool control = false;  // true: crosses no suspect link in either direction, either route
};

// One direction of one suspect: the probes whose forward route crosses it (large requests
// measure the forward direction; with PlanOptions::count_replies, also those whose reply
// crosses it) and the control probes compared against them.
struct SuspectDirection {
  std::size_t suspect = 0;            // index into ProbePlan::suspects
  int direction = 0;                  // 0: a -> b, 1: b -> a
  std::vector<std::size_t> probes;    // indices into ProbePlan::probes
  std::vector<std::size_t> controls;  // indices into ProbePlan::probes, control == true
  // False when another direction is crossed by exactly the same probes: a result on these
  // probes cannot say which of the two is slow.
  bool identifiable = true;
  std::string note;  // why probes or controls are missing, when they are
};

struct ProbePlan {
  std::vector<SuspectLink> suspects;
  std::vector<ProbePair> probes;           // suspect probes and controls, each pair once
  std::vector<SuspectDirection> coverage;  // two per suspect: (0, a->b), (0, b->a), (1, ...)
  // Probe indices per round; no two probes of a round share a cable (in either direction,
  // on either route) or a host port, except a PlanOptions::sources port and its own cable,
  // which every probe from it uses. Every probe is in exactly one round.
  std::vector<std::vector<std::size_t>> rounds;
  std::size_t round_lower_bound = 0;  // the most probes that use one cable or one host
  std::vector<std::string> notes;     // what the planner could not do, in words
};

struct PlanOptions {
  std::size_t probes_per_direction = 2;    // from different host pairs where the fabric has them
  std::size_t controls_per_direction = 1;  // of the same hop count
  bool other_lids = true;  // may address a port's other LMC LIDs (UDP cannot: base LID only)
  // The CA ports probes may start at (suspect probes and controls alike); nullopt: any host.
  // `probe --transport mad` sends from its own port only. A suspect that no route from these
  // crosses stays in the plan with a note ("not coverable from ..."). The sources' own ports
  // and cables do not separate rounds (each source sends its probes itself).
  std::optional<std::vector<PortId>> sources;
  // True: a probe also measures the directions its reply crosses, as much as those its
  // request crosses (an echo MAD is 256 bytes each way, and the round trip is the sample).
  // Needed with one source: the directions towards it are crossed by replies only.
  bool count_replies = false;
};

// Plans probes for `suspects` over the fabric's forwarding tables. Links work as routing
// validation says (both ends Active when known). A direction no CA pair crosses, or without
// a control, is kept with a note: the run reports it inconclusive. Never throws.
ProbePlan plan_probes(const Fabric& fabric, std::span<const SuspectLink> suspects,
                      const PlanOptions& options);

// The suspects named by findings: every finding on a link, or on a port whose peer is known,
// at least as severe as `level`, each cable once (the first finding's check id as reason).
// Findings that name nothing in `fabric` go to `notes`.
std::vector<SuspectLink> suspects_from_findings(const Fabric& fabric,
                                                std::span<const Finding> findings, Severity level,
                                                std::vector<std::string>& notes);

}  // namespace ibatlas
