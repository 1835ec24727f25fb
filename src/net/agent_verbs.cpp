#include "net/agent_verbs.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "net/agent_runs.hpp"

namespace ibatlas::net {
namespace {

constexpr std::uint32_t kMinVerbsBytes = 16;  // RcEndpoint's sequence number and header room

std::string ms_text(std::chrono::milliseconds ms) {
  return std::to_string(ms.count()) + " ms";
}

}  // namespace

struct VerbsBlocks::Block {
  VerbsProbeMessage probe;
  std::unique_ptr<RcProbeEndpoint> endpoint;
  bool started = false;
  Clock::time_point created_at = Clock::now();
  Clock::time_point started_at{};
  bool overran = false;
  std::atomic<bool> cancel{false};
  std::atomic<bool> done{false};
  PingOutcome outcome;  // a requester's
  std::string error;    // a responder's
  std::thread thread;
};

VerbsBlocks::VerbsBlocks(const AgentOptions& options, const LineLog& log, std::string peer)
    : options_(options), log_(log), peer_(std::move(peer)) {}

VerbsBlocks::~VerbsBlocks() {
  stop();
}

Message VerbsBlocks::refuse(std::uint64_t token, FailureKind kind, const std::string& why) const {
  log_.line(peer_ + ": " + (kind == FailureKind::Refused ? "refused" : "failed") +
            " verbs probe: " + why);
  return FailureMessage{token, kind, why.substr(0, kMaxTextBytes)};
}

std::string VerbsBlocks::check(const VerbsProbeMessage& m) const {
  if (!options_.verbs) {
    return "probe.transport_unavailable: this agent has no RDMA device open (start it with "
           "--transport verbs on a host with an Active InfiniBand port)";
  }
  if (blocks_.size() >= kMaxVerbsBlocks) {
    return std::to_string(kMaxVerbsBlocks) + " verbs blocks open already";
  }
  for (const std::unique_ptr<Block>& b : blocks_) {
    if (b->probe.token == m.token) {
      return "token in use already";
    }
  }
  std::uint32_t limit = kMaxVerbsBytes;
  for (std::uint32_t bytes : {m.request_bytes, m.reply_bytes}) {
    if (bytes < kMinVerbsBytes || bytes > limit) {
      return "sizes " + std::to_string(m.request_bytes) + "/" + std::to_string(m.reply_bytes) +
             " outside " + std::to_string(kMinVerbsBytes) + ".." + std::to_string(limit);
    }
  }
  return "";
}

Message VerbsBlocks::on_probe(const VerbsProbeMessage& m, const std::string& why_not) {
  std::string why = why_not.empty() ? check(m) : why_not;
  if (!why.empty()) {
    return refuse(m.token, FailureKind::Refused, why);
  }
  RcProblem problem;
  std::unique_ptr<RcProbeEndpoint> endpoint =
      options_.verbs(std::max(m.request_bytes, m.reply_bytes), problem);
  if (!endpoint) {
    return refuse(m.token, FailureKind::Failed, problem.check + ": " + problem.message);
  }
  RcAddress local = endpoint->local();
  auto& block = *blocks_.emplace_back(std::make_unique<Block>());
  block.probe = m;
  block.endpoint = std::move(endpoint);
  return VerbsEndpointMessage{m.token, local.qp_num, local.psn, local.lid, local.gid, 0, 0, 0};
}

std::optional<Message> VerbsBlocks::on_endpoint(const VerbsEndpointMessage& m) {
  auto it = std::find_if(blocks_.begin(), blocks_.end(), [&m](const std::unique_ptr<Block>& b) {
    return b->probe.token == m.token && !b->started;
  });
  if (it == blocks_.end()) {
    return refuse(m.token, FailureKind::Refused, "no verbs endpoint waits for this token");
  }
  Block& block = **it;
  std::string error;
  if (m.dlid == 0 || m.dlid >= 0xc000 || m.mtu == 0) {
    error = "DLID " + std::to_string(m.dlid) + " or MTU code " + std::to_string(m.mtu) +
            " is not a unicast path";
  } else {
    error = block.endpoint->connect(RcAddress{m.qp_num, m.psn, m.lid, m.gid},
                                    RcRoute{m.dlid, m.sl, m.mtu});
  }
  if (!error.empty()) {
    blocks_.erase(it);
    return refuse(m.token, FailureKind::Failed, error);
  }
  const VerbsProbeMessage& p = block.probe;
  std::uint32_t count = p.warmup + p.samples;
  block.started = true;
  block.started_at = Clock::now();
  if (p.role == VerbsRole::Responder) {
    auto deadline = std::min(
        std::chrono::milliseconds(std::uint64_t{p.timeout_ms} * count) + options_.handshake_timeout,
        options_.max_run_time);
    block.thread = std::thread([&block, count, deadline] {
      block.error = block.endpoint->respond(block.probe.reply_bytes, count, deadline, block.cancel);
      block.done = true;
    });
    return ArmedMessage{m.token};
  }
  ProbeRequest request{.tag = m.token,
                       .request_bytes = p.request_bytes,
                       .reply_bytes = p.reply_bytes,
                       .samples = p.samples,
                       .warmup = p.warmup,
                       .sample_timeout = std::chrono::milliseconds(p.timeout_ms)};
  block.thread = std::thread([&block, request, cpu = options_.cpu] {
    if (cpu) {
      pin_to_cpu(*cpu);
    }
    take_result(block.outcome, block.endpoint->ping(request, block.cancel), block.cancel.load());
    block.done = true;
  });
  return std::nullopt;
}

Message VerbsBlocks::report(Block& block) const {
  const PingOutcome& o = block.outcome;
  std::uint64_t token = block.probe.token;
  if (block.overran) {
    return FailureMessage{token, FailureKind::Refused,
                          "ran past the agent's limit of " + ms_text(options_.max_run_time)};
  }
  if (o.cancelled) {
    return FailureMessage{token, FailureKind::Failed, "cancelled"};
  }
  if (!o.error.empty()) {
    return FailureMessage{token, FailureKind::Failed, o.error.substr(0, kMaxTextBytes)};
  }
  return ResultMessage{token, o.sent, o.lost, o.duplicates, o.late, o.rtt_ns};
}

std::vector<Message> VerbsBlocks::finish() {
  std::vector<Message> out;
  Clock::time_point now = Clock::now();
  for (auto it = blocks_.begin(); it != blocks_.end();) {
    Block& block = **it;
    bool requester = block.probe.role == VerbsRole::Requester;
    if (!block.started &&
        now - block.created_at > options_.max_run_time + options_.handshake_timeout) {
      log_.line(peer_ + ": verbs endpoint for token " + std::to_string(block.probe.token) +
                ": the peer's never came; released");
      it = blocks_.erase(it);
      continue;
    }
    if (block.started && requester && !block.done &&
        now - block.started_at > options_.max_run_time) {
      block.overran = true;
      block.cancel = true;
    }
    if (!block.done.load()) {
      ++it;
      continue;
    }
    block.thread.join();
    if (requester) {
      out.push_back(report(block));
    } else if (!block.error.empty()) {
      log_.line(peer_ + ": verbs responder for token " + std::to_string(block.probe.token) + ": " +
                block.error);
    }
    it = blocks_.erase(it);
  }
  return out;
}

void VerbsBlocks::stop() {
  for (const std::unique_ptr<Block>& block : blocks_) {
    block->cancel = true;
  }
  for (const std::unique_ptr<Block>& block : blocks_) {
    if (block->thread.joinable()) {
      block->thread.join();
    }
  }
  blocks_.clear();
}

}  // namespace ibatlas::net
