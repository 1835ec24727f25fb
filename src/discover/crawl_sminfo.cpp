// Subnet managers: SMInfo (0x20) of every port whose PortInfo CapabilityMask has IsSM.
//
// Which ports (docs/discover.md, "Subnet managers"): a CA or router port that says IsSM, read
// over the route that reached that very port (modifier 0 names the port the SMP arrives at),
// and a switch's port 0 when it says IsSM (an SM running on the switch). The GET carries a
// zeroed payload, so the SM does not take us for the master and returns SM_Key zeroed
// (IBA 14.4.1; opensm's smi_rcv_process_get_request); the key is not decoded anyway.
//
// After the topology crawl, every IsSM port; with a non-zero CrawlOptions::sm_interval, those
// that answered again that long after (`discover --sm-interval`). A master whose ActCount did not
// move between the two is stuck (analysis/subnet_manager). The interval kept per SM is the one
// measured between the two replies, not the one asked for.
//
// The phase runs with its own handler (crawler.cpp), so its jobs' purpose is only bookkeeping:
// `node` indexes sm_reads_ and `block` is the round.

#include <algorithm>

#include "discover/crawl.hpp"

namespace ibatlas {

void Crawl::note_sm_port(const MadJob& job, const PortInfoFields& fields) {
  if (!options_.sminfo || (fields.capability_mask & kCapIsSm) == 0) {
    return;
  }
  std::uint32_t node = job.purpose.node;
  std::uint8_t port = job.purpose.port;
  if (nodes_[node].is_switch() && port != 0) {
    return;  // IsSM means something only on the switch's management port
  }
  const DirectedRoute& route = std::get<SmpRequest>(job.request).route;
  bool known = std::any_of(sm_reads_.begin(), sm_reads_.end(),
                           [&](const SmRead& r) { return r.node == node && r.port == port; });
  if (!known) {
    sm_reads_.push_back(SmRead{node, port, route, std::nullopt, std::nullopt, {}, {}});
  }
}

std::size_t Crawl::start_sminfo(int round) {
  std::size_t queued = 0;
  for (std::uint32_t i = 0; i < sm_reads_.size(); ++i) {
    if (round == 1 && !sm_reads_[i].first) {
      continue;
    }
    // The SM's port answered PortInfo moments ago, so a timeout is loss on the way: the read
    // gets the tries a topology read gets with its re-probe passes (kReprobes), in one go.
    MadJob job;
    job.request = SmpRequest{0, sm_reads_[i].route, SmpAttribute::SmInfo, 0};
    job.purpose = MadPurpose{MadPurpose::Kind::Probe, i, sm_reads_[i].port,
                             static_cast<std::uint32_t>(round)};
    job.max_retries = static_cast<int>(kReprobes + 1) * (options_.retries + 1) - 1;
    engine_.submit(job);
    ++queued;
  }
  return queued;
}

void Crawl::on_sminfo(const MadJob& job, const SmpReply& reply) {
  SmRead& read = sm_reads_.at(job.purpose.node);
  if (reply.status != SmpStatus::Ok) {
    IssueKind kind = reply.status == SmpStatus::Timeout ? IssueKind::NoAnswer : IssueKind::Rejected;
    std::string what = describe_failure(reply, job.attempts);
    if (job.purpose.block == 1) {
      what += " (the second read, for ActCount)";
    }
    add_issue(kind, job, read.node, read.port, std::move(what));
    return;
  }
  SmInfoFields fields = decode_sm_info(PayloadView(reply.data));
  auto now = std::chrono::steady_clock::now();
  if (job.purpose.block == 0) {
    read.first = fields;
    read.first_at = now;
  } else {
    read.second = fields;
    read.second_at = now;
  }
}

std::vector<SubnetManager> Crawl::subnet_managers() const {
  std::vector<SubnetManager> result;
  for (const SmRead& read : sm_reads_) {
    if (!read.first) {
      continue;
    }
    const NodeRecord& node = nodes_.at(read.node);
    const PortRecord& port = node.ports.at(read.port);
    SubnetManager sm;
    sm.port_guid = port.guid.value_or(read.first->guid);
    if (port.info && port.info->lid != 0) {
      sm.lid = port.info->lid;
    }
    sm.guid = read.first->guid;
    const SmInfoFields& last = read.second ? *read.second : *read.first;
    if (last.sm_state > static_cast<std::uint8_t>(SmState::Master)) {
      continue;  // a reserved state: nothing to judge it by
    }
    // The state the SM is in now: a handover between the reads shows in the second one.
    sm.state = static_cast<SmState>(last.sm_state);
    sm.priority = last.priority;
    sm.act_count = read.first->act_count;
    if (read.second) {
      sm.act_count_again = read.second->act_count;
      auto ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(read.second_at - read.first_at);
      sm.interval_ms = static_cast<std::uint32_t>(std::max<std::int64_t>(ms.count(), 0));
    }
    result.push_back(sm);
  }
  return result;
}

}  // namespace ibatlas
