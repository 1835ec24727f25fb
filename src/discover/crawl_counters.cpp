// The counters phase: PerfMgt Gets of PortCounters, PortCountersExtended and the two error
// details for every connected port, addressed by LID (a switch's ports by its port 0 LID and
// PortSelect), plus one ClassPortInfo per node. It runs after the topology crawl because only
// then is every port's LID known. Nothing here ever sends a Set: reading counters must not
// reset them. A read that times out after its retries is asked again in the re-probe pass
// (Crawl::defer, crawler.cpp), as a topology read is.

#include <utility>

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

// Cabled ports whose reads are queued or in flight at a time (see request_next_counters).
constexpr std::uint32_t kCounterPortsAhead = 64;

// PerfSupport's details slots: the attribute each asks for and the job kind it answers to.
constexpr std::array<PerfAttribute, 2> kDetailAttributes = {PerfAttribute::PortRcvErrorDetails,
                                                            PerfAttribute::PortXmitDiscardDetails};
constexpr std::array<MadPurpose::Kind, 2> kDetailKinds = {MadPurpose::Kind::RcvErrorDetails,
                                                          MadPurpose::Kind::XmitDiscardDetails};

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

// Every read of one port; false when the port has no LID to address (an issue instead).
bool Crawl::request_counters(std::uint32_t n, std::uint8_t port) {
  if (!perf_lid(nodes_[n], port)) {
    MadJob job;
    job.request = PerfRequest{0, 0, PerfAttribute::PortCounters, port};
    job.purpose = MadPurpose{MadPurpose::Kind::Counters, n, port, 0};
    add_issue(IssueKind::NoLid, job, n, port,
              "no LID to address PerfMgt to (is a subnet manager running?)");
    return false;
  }
  PerfSupport& perf = nodes_[n].perf;
  if (!perf.class_info_asked) {
    perf.class_info_asked = true;  // one PMA per node: its first cabled port asks
    request_perf(n, port, PerfAttribute::ClassPortInfo, MadPurpose::Kind::PerfClass);
  }
  request_perf(n, port, PerfAttribute::PortCounters, MadPurpose::Kind::Counters);
  request_perf(n, port, PerfAttribute::PortCountersExtended, MadPurpose::Kind::CountersExt);
  request_details(n, port, PerfSupport::kRcvError);
  request_details(n, port, PerfSupport::kXmitDiscard);
  return true;
}

void Crawl::request_perf(std::uint32_t n, std::uint8_t port, PerfAttribute attribute,
                         MadPurpose::Kind kind) {
  MadJob job;
  job.request = PerfRequest{0, perf_lid(nodes_[n], port).value_or(0), attribute, port};
  job.purpose = MadPurpose{kind, n, port, 0};
  engine_.submit(job);
}

// The node's first port probes; the others wait for the verdict, then ask or not.
void Crawl::request_details(std::uint32_t n, std::uint8_t port, std::size_t which) {
  PerfSupport& perf = nodes_[n].perf;
  switch (perf.details[which]) {
    case PerfSupport::Details::NotAsked:
      perf.details[which] = PerfSupport::Details::Probing;
      request_perf(n, port, kDetailAttributes[which], kDetailKinds[which]);
      return;
    case PerfSupport::Details::Yes:
      request_perf(n, port, kDetailAttributes[which], kDetailKinds[which]);
      return;
    case PerfSupport::Details::Probing:
      perf.waiting[which].push_back(port);
      return;
    case PerfSupport::Details::No:
      return;
  }
}

void Crawl::on_perf(const MadJob& job, const SmpReply& reply) {
  using Kind = MadPurpose::Kind;
  NodeRecord& node = nodes_[job.purpose.node];
  Kind kind = job.purpose.kind;
  if (kind == Kind::Counters) {
    request_next_counters();  // one port done (or put off, or given up on): the next one's turn
  }
  if (kind == Kind::RcvErrorDetails || kind == Kind::XmitDiscardDetails) {
    on_details(job, reply);
    return;
  }
  if (reply.status != SmpStatus::Ok && defer(job, reply)) {
    return;  // lost on the way, most likely: the re-probe pass asks again
  }
  if (kind == Kind::PerfClass) {
    // Unanswered, the unicast/multicast split stays absent; the PortCounters read of the
    // same PMA reports an unreachable one.
    if (reply.status == SmpStatus::Ok) {
      node.perf.class_info = decode_perf_class_port_info(reply.data);
    }
    return;
  }
  bool extended = kind == Kind::CountersExt;
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
  IssueKind issue = reply.status == SmpStatus::Timeout ? IssueKind::NoAnswer : IssueKind::Rejected;
  add_issue(issue, job, job.purpose.node, job.purpose.port, describe_failure(reply, job.attempts));
}

// The details are optional attributes (IBA 16.1.4): a PMA without them rejects the Get, and
// then the fields stay absent, with no issue. A failed probe settles the whole node; one that
// timed out is first asked again in the re-probe pass, as every counters read is.
void Crawl::on_details(const MadJob& job, const SmpReply& reply) {
  std::uint32_t n = job.purpose.node;
  bool rcv = job.purpose.kind == MadPurpose::Kind::RcvErrorDetails;
  std::size_t which = rcv ? PerfSupport::kRcvError : PerfSupport::kXmitDiscard;
  PerfSupport& perf = nodes_[n].perf;
  bool probe = perf.details[which] == PerfSupport::Details::Probing;
  if (reply.status != SmpStatus::Ok) {
    if (defer(job, reply)) {
      return;  // a timeout says nothing of support: the ports waiting on the probe wait on
    }
    if (probe) {
      perf.details[which] = PerfSupport::Details::No;
      perf.waiting[which] = {};
    }
    return;
  }
  NodeRecord& node = nodes_[n];
  node.counters.resize(node.ports.size());
  CounterRecord& read = node.counters[job.purpose.port];
  if (rcv) {
    read.rcv_error_details = decode_port_rcv_error_details(reply.data);
  } else {
    read.xmit_discard_details = decode_port_xmit_discard_details(reply.data);
  }
  if (probe) {
    perf.details[which] = PerfSupport::Details::Yes;
    for (std::uint8_t port : std::exchange(perf.waiting[which], {})) {
      request_perf(n, port, kDetailAttributes[which], kDetailKinds[which]);
    }
  }
}

}  // namespace ibatlas
