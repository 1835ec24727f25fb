// The counters phase: PerfMgt Get of PortCounters and PortCountersExtended for every
// connected port, addressed by LID (a switch's ports by its port 0 LID and PortSelect).
// It runs after the topology crawl because only then is every port's LID known. Nothing here
// ever sends a Set: reading counters must not reset them.

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

// Cabled ports whose reads are queued or in flight at a time (see request_next_counters).
constexpr std::uint32_t kCounterPortsAhead = 64;

std::optional<Lid> perf_lid(const NodeRecord& node, std::uint8_t port) {
  const PortRecord& addressed = node.ports[node.is_switch() ? 0 : port];
  if (!addressed.info || addressed.info->lid == 0) {
    return std::nullopt;
  }
  return addressed.info->lid;
}

}  // namespace

void Crawl::start_counters(bool have_perf) {
  if (!have_perf) {
    MadJob job;
    job.request = PerfRequest{0, 0, PerfAttribute::PortCounters, 0};
    add_issue(IssueKind::NoAnswer, job, std::nullopt, std::nullopt,
              "counters asked for, but the transport has no PerfMgt side");
    return;
  }
  for (std::uint32_t i = 0; i < kCounterPortsAhead; ++i) {
    request_next_counters();
  }
}

// Ports are read a few at a time, the next when one's PortCounters comes back: queueing both
// reads of every cabled port at once held 120,000 MAD jobs (13 MB) on a 10k-host fabric.
void Crawl::request_next_counters() {
  while (counters_next_.node < nodes_.size()) {
    const NodeRecord& node = nodes_[counters_next_.node];
    std::uint32_t n = counters_next_.node;
    std::size_t p = counters_next_.port++;
    if (p >= node.ports.size()) {
      counters_next_ = PeerRef{n + 1, 1};
      continue;
    }
    if (node.ports[p].peer && request_counters(n, static_cast<std::uint8_t>(p))) {
      return;
    }
  }
}

// Both reads of one port; false when the port has no LID to address (an issue instead).
bool Crawl::request_counters(std::uint32_t n, std::uint8_t port) {
  std::optional<Lid> lid = perf_lid(nodes_[n], port);
  for (PerfAttribute attribute :
       {PerfAttribute::PortCounters, PerfAttribute::PortCountersExtended}) {
    MadJob job;
    job.request = PerfRequest{0, lid.value_or(0), attribute, port};
    job.purpose =
        MadPurpose{attribute == PerfAttribute::PortCounters ? MadPurpose::Kind::Counters
                                                            : MadPurpose::Kind::CountersExt,
                   n, port, 0};
    if (!lid) {
      add_issue(IssueKind::NoLid, job, n, port,
                "no LID to address PerfMgt to (is a subnet manager running?)");
      return false;
    }
    engine_.submit(job);
  }
  return true;
}

void Crawl::on_perf(const MadJob& job, const SmpReply& reply) {
  NodeRecord& node = nodes_[job.purpose.node];
  bool extended = job.purpose.kind == MadPurpose::Kind::CountersExt;
  if (!extended) {
    request_next_counters();  // one port done (or given up on): the next one's turn
  }
  if (reply.status == SmpStatus::Ok) {
    node.counters.resize(node.ports.size());
    CounterRecord& read = node.counters[job.purpose.port];
    PayloadView data(reply.data);
    if (extended) {
      read.extended = decode_port_counters_extended(data);
    } else {
      read.basic = decode_port_counters(data);
    }
    return;
  }
  if (extended && reply.status == SmpStatus::Rejected) {
    return;  // no 64-bit counters on this device: PortCounters' 32-bit ones stand
  }
  IssueKind kind = reply.status == SmpStatus::Timeout ? IssueKind::NoAnswer : IssueKind::Rejected;
  add_issue(kind, job, job.purpose.node, job.purpose.port, describe_failure(reply, job.attempts));
}

}  // namespace ibatlas
