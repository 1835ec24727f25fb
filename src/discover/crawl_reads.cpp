// The crawl's per-attribute reactions: which ports to probe, LFT blocks, counters, and what
// becomes an issue when a MAD fails for good.

#include <algorithm>
#include <cstdio>
#include <deque>

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

constexpr std::uint8_t kBaseSpeedQdr = 4;

DirectedRoute back_one_hop(const DirectedRoute& route) {
  DirectedRoute shorter;
  for (std::size_t i = 0; i + 1 < route.size(); ++i) {
    shorter = shorter.extended(route[i]);
  }
  return shorter;
}

// LFT blocks of one switch in the queue or in flight at a time (see request_next_lft_block).
constexpr std::uint32_t kLftBlocksAheadPerSwitch = 8;

// ExtPortInfo (0xFF90) is in the vendor-specific attribute range: ask only the vendors that
// define it as Mellanox does (Mellanox/NVIDIA, and Bull's rebadged devices, as libibnetdisc).
bool speaks_mlnx_ext_port_info(std::uint32_t vendor_id) {
  return vendor_id == 0x0002c9 || vendor_id == 0x00119f;
}

const char* mad_status_reason(std::uint16_t status) {
  // IBA 13.4.7: bits 2-4 hold the invalid-field code.
  switch ((status >> 2) & 0x7) {
    case 1:
      return "bad base version or class";
    case 2:
      return "method not supported";
    case 3:
      return "method and attribute not supported";
    case 7:
      return "invalid attribute or modifier";
    default:
      break;
  }
  return (status & 0x1) ? "busy" : "error";
}

}  // namespace

std::string describe_failure(const SmpReply& reply, int attempts) {
  if (reply.status == SmpStatus::Timeout) {
    return "no answer after " + std::to_string(attempts) +
           (attempts == 1 ? " attempt" : " attempts");
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "%04x", static_cast<unsigned>(reply.mad_status));
  return std::string("rejected: MAD status 0x") + hex + " (" + mad_status_reason(reply.mad_status) +
         ")";
}

void Crawl::on_port_info(const MadJob& job, const PortInfoFields& fields) {
  std::uint32_t node = job.purpose.node;
  std::uint8_t port = job.purpose.port;
  nodes_[node].ports[port].info = fields;
  bool qdr_only = fields.link_speed_active == kBaseSpeedQdr && fields.link_speed_ext_active == 0 &&
                  fields.link_speed_ext2_active == 0;
  if (options_.mlnx_ext_port_info && port != 0 && fields.phys_state == kPhysStateLinkUp &&
      qdr_only && speaks_mlnx_ext_port_info(nodes_[node].info.vendor_id)) {
    request(std::get<SmpRequest>(job.request).route, SmpAttribute::MlnxExtPortInfo, port,
            MadPurpose{MadPurpose::Kind::MlnxExt, node, port, 0});
  }
  consider_probe(node, port);
  sl_to_vl_after_port_info(job, &fields);
  note_sm_port(job, fields);
}

void Crawl::consider_probe(std::uint32_t node_index, std::uint8_t p) {
  const NodeRecord& node = nodes_[node_index];
  const PortRecord& port = node.ports[p];
  // Only switches forward a directed route; the local node starts one out of its own port. A
  // crawl started at another CA (-D/-G) leaves it by going back one hop, as libibnetdisc does.
  bool retracts =
      node_index == 0 && !node.route.empty() && !node.is_switch() && p == node.entry_port;
  bool forwards = node.is_switch() || node.route.empty() || retracts;
  if (!forwards || port.peer || (p == 0 && node.is_switch())) {
    return;
  }
  if (!port.info || port.info->phys_state != kPhysStateLinkUp) {
    end_probe(node_index, p, ProbeState::NotNeeded);
    return;
  }
  DirectedRoute next = retracts ? back_one_hop(node.route) : node.route.extended(p);
  if (node.hops >= options_.max_hops ||
      (!retracts && node.route.size() >= DirectedRoute::kMaxHops)) {
    MadJob job;
    job.request = SmpRequest{0, next, SmpAttribute::NodeInfo, 0};
    add_issue(IssueKind::HopLimit, job, node_index, p,
              "LinkUp port not followed: beyond --max-hops " + std::to_string(options_.max_hops));
    end_probe(node_index, p, ProbeState::HopLimited);
    return;
  }
  nodes_[node_index].ports[p].probe = ProbeState::Sent;
  request(next, SmpAttribute::NodeInfo, 0, MadPurpose{MadPurpose::Kind::Probe, node_index, p, 0});
}

std::optional<std::uint32_t> Crawl::far_end(const MadJob& job) const {
  const MadPurpose& p = job.purpose;
  const auto* smp = std::get_if<SmpRequest>(&job.request);
  // SMInfo reads reuse the Probe kind with their own numbering (crawl_sminfo.cpp).
  if (p.kind != MadPurpose::Kind::Probe || p.node >= nodes_.size() || smp == nullptr ||
      smp->attribute != SmpAttribute::NodeInfo || p.port >= nodes_[p.node].ports.size()) {
    return std::nullopt;
  }
  const std::optional<PeerRef>& peer = nodes_[p.node].ports[p.port].peer;
  return peer ? std::optional(peer->node) : std::nullopt;
}

void Crawl::end_probe(std::uint32_t node, std::uint8_t port, ProbeState state) {
  nodes_[node].ports[port].probe = state;
  release(node, port);
}

void Crawl::release(std::uint32_t node, std::uint8_t port) {
  auto it = parked_.find(PeerRef{node, port});
  if (it == parked_.end()) {
    return;
  }
  std::vector<Arrival> waiting = std::move(it->second);
  parked_.erase(it);
  for (const Arrival& arrival : waiting) {
    resolve(arrival);
  }
}

void Crawl::settle() {
  while (!parked_.empty()) {
    auto it = parked_.begin();
    PeerRef at = it->first;
    std::vector<Arrival> waiting = std::move(it->second);
    parked_.erase(it);
    for (const Arrival& arrival : waiting) {
      attach(at.node, arrival);
    }
  }
}

void Crawl::on_switch_info(const MadJob& job, const SwitchInfoFields& fields) {
  NodeRecord& node = nodes_[job.purpose.node];
  node.switch_info = fields;
  if (options_.ar) {
    start_ar(job.purpose.node, fields.linear_fdb_top);
  }
  if (!options_.routes) {
    return;
  }
  node.lft.assign(static_cast<std::size_t>(fields.linear_fdb_top) + 1, ForwardingTable::kNoRoute);
  node.lft_blocks_left = lft_block_count(fields.linear_fdb_top);
  for (std::uint32_t i = 0; i < kLftBlocksAheadPerSwitch; ++i) {
    request_next_lft_block(job.purpose.node);
  }
}

// A switch's blocks go out a few at a time, the next one when one comes back: queueing all
// of them at once held every block's MAD job in memory (257,760 of them, 31 MB, on a
// 1,440-switch fabric), and the window stays full anyway with many switches to read.
void Crawl::request_next_lft_block(std::uint32_t index) {
  NodeRecord& node = nodes_[index];
  if (static_cast<std::size_t>(node.lft_next_block) * 64 >= node.lft.size()) {
    return;
  }
  std::uint32_t block = node.lft_next_block++;
  request(node.route, SmpAttribute::LinearForwardingTable, block,
          MadPurpose{MadPurpose::Kind::Lft, index, 0, block});
}

void Crawl::on_lft(const MadJob& job, const SmpReply& reply) {
  NodeRecord& node = nodes_[job.purpose.node];
  std::size_t first = static_cast<std::size_t>(job.purpose.block) * 64;
  for (std::size_t i = 0; i < 64 && first + i < node.lft.size(); ++i) {
    node.lft[first + i] = reply.data[i];
  }
  --node.lft_blocks_left;
  request_next_lft_block(job.purpose.node);
}

namespace {

// The reads the re-probe pass asks again: the topology's, and the counters phase's. What
// waits on them (arrivals parked on a probe, a switch's SL-to-VL reads, the ports waiting on
// a PMA's details probe) waits until then; an LFT goes on with its next block, the counters
// phase with its next port.
bool reprobes(MadPurpose::Kind kind) {
  using Kind = MadPurpose::Kind;
  return kind == Kind::Probe || kind == Kind::Description || kind == Kind::SwitchInfo ||
         kind == Kind::PortInfo || kind == Kind::MlnxExt || kind == Kind::Lft || is_counters(kind);
}

}  // namespace

bool Crawl::reprobe() {
  std::vector<MadJob> jobs = std::move(deferred_);
  deferred_.clear();
  if (!options_.reprobe || engine_.expired()) {
    first_pass_ = false;
    SmpReply timeout;
    timeout.status = SmpStatus::Timeout;
    for (const MadJob& job : jobs) {
      handle(job, timeout);  // no longer the first pass: each becomes an issue (or nothing)
    }
    return false;
  }
  for (MadJob job : jobs) {
    job.max_retries = job.attempts + options_.retries;  // attempts so far, then a fresh round
    // PerfMgt goes by LID, on the SM's routes: only a directed route can go around.
    if (auto* smp = std::get_if<SmpRequest>(&job.request)) {
      smp->route = detour(smp->route, job.purpose);
    }
    engine_.count_reprobe();
    engine_.submit(job);
  }
  return !jobs.empty();
}

// The shortest route over the cables known so far to the node a failed MAD was for (a probe:
// the switch it leaves from, plus its last hop), avoiding the switches the failed route went
// through: a switch that drops MADs is usually the reason. The old route when there is none.
DirectedRoute Crawl::detour(const DirectedRoute& failed, const MadPurpose& purpose) const {
  bool probe = purpose.kind == MadPurpose::Kind::Probe;
  // Detours are routes from the local node (node 0); a crawl started elsewhere has none.
  if (purpose.node == MadPurpose::kNoNode || nodes_.empty() || failed.size() < 2 ||
      !options_.start.empty()) {
    return failed;
  }
  std::uint32_t target = purpose.node;
  std::vector<std::uint32_t> passed;  // the nodes the failed route went through, in order
  std::uint32_t at = 0;
  std::size_t through = failed.size() - (probe ? 1 : 0);
  for (std::size_t hop = 0; hop < through; ++hop) {
    const NodeRecord& node = nodes_[at];
    if (failed[hop] >= node.ports.size() || !node.ports[failed[hop]].peer) {
      break;
    }
    at = node.ports[failed[hop]].peer->node;
    if (at != target) {
      passed.push_back(at);
    }
  }
  // Around all of them if the cables allow, else all but the first (the local port's own
  // switch is on every route), and so on.
  for (std::size_t first = 0; first < passed.size(); ++first) {
    std::vector<bool> avoid(nodes_.size(), false);
    for (std::size_t i = first; i < passed.size(); ++i) {
      avoid[passed[i]] = true;
    }
    if (std::optional<DirectedRoute> route = shortest_route(target, avoid, probe)) {
      return probe ? route->extended(failed[failed.size() - 1]) : *route;
    }
  }
  return failed;
}

std::optional<DirectedRoute> Crawl::shortest_route(std::uint32_t target,
                                                   const std::vector<bool>& avoid,
                                                   bool probe) const {
  std::size_t limit = std::min(options_.max_hops, DirectedRoute::kMaxHops) - (probe ? 1 : 0);
  std::vector<std::optional<DirectedRoute>> route(nodes_.size());
  route[0] = DirectedRoute();
  std::deque<std::uint32_t> queue{0};
  while (!queue.empty() && !route[target]) {
    std::uint32_t u = queue.front();
    queue.pop_front();
    const NodeRecord& node = nodes_[u];
    if ((u != 0 && !node.is_switch()) || route[u]->size() >= limit) {
      continue;  // only switches forward a directed route
    }
    for (std::size_t p = 1; p < node.ports.size(); ++p) {
      const std::optional<PeerRef>& peer = node.ports[p].peer;
      if (peer && !route[peer->node] && !avoid[peer->node]) {
        route[peer->node] = route[u]->extended(static_cast<std::uint8_t>(p));
        queue.push_back(peer->node);
      }
    }
  }
  return route[target];
}

namespace {

// What a failed read's issue says: the failure, and that the --deadline ended it when it did.
std::string failure_text(const MadJob& job, const SmpReply& reply, bool deadline_passed) {
  std::string what = describe_failure(reply, job.attempts);
  if (deadline_passed && reply.status == SmpStatus::Timeout) {
    what = (job.attempts == 0 ? std::string("not sent") : what) + " by the --deadline";
  }
  return what;
}

}  // namespace

bool Crawl::defer(const MadJob& job, const SmpReply& reply) {
  int rounds = static_cast<int>(kReprobes + 1) * (options_.retries + 1);
  if (!first_pass_ || job.attempts >= rounds || reply.status != SmpStatus::Timeout ||
      engine_.expired() || !reprobes(job.purpose.kind)) {
    return false;
  }
  deferred_.push_back(job);
  return true;
}

void Crawl::on_failure(const MadJob& job, const SmpReply& reply) {
  using Kind = MadPurpose::Kind;
  const MadPurpose& p = job.purpose;
  if (defer(job, reply)) {
    if (p.kind == Kind::Lft) {
      request_next_lft_block(p.node);
    }
    return;
  }
  IssueKind kind = reply.status == SmpStatus::Timeout ? IssueKind::NoAnswer : IssueKind::Rejected;
  std::string what = failure_text(job, reply, engine_.expired());
  if (p.kind == Kind::MlnxExt && reply.status == SmpStatus::Rejected) {
    return;  // not a Mellanox device: no FDR10 to see
  }
  std::optional<std::uint32_t> node;
  if (p.node != MadPurpose::kNoNode) {
    node = p.node;
  }
  bool port_level = p.kind == Kind::Probe || p.kind == Kind::PortInfo || p.kind == Kind::MlnxExt;
  std::optional<std::uint8_t> port = port_level && node ? std::optional(p.port) : std::nullopt;
  if (p.kind == Kind::Probe) {
    what += node ? ": whatever is cabled to this port is missing from the snapshot"
                 : ": the local port does not answer";
  }
  if (p.kind == Kind::Probe && node) {
    end_probe(*node, p.port, ProbeState::Failed);
    if (port_of(PeerRef{*node, p.port}).peer) {
      return;  // the far end's own probe came over this cable: nothing is missing
    }
  }
  add_issue(kind, job, node, port, what);
  if (p.kind == Kind::PortInfo) {
    sl_to_vl_after_port_info(job, nullptr);
  }
  if (p.kind == Kind::PortInfo && nodes_[p.node].is_switch() && p.port != 0) {
    end_probe(p.node, p.port, ProbeState::Failed);
  } else if (p.kind == Kind::Lft) {
    nodes_[p.node].lft_failed = true;
    request_next_lft_block(p.node);  // the rest of the table is still worth reporting on
  }
}

void Crawl::add_issue(IssueKind kind, const MadJob& job, std::optional<std::uint32_t> node,
                      std::optional<std::uint8_t> port, std::string what) {
  PendingIssue pending;
  DiscoveryIssue& issue = pending.issue;
  issue.kind = kind;
  issue.port = port;
  issue.attempts = job.attempts;
  issue.what = std::move(what);
  if (const auto* smp = std::get_if<SmpRequest>(&job.request)) {
    issue.attribute = to_string(smp->attribute);
    issue.modifier = smp->modifier;
    issue.route = smp->route;
  } else {
    const auto& perf = std::get<PerfRequest>(job.request);
    issue.attribute = to_string(perf.attribute);
    issue.modifier = perf.port_select;
    issue.lid = perf.lid;
  }
  pending.node = node;
  issues_.push_back(std::move(pending));
}

}  // namespace ibatlas
