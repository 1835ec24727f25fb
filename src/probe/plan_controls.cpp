// Controls: probes that touch no suspect on either route and cross as many cables, so that
// "slower than its control" means the suspect. The best control is the same two hosts
// through another LID of the destination (LMC > 0): host effects cancel in a paired test.
// Otherwise hosts on the same two leaves, sharing one end first (the triangle a->c, d->b).

#include <algorithm>

#include "probe/plan_steps.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kMaxTries = 64;  // candidate pairs walked per probe

bool same_shape(const PlanContext& context, const Candidate& probe, const Candidate& c) {
  return c.is_control() && c.forward.size() == probe.forward.size() &&
         c.reverse.size() == probe.reverse.size() &&
         context.host(c.from)->leaf == context.host(probe.from)->leaf &&
         context.host(c.to)->leaf == context.host(probe.to)->leaf;
}

class ControlSearch {
 public:
  ControlSearch(const PlanContext& context, CandidatePool& pool, std::size_t probe,
                std::size_t want, std::vector<std::size_t>& found)
      : context_(context), pool_(pool), probe_(probe), want_(want), found_(found) {}

  bool done() const { return found_.size() >= want_; }

  // Walks from -> to (at dlid) and keeps it when it is a control of the probe's shape.
  void consider(PortId from, PortId to, Lid dlid) {
    if (done() || tries_ >= kMaxTries) {
      return;
    }
    ++tries_;
    offer(pool_.add(from, to, dlid));
  }

  void offer(std::optional<std::size_t> i) {
    if (!done() && i && same_shape(context_, pool_.at(probe_), pool_.at(*i)) &&
        std::find(found_.begin(), found_.end(), *i) == found_.end()) {
      found_.push_back(*i);
    }
  }

 private:
  const PlanContext& context_;
  CandidatePool& pool_;
  std::size_t probe_;
  std::size_t want_;
  std::size_t tries_ = 0;
  std::vector<std::size_t>& found_;
};

void other_lids_of(const PlanContext& context, const Candidate& probe, ControlSearch& search) {
  const ProbeHost* to = context.host(probe.to);
  std::uint32_t count = 1U << std::min<std::uint32_t>(to->lmc, 7U);
  for (std::uint32_t k = 0; k < count && to->base_lid + k <= 0xbfffU; ++k) {
    auto lid = static_cast<Lid>(to->base_lid + k);
    if (lid != probe.dlid) {
      search.consider(probe.from, probe.to, lid);
    }
  }
}

// A known control the other way round is a control too (its two routes are the same two),
// and costs no new host pair: tried when its leaves are the probe's, swapped.
void reversed(const PlanContext& context, const CandidatePool& pool, std::size_t control,
              const Candidate& probe, ControlSearch& search) {
  PortId from = pool.at(control).from;
  PortId to = pool.at(control).to;
  if (context.host(to)->leaf == context.host(probe.from)->leaf &&
      context.host(from)->leaf == context.host(probe.to)->leaf) {
    search.consider(to, from, context.host(from)->base_lid);
  }
}

void same_leaves(const PlanContext& context, const Candidate& probe, ControlSearch& search) {
  std::span<const ProbeHost> hosts = context.hosts();
  std::span<const std::size_t> senders = context.hosts_on(context.host(probe.from)->leaf);
  std::span<const std::size_t> receivers = context.hosts_on(context.host(probe.to)->leaf);
  for (std::size_t t : receivers) {  // the same sender
    search.consider(probe.from, hosts[t].port, hosts[t].base_lid);
  }
  for (std::size_t s : senders) {  // the same receiver
    search.consider(hosts[s].port, probe.to, context.host(probe.to)->base_lid);
  }
  for (std::size_t s : senders) {
    for (std::size_t t : receivers) {
      search.consider(hosts[s].port, hosts[t].port, hosts[t].base_lid);
    }
  }
}

}  // namespace

void find_controls(const PlanContext& context, CandidatePool& pool, const ControlNeed& need,
                   const std::vector<std::size_t>& known, std::vector<std::size_t>& found) {
  // Copied: walking new candidates may move the pool's storage.
  std::vector<Candidate> copies;
  copies.reserve(need.probes.size());
  for (std::size_t i : need.probes) {
    copies.push_back(pool.at(i));
  }
  for (std::size_t k = 0; need.other_lids && k < copies.size(); ++k) {  // paired first
    ControlSearch search(context, pool, need.probes[k], need.want, found);
    other_lids_of(context, copies[k], search);
  }
  for (std::size_t k = 0; k < copies.size(); ++k) {
    ControlSearch search(context, pool, need.probes[k], need.want, found);
    for (std::size_t c : known) {
      search.offer(c);
      reversed(context, pool, c, copies[k], search);
    }
    same_leaves(context, copies[k], search);
  }
}

}  // namespace ibatlas
