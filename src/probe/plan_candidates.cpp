// Candidate pairs for one suspect direction, without tracing all n^2 pairs: a host cable is
// crossed by every pair from (or to) its host, so a spread sample of partners will do; a
// cable between switches A -> B (A's port p) is crossed by the pairs to a destination LID
// whose entry at A is p, from the hosts whose route to that LID reaches A, which a walk
// backwards from A over the tables finds (the switches whose entry for the LID leads to A).
// With PlanOptions::sources, only pairs from those: each source's routes to every host LID
// are walked and the ones that cross the direction kept.

#include <algorithm>
#include <unordered_set>

#include "probe/plan_pool.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kForwardCandidates = 32;  // per direction
constexpr std::size_t kNearby = 4;              // partners on the host's own leaf
constexpr std::size_t kDestinations = 8;        // LIDs with senders per switch-to-switch direction
// LIDs tried for those: a table names every LID, but symmetric tables (minhop on a fat-tree)
// send most of a core's down LIDs to it from no host at all.
constexpr std::size_t kDestinationTries = 256;
constexpr std::size_t kSourcesPerDestination = 4;
constexpr std::size_t kSourcesPerSwitch = 2;
constexpr std::size_t kSendersBothWays = 8;    // senders whose reverse paths are searched
constexpr std::size_t kPartnersBothWays = 64;  // hosts tried per sender
constexpr std::size_t kBothWays = 4;           // pairs that cross both directions: enough

// Spreads directions over the hosts: each starts its samples somewhere else.
std::size_t offset_for(std::uint32_t d, std::size_t n) {
  return n == 0 ? 0 : (static_cast<std::size_t>(d) * 7919U) % n;
}

// Partners for a host `self` on `leaf`: a few on the same leaf (short routes), then hosts
// spread over the whole fabric.
std::vector<const ProbeHost*> partners(const PlanContext& context, PortId self, NodeId leaf,
                                       std::uint32_t d) {
  std::vector<const ProbeHost*> out;
  std::span<const ProbeHost> hosts = context.hosts();
  for (std::size_t i : context.hosts_on(leaf)) {
    if (hosts[i].port != self && out.size() < kNearby) {
      out.push_back(&hosts[i]);
    }
  }
  std::size_t stride = std::max<std::size_t>(1, hosts.size() / kForwardCandidates);
  std::size_t start = offset_for(d, hosts.size());
  for (std::size_t k = 0; k < hosts.size() && out.size() < kForwardCandidates; k += stride) {
    const ProbeHost& h = hosts[(start + k) % hosts.size()];
    if (h.port != self && h.leaf != leaf) {
      out.push_back(&h);
    }
  }
  return out;
}

// The LIDs of hosts that `sw` forwards by port `number`, up to kDestinationTries, in an
// order that spreads the first ones over the list.
std::vector<std::pair<Lid, PortId>> destinations(const PlanContext& context, NodeId sw,
                                                 std::uint8_t number, bool other_lids,
                                                 std::uint32_t d) {
  std::vector<std::pair<Lid, PortId>> all;
  for (const ProbeHost& h : context.hosts()) {
    std::uint32_t count = other_lids ? 1U << std::min<std::uint32_t>(h.lmc, 7U) : 1U;
    for (std::uint32_t k = 0; k < count && h.base_lid + k <= 0xbfffU; ++k) {
      auto lid = static_cast<Lid>(h.base_lid + k);
      if (context.router().entry(sw, lid) == number) {
        all.emplace_back(lid, h.port);
      }
    }
  }
  std::vector<std::pair<Lid, PortId>> out;
  std::size_t stride = std::max<std::size_t>(1, all.size() / kDestinations);
  std::size_t start = offset_for(d, all.size());
  for (std::size_t r = 0; r < stride && out.size() < kDestinationTries; ++r) {
    for (std::size_t k = r; k < all.size() && out.size() < kDestinationTries; k += stride) {
      out.push_back(all[(start + k) % all.size()]);
    }
  }
  return out;
}

// Hosts whose route to `lid` passes through `sw`: those cabled to the switches of the tree
// of routes into `sw` for that LID, nearest first, a few per switch.
std::vector<PortId> sources_through(const PlanContext& context, NodeId sw, Lid lid, PortId skip,
                                    std::size_t limit) {
  const Fabric& f = context.fabric();
  std::vector<PortId> out;
  std::vector<NodeId> queue{sw};
  std::unordered_set<std::uint32_t> seen{sw.value};
  for (std::size_t i = 0; i < queue.size() && out.size() < limit; ++i) {
    std::span<const std::size_t> local = context.hosts_on(queue[i]);
    for (std::size_t k = 0, taken = 0; k < local.size() && taken < kSourcesPerSwitch; ++k) {
      PortId h = context.hosts()[local[(lid + k) % local.size()]].port;
      if (h != skip && out.size() < limit) {
        out.push_back(h);
        ++taken;
      }
    }
    for (const Port& p : f.ports_of(queue[i])) {
      std::optional<PortId> peer = context.router().working_peer(f.id_of(p));
      NodeId next = peer ? f.node_of(*peer) : NodeId{};
      if (peer && f.node(next).type == NodeType::Switch && seen.count(next.value) == 0 &&
          context.router().entry(next, lid) == f.port(*peer).number) {
        seen.insert(next.value);
        queue.push_back(next);
      }
    }
  }
  return out;
}

void add_all(CandidatePool& pool, std::vector<std::size_t>& added, PortId from, PortId to,
             Lid dlid) {
  if (std::optional<std::size_t> i = pool.add(from, to, dlid)) {
    added.push_back(*i);
  }
}

bool crosses(const std::optional<std::vector<PortId>>& route, PortId egress) {
  return route && std::find(route->begin(), route->end(), egress) != route->end();
}

// Pairs s -> t whose request crosses X -> Y (leaving X by `out`) and whose reply crosses
// Y -> X (leaving Y by `in`): one host pair then measures both directions of the cable. The
// replies to s that cross Y -> X come from the hosts whose route to s passes through Y, so
// those are the partners tried.
void both_ways(const PlanContext& context, CandidatePool& pool, PortId out, PortId in,
               const std::vector<PortId>& senders, std::vector<std::size_t>& added) {
  const Fabric& f = context.fabric();
  NodeId y = f.node_of(in);
  std::size_t found = 0;
  for (std::size_t k = 0; k < senders.size() && k < kSendersBothWays && found < kBothWays; ++k) {
    Lid reply = context.host(senders[k])->base_lid;
    if (context.router().entry(y, reply) != f.port(in).number) {
      continue;
    }
    for (PortId t : sources_through(context, y, reply, senders[k], kPartnersBothWays)) {
      Lid dlid = context.host(t)->base_lid;
      if (found < kBothWays && crosses(context.router().egress_ports(senders[k], dlid), out)) {
        add_all(pool, added, senders[k], t, dlid);
        ++found;
      }
    }
  }
}

void between_switches(const PlanContext& context, CandidatePool& pool, std::uint32_t d,
                      bool other_lids, std::vector<std::size_t>& added) {
  const Fabric& f = context.fabric();
  PortId out = context.egress(d);
  NodeId sw = f.node_of(out);
  std::vector<PortId> senders;
  std::size_t used = 0;
  for (auto [lid, to] : destinations(context, sw, f.port(out).number, other_lids, d)) {
    std::vector<PortId> from_list = sources_through(context, sw, lid, to, kSourcesPerDestination);
    used += from_list.empty() ? 0 : 1;
    if (used > kDestinations) {
      break;
    }
    for (PortId from : from_list) {
      add_all(pool, added, from, to, lid);
      if (std::find(senders.begin(), senders.end(), from) == senders.end()) {
        senders.push_back(from);
      }
    }
  }
  both_ways(context, pool, out, *context.router().working_peer(out), senders, added);
}

// Pairs from the allowed sources whose forward route (or reverse route, with count_replies)
// crosses direction d: every destination LID is tried, starting somewhere else for each d,
// until kForwardCandidates per source.
void from_sources(const PlanContext& context, CandidatePool& pool, std::uint32_t d, bool other_lids,
                  std::vector<std::size_t>& added) {
  PortId out = context.egress(d);
  std::span<const ProbeHost> hosts = context.hosts();
  std::size_t start = offset_for(d, hosts.size());
  for (const ProbeHost* s : context.source_hosts()) {
    std::size_t found = 0;
    for (std::size_t k = 0; k < hosts.size() && found < kForwardCandidates; ++k) {
      const ProbeHost& t = hosts[(start + k) % hosts.size()];
      std::uint32_t count = other_lids ? 1U << std::min<std::uint32_t>(t.lmc, 7U) : 1U;
      for (std::uint32_t l = 0; l < count && t.base_lid + l <= 0xbfffU && t.port != s->port; ++l) {
        auto lid = static_cast<Lid>(t.base_lid + l);
        bool hit = crosses(context.router().egress_ports(s->port, lid), out) ||
                   (context.count_replies() &&
                    crosses(context.router().egress_ports(t.port, s->base_lid), out));
        if (hit && found < kForwardCandidates) {
          add_all(pool, added, s->port, t.port, lid);
          ++found;
        }
      }
    }
  }
}

}  // namespace

void gather_candidates(const PlanContext& context, CandidatePool& pool, std::uint32_t d,
                       bool other_lids) {
  if (!context.unusable(d).empty()) {
    return;
  }
  const Fabric& f = context.fabric();
  PortId out = context.egress(d);
  PortId in = *context.router().working_peer(out);
  std::vector<std::size_t> added;
  if (context.restricted()) {
    from_sources(context, pool, d, other_lids, added);
  } else if (const ProbeHost* self = context.host(out)) {  // host cable, host -> leaf
    for (const ProbeHost* t : partners(context, out, self->leaf, d)) {
      add_all(pool, added, out, t->port, t->base_lid);
    }
  } else if (const ProbeHost* target = context.host(in)) {  // host cable, leaf -> host
    for (const ProbeHost* s : partners(context, in, target->leaf, d)) {
      add_all(pool, added, s->port, in, target->base_lid);
    }
  } else if (f.node(f.node_of(out)).type == NodeType::Switch) {
    between_switches(context, pool, d, other_lids, added);
  }
  // The same host pairs the other way round: when one crosses the opposite direction, a
  // single pair measures both.
  std::vector<std::size_t> reversed;
  for (std::size_t i : added) {
    PortId from = pool.at(i).from;
    PortId to = pool.at(i).to;
    add_all(pool, reversed, to, from, context.host(from)->base_lid);
  }
}

}  // namespace ibatlas
