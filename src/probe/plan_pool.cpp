#include "probe/plan_pool.hpp"

#include <algorithm>

namespace ibatlas {

PlanContext::PlanContext(const Fabric& fabric, std::span<const SuspectLink> suspects,
                         const PlanOptions& options)
    : router_(fabric),
      restricted_(options.sources.has_value()),
      count_replies_(options.count_replies) {
  index_hosts();
  index_suspects(suspects);
  if (restricted_) {
    for (PortId p : *options.sources) {
      sources_.push_back(p.value);
      const ProbeHost* h = host(p);
      if (h != nullptr &&
          std::find(source_hosts_.begin(), source_hosts_.end(), h) == source_hosts_.end()) {
        source_hosts_.push_back(h);
      }
    }
    std::sort(sources_.begin(), sources_.end());
  }
}

bool PlanContext::may_send(PortId port) const {
  return !restricted_ || std::binary_search(sources_.begin(), sources_.end(), port.value);
}

void PlanContext::index_hosts() {
  const Fabric& f = fabric();
  std::span<const Port> ports = f.ports();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    const Port& p = ports[i];
    if (p.number == 0 || f.node(p.node).type == NodeType::Switch || !p.base_lid ||
        *p.base_lid == 0) {
      continue;
    }
    std::optional<PortId> peer = router_.working_peer(PortId{i});
    if (!peer || f.node(f.node_of(*peer)).type != NodeType::Switch) {
      continue;  // a host with no working cable to the switched fabric cannot probe
    }
    host_by_port_[i] = hosts_.size();
    hosts_by_leaf_[f.node_of(*peer).value].push_back(hosts_.size());
    hosts_.push_back(ProbeHost{PortId{i}, f.node_of(*peer), *p.base_lid, p.lmc.value_or(0)});
  }
}

void PlanContext::index_suspects(std::span<const SuspectLink> suspects) {
  const Fabric& f = fabric();
  for (const SuspectLink& link : suspects) {
    std::string why;
    bool ports_exist = link.a.value < f.ports().size() && link.b.value < f.ports().size();
    if (!ports_exist || link.a == link.b || f.port(link.a).peer != link.b ||
        f.port(link.b).peer != link.a) {
      why = "the two ports do not name each other: not a cable of this fabric";
    } else if (!router_.working_peer(link.a)) {
      why = "the link carries no traffic (an end is not Active): no route crosses it";
    } else if (direction_by_port_.count(link.a.value) != 0) {
      why = "the same cable as suspect " + std::to_string(direction_by_port_[link.a.value] / 2 + 1);
    }
    for (PortId egress : {link.a, link.b}) {
      auto d = static_cast<std::uint32_t>(egress_.size());
      if (why.empty()) {
        direction_by_port_[egress.value] = d;
      }
      egress_.push_back(egress);
      unusable_.push_back(why);
    }
  }
}

const ProbeHost* PlanContext::host(PortId port) const {
  auto it = host_by_port_.find(port.value);
  return it == host_by_port_.end() ? nullptr : &hosts_[it->second];
}

std::span<const std::size_t> PlanContext::hosts_on(NodeId leaf) const {
  auto it = hosts_by_leaf_.find(leaf.value);
  if (it == hosts_by_leaf_.end()) {
    return {};
  }
  return it->second;
}

std::optional<std::uint32_t> PlanContext::direction_of(PortId port) const {
  auto it = direction_by_port_.find(port.value);
  if (it == direction_by_port_.end()) {
    return std::nullopt;
  }
  return it->second;
}

std::string PlanContext::direction_name(std::uint32_t d) const {
  const Fabric& f = fabric();
  PortId out = egress_[d];
  if (out.value >= f.ports().size()) {
    return "port #" + std::to_string(out.value) + " (not in the fabric)";
  }
  std::string text =
      "\"" + f.node(f.node_of(out)).description + "\" port " + std::to_string(f.port(out).number);
  std::optional<PortId> peer = f.port(out).peer;
  if (peer) {
    text += " -> \"" + f.node(f.node_of(*peer)).description + "\" port " +
            std::to_string(f.port(*peer).number);
  }
  return text;
}

std::uint64_t host_pair(const Candidate& c) {
  std::uint64_t lo = std::min(c.from.value, c.to.value);
  std::uint64_t hi = std::max(c.from.value, c.to.value);
  return (hi << 32U) | lo;
}

namespace {

// The suspect directions a route leaves by, in route order.
std::vector<std::uint32_t> directions_on(const PlanContext& context,
                                         const std::vector<PortId>& route) {
  std::vector<std::uint32_t> out;
  for (PortId p : route) {
    if (std::optional<std::uint32_t> d = context.direction_of(p)) {
      out.push_back(*d);
    }
  }
  return out;
}

std::size_t distinct_suspects(std::vector<std::uint32_t> a, const std::vector<std::uint32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  for (std::uint32_t& d : a) {
    d /= 2;
  }
  std::sort(a.begin(), a.end());
  return static_cast<std::size_t>(std::unique(a.begin(), a.end()) - a.begin());
}

}  // namespace

std::optional<std::size_t> CandidatePool::add(PortId from, PortId to, Lid dlid) {
  auto [it, fresh] = seen_.try_emplace({from.value, to.value, dlid});
  if (!fresh) {
    return it->second;
  }
  const ProbeHost* sender = context_->host(from);
  if (sender == nullptr || context_->host(to) == nullptr || from == to ||
      !context_->may_send(from)) {
    return std::nullopt;
  }
  std::optional<std::vector<PortId>> forward = context_->router().egress_ports(from, dlid);
  std::optional<std::vector<PortId>> reverse =
      forward ? context_->router().egress_ports(to, sender->base_lid) : std::nullopt;
  if (!forward || !reverse || context_->router().owner(dlid) != to) {
    return std::nullopt;
  }
  Candidate c{from, to, dlid, std::move(*forward), std::move(*reverse), {}, {}, 0};
  c.crossed = directions_on(*context_, c.forward);
  c.reverse_crossed = directions_on(*context_, c.reverse);
  c.suspects_touched = distinct_suspects(c.crossed, c.reverse_crossed);
  if (context_->count_replies()) {  // the reply measures what it crosses as the request does
    for (std::uint32_t d : c.reverse_crossed) {
      if (std::find(c.crossed.begin(), c.crossed.end(), d) == c.crossed.end()) {
        c.crossed.push_back(d);
      }
    }
    c.reverse_crossed.clear();
  }
  std::size_t index = candidates_.size();
  for (std::uint32_t d : c.crossed) {
    crossing_[d].push_back(index);
  }
  candidates_.push_back(std::move(c));
  it->second = index;
  return index;
}

std::span<const std::size_t> CandidatePool::crossing(std::uint32_t d) const {
  auto it = crossing_.find(d);
  if (it == crossing_.end()) {
    return {};
  }
  return it->second;
}

}  // namespace ibatlas
