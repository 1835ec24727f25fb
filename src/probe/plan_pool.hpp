#pragma once

// Private to the probe planner: the hosts that can probe, the suspect directions by their
// egress port, and the pool of candidate probes with both routes walked once.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/lft_route.hpp"
#include "ibatlas/probe/plan.hpp"

namespace ibatlas {

// A CA or router port that can send and answer: it has a LID and a working cable to a switch.
struct ProbeHost {
  PortId port;
  NodeId leaf;  // the switch its cable reaches
  Lid base_lid = 0;
  std::uint8_t lmc = 0;
};

// The fabric as the planner sees it: hosts, hosts per leaf, and which suspect direction
// (2 * suspect + direction) leaves by each egress port.
class PlanContext {
 public:
  PlanContext(const Fabric& fabric, std::span<const SuspectLink> suspects,
              const PlanOptions& options);

  const Fabric& fabric() const { return router_.fabric(); }

  const LftRouter& router() const { return router_; }

  std::span<const ProbeHost> hosts() const { return hosts_; }

  // The host at `port`, or nullptr.
  const ProbeHost* host(PortId port) const;

  // Indexes into hosts() of the hosts cabled to `leaf`, ascending.
  std::span<const std::size_t> hosts_on(NodeId leaf) const;

  std::size_t direction_count() const { return egress_.size(); }

  // The egress port of direction d: the suspect's a for d even, b for d odd.
  PortId egress(std::uint32_t d) const { return egress_[d]; }

  // The suspect direction that leaves by `port`, if any.
  std::optional<std::uint32_t> direction_of(PortId port) const;

  // Why direction d cannot be probed at all (not a cable, not working, a duplicate); empty
  // when it can.
  const std::string& unusable(std::uint32_t d) const { return unusable_[d]; }

  // "leaf01" port 19 -> "spine00" port 2: direction d in words (raw bytes; writers escape).
  std::string direction_name(std::uint32_t d) const;

  // True when PlanOptions::sources restricts where probes start.
  bool restricted() const { return restricted_; }

  // Whether a probe may start at `port` (any host when not restricted).
  bool may_send(PortId port) const;

  // The allowed sources that are hosts, in the order given (empty when not restricted).
  const std::vector<const ProbeHost*>& source_hosts() const { return source_hosts_; }

  // PlanOptions::count_replies: a reply's crossings count as the request's.
  bool count_replies() const { return count_replies_; }

 private:
  void index_hosts();
  void index_suspects(std::span<const SuspectLink> suspects);

  LftRouter router_;
  std::vector<ProbeHost> hosts_;
  std::unordered_map<std::uint32_t, std::size_t> host_by_port_;
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> hosts_by_leaf_;
  std::vector<PortId> egress_;
  std::vector<std::string> unusable_;
  std::unordered_map<std::uint32_t, std::uint32_t> direction_by_port_;
  bool restricted_ = false;
  bool count_replies_ = false;
  std::vector<std::uint32_t> sources_;  // sorted port ids, when restricted
  std::vector<const ProbeHost*> source_hosts_;
};

// One possible probe with its routes and the suspect directions they cross.
struct Candidate {
  PortId from;
  PortId to;
  Lid dlid = 0;
  std::vector<PortId> forward;
  std::vector<PortId> reverse;
  // Directions on the forward route, then (count_replies) those on the reverse route.
  std::vector<std::uint32_t> crossed;
  std::vector<std::uint32_t> reverse_crossed;  // directions on the reverse route not in crossed
  std::size_t suspects_touched = 0;            // suspect cables on either route

  bool is_control() const { return suspects_touched == 0; }

  std::size_t hops() const { return forward.size(); }
};

// Key of the unordered host pair {from, to}: a probe and its reverse are one pair.
std::uint64_t host_pair(const Candidate& c);

class CandidatePool {
 public:
  explicit CandidatePool(const PlanContext& context) : context_(&context) {}

  // The candidate from -> to addressed to dlid: its index, or nullopt when either route
  // does not arrive or `from` may not send. Each (from, to, dlid) is walked once.
  std::optional<std::size_t> add(PortId from, PortId to, Lid dlid);

  const Candidate& at(std::size_t i) const { return candidates_[i]; }

  std::size_t size() const { return candidates_.size(); }

  // The candidates whose forward route crosses direction d, in the order they were added.
  std::span<const std::size_t> crossing(std::uint32_t d) const;

 private:
  const PlanContext* context_;
  std::vector<Candidate> candidates_;
  std::map<std::tuple<std::uint32_t, std::uint32_t, Lid>, std::optional<std::size_t>> seen_;
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> crossing_;
};

// Fills the pool with candidates for direction d (plan_candidates.cpp): up to a few dozen
// pairs whose forward route crosses it, and their reverses. other_lids: destinations may
// be any LID of a port, not only its base LID.
void gather_candidates(const PlanContext& context, CandidatePool& pool, std::uint32_t d,
                       bool other_lids);

}  // namespace ibatlas
