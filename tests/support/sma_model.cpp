#include "support/sma_model.hpp"

#include <algorithm>

namespace ibatlas::test {

SmaModelTransport::SmaModelTransport(const Fabric& fabric, SmaModelOptions options)
    : fabric_(fabric),
      options_(std::move(options)),
      answers_(fabric, FabricTransportOptions{.local_port = options_.local_port,
                                              .max_in_flight = options_.max_in_flight}),
      random_(options_.seed) {}

CrawlClock SmaModelTransport::clock() {
  return CrawlClock{[this] { return now_; }, [this](Nanos t) { advance_to(t); }};
}

std::vector<NodeId> SmaModelTransport::path_of(const DirectedRoute& route) const {
  std::vector<NodeId> path{fabric_.port(answers_.local_port()).node};
  DirectedRoute prefix;
  for (std::size_t hop = 0; hop < route.size(); ++hop) {
    prefix = prefix.extended(route[hop]);
    auto reached = answers_.walk(prefix);
    if (!reached) {
      break;
    }
    path.push_back(reached->first);
  }
  return path;
}

// Fixed per node, spread over [service_min, service_max] by a hash of the node's GUID.
SmaModelTransport::Nanos SmaModelTransport::service_of(NodeId node) const {
  std::uint64_t h = fabric_.node(node).guid * 0x9E3779B97F4A7C15ULL;
  auto span = static_cast<std::uint64_t>((options_.service_max - options_.service_min).count());
  return options_.service_min +
         Nanos(span == 0 ? 0 : static_cast<std::int64_t>((h >> 16) % (span + 1)));
}

bool SmaModelTransport::lost_entering(NodeId node) {
  auto it = options_.loss.find(node);
  if (it == options_.loss.end()) {
    return false;
  }
  double draw = static_cast<double>(random_() >> 11) * 0x1.0p-53;
  return draw < it->second;
}

void SmaModelTransport::send(const SmpRequest& request) {
  ++smps_;
  std::vector<NodeId> path = path_of(request.route);
  bool reached = path.size() == request.route.size() + 1;
  // The engine's charge: the node read, or for a NodeInfo probe the node it leaves from.
  NodeId charged_node = path.back();
  if (request.attribute == SmpAttribute::NodeInfo && !request.route.empty()) {
    charged_node = path[std::min(path.size() - 1, request.route.size() - 1)];
  }
  std::size_t& charge = charged_[charged_node.value];
  ++charge;
  peak_charged_ = std::max(peak_charged_, charge);
  if (options_.check_per_node != 0 && charge > options_.check_per_node) {
    ++cap_violations_;
  }
  std::size_t in_flight = due_.size() + 1;
  peak_in_flight_ = std::max(peak_in_flight_, in_flight);
  if (options_.record_sends) {
    in_flight_at_send_.push_back(in_flight);
    sent_.push_back(Sent{request, now_});
  }

  SmpReply reply;
  reply.tag = request.tag;
  Nanos lost_at = now_ + options_.timeout;
  auto hops = static_cast<std::int64_t>(request.route.size());
  Nanos wire = options_.hop_latency * hops;
  bool lost = !reached;
  for (std::size_t i = 1; i < path.size() && !lost; ++i) {
    if (lost_entering(path[i])) {
      lost = true;
      ++loss_drops_;
    }
  }
  Nanos ready = lost_at;
  if (!lost) {
    NodeId dest = path.back();
    Sma& sma = smas_[dest.value];
    Nanos arrive = now_ + wire;
    auto served = std::upper_bound(sma.starts.begin(), sma.starts.end(), arrive);
    sma.starts.erase(sma.starts.begin(), served);
    std::size_t waiting = sma.starts.size();
    peak_at_sma_ = std::max(peak_at_sma_, waiting + (sma.busy_until > arrive ? 1 : 0) + 1);
    if (waiting >= options_.queue_depth) {
      ++queue_drops_;  // VL15 overflow: dropped without a word
      lost = true;
    } else {
      Nanos start = std::max(arrive, sma.busy_until);
      sma.busy_until = start + service_of(dest);
      if (start > arrive) {
        sma.starts.push_back(start);
      }
      ready = sma.busy_until + wire;
      for (std::size_t i = path.size() - 1; i-- > 0 && !lost;) {
        if (lost_entering(path[i])) {  // the reply back through the same nodes
          lost = true;
          ++loss_drops_;
        }
      }
      if (lost) {
        ready = lost_at;
      } else {
        answers_.send(request);
        std::vector<SmpReply> answer = answers_.poll(std::chrono::milliseconds(0));
        reply = answer.at(0);
      }
    }
  }
  if (lost) {
    reply = SmpReply{};
    reply.tag = request.tag;
    reply.status = SmpStatus::Timeout;
    ready = lost_at;
  }
  due_.push(Due{ready, seq_++, reply, charged_node.value});
}

std::vector<SmpReply> SmaModelTransport::poll(std::chrono::milliseconds timeout) {
  std::vector<SmpReply> ready;
  Nanos limit = now_ + timeout;
  if (due_.empty() || due_.top().ready > limit) {
    now_ = limit;
    return ready;
  }
  now_ = std::max(now_, due_.top().ready);
  while (!due_.empty() && due_.top().ready <= now_) {
    ready.push_back(due_.top().reply);
    auto it = charged_.find(due_.top().charged);
    if (--it->second == 0) {
      charged_.erase(it);
    }
    due_.pop();
  }
  return ready;
}

std::vector<SmaModelTransport::Nanos> SmaModelTransport::sends_to(NodeId node) const {
  std::vector<Nanos> times;
  for (const Sent& s : sent_) {
    auto reached = answers_.walk(s.request.route);
    if (reached && reached->first == node) {
      times.push_back(s.at);
    }
  }
  return times;
}

}  // namespace ibatlas::test
