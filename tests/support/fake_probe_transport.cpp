#include "support/fake_probe_transport.hpp"

#include <algorithm>

namespace ibatlas::test {

namespace {

constexpr double kHopNs = 300;    // switch and wire latency per hop
constexpr double kHostNs = 2000;  // both hosts' software per round trip
constexpr double kNoiseNs = 150;  // standard deviation of the host noise
constexpr double kDefaultGbps = 100;
constexpr std::size_t kMaxHops = 64;

}  // namespace

FakeProbeTransport::FakeProbeTransport(const Fabric& fabric, std::uint64_t seed)
    : fabric_(fabric), random_(seed) {}

double FakeProbeTransport::hop_ns(PortId out, std::uint32_t bytes) const {
  const Port& p = fabric_.port(out);
  double gbps = kDefaultGbps;
  if (p.width_active && p.speed_active) {
    gbps = lanes(*p.width_active) * lane_rate_gbps(*p.speed_active);
  }
  auto slow = slow_.find(out);
  if (slow != slow_.end()) {
    gbps /= slow->second;
  }
  return kHopNs + bytes * 8.0 / gbps;  // bits / (Gb/s) = ns
}

// Follows the forwarding tables from a CA port to `lid`; each link crossed costs a hop.
double FakeProbeTransport::route_ns(PortId from, Lid lid, std::uint32_t bytes) const {
  double ns = 0;
  PortId out = from;
  for (std::size_t hop = 0; hop < kMaxHops; ++hop) {
    ns += hop_ns(out, bytes);
    const Port& port = fabric_.port(out);
    if (!port.peer) {
      return ns;
    }
    const Port& in = fabric_.port(*port.peer);
    const Node& node = fabric_.node(in.node);
    if (node.type != NodeType::Switch) {
      return ns;
    }
    const ForwardingTable* table = nullptr;
    for (const ForwardingTable& t : fabric_.forwarding_tables()) {
      if (t.switch_node == in.node) {
        table = &t;
      }
    }
    if (table == nullptr || lid >= table->out_port.size()) {
      return ns;
    }
    std::optional<PortId> next = fabric_.find_port(in.node, table->out_port[lid]);
    if (!next) {
      return ns;
    }
    out = *next;
  }
  return ns;
}

void FakeProbeTransport::send(const ProbeRequest& request) {
  ++requests_;
  most_in_flight_ = std::max(most_in_flight_, ready_.size() + 1);
  ProbeResult r;
  r.tag = request.tag;
  for (PortId host : {request.from, request.to}) {
    if (unreachable_.count(host) != 0) {
      r.status = ProbeStatus::Unreachable;
      r.culprit = host;
      r.detail =
          "agent of " + fabric_.node(fabric_.node_of(host)).description + ": connection refused";
      ready_.push_back(std::move(r));
      return;
    }
  }
  r.status = ProbeStatus::Ok;
  Lid back = fabric_.port(request.from).base_lid.value_or(0);
  double mean = kHostNs + route_ns(request.from, request.dlid, request.request_bytes) +
                route_ns(request.to, back, request.reply_bytes);
  std::normal_distribution<double> noise(0, kNoiseNs);
  for (std::uint32_t i = 0; i < request.samples; ++i) {
    ++r.sent;
    if (lose_every_ != 0 && (r.sent % lose_every_) == 0) {
      ++r.lost;
      continue;
    }
    double ns = std::max(100.0, mean + std::abs(noise(random_)));
    r.rtt_ns.push_back(static_cast<std::uint32_t>(ns));
  }
  ready_.push_back(std::move(r));
}

std::vector<ProbeResult> FakeProbeTransport::poll(std::chrono::milliseconds /*timeout*/) {
  std::vector<ProbeResult> out(std::make_move_iterator(ready_.begin()),
                               std::make_move_iterator(ready_.end()));
  ready_.clear();
  if (cancelled_) {
    for (ProbeResult& r : out) {
      r.status = ProbeStatus::Failed;
      r.detail = "cancelled";
      r.rtt_ns.clear();
    }
  }
  return out;
}

}  // namespace ibatlas::test
