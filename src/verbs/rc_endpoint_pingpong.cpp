// The two loops of a ping-pong block. Both busy-poll the CQ: a completion channel would add
// an interrupt and a wake-up (tens of microseconds on a VM) to every round trip.

#include <algorithm>
#include <array>
#include <cstring>

#include "ibatlas/verbs/rc_endpoint.hpp"

namespace ibatlas {
namespace {

using Clock = std::chrono::steady_clock;

bool is_cancelled(const std::atomic<bool>* flag) {
  return flag != nullptr && flag->load(std::memory_order_relaxed);
}

std::uint32_t read_sequence(const std::vector<std::uint8_t>& buffer, std::size_t offset) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    v = (v << 8) | buffer[offset + i];
  }
  return v;
}

std::uint32_t nanoseconds(Clock::duration d) {
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
  return static_cast<std::uint32_t>(std::clamp<long long>(ns, 0, UINT32_MAX));
}

}  // namespace

// Until the reply to `sequence` and the request's own send completion are in, a completion
// fails, or the deadline. A reply to another sequence number is counted in `late`.
RcEndpoint::Awaited RcEndpoint::await_reply(std::uint32_t sequence, Clock::time_point deadline,
                                            std::uint32_t& late) {
  Awaited awaited;
  bool send_done = false;
  std::array<VerbsCompletion, 4> completions;
  for (;;) {
    int n = device_.api().poll_cq(cq_, completions);
    Clock::time_point now = Clock::now();
    if (n < 0) {
      awaited.error = std::string("ibv_poll_cq: ") + std::strerror(-n);
      return awaited;
    }
    for (const VerbsCompletion& c : std::span(completions).first(static_cast<std::size_t>(n))) {
      if (c.status != VerbsWcStatus::Success) {
        awaited.error = describe(c);
        return awaited;
      }
      if (c.opcode == VerbsWcOpcode::Send) {
        send_done = true;
        continue;
      }
      std::uint32_t got = read_sequence(buffer_, max_bytes_);
      if (post_receive() != 0) {
        awaited.error = "ibv_post_recv failed";
        return awaited;
      }
      if (got == sequence) {
        awaited.replied = true;
        awaited.at = now;
      } else {
        ++late;
      }
    }
    if ((awaited.replied && send_done) || now >= deadline) {
      return awaited;
    }
  }
}

ProbeResult RcEndpoint::ping(const RcPingOptions& options) {
  ProbeResult result;
  result.status = ProbeStatus::Ok;
  std::uint32_t total = options.warmup + options.samples;
  for (std::uint32_t i = 0; i < total; ++i) {
    if (is_cancelled(options.cancel)) {
      result.status = ProbeStatus::Failed;
      result.detail = "cancelled";
      break;
    }
    bool measured = i >= options.warmup;
    Clock::time_point start = Clock::now();
    if (int e = post_message(options.request_bytes, i + 1); e != 0) {
      result.status = ProbeStatus::Failed;
      result.detail = std::string("ibv_post_send: ") + std::strerror(e);
      break;
    }
    result.sent += measured ? 1 : 0;
    std::uint32_t late = 0;
    Awaited awaited = await_reply(i + 1, start + options.sample_timeout, late);
    if (measured) {
      result.late += late;
      if (awaited.replied) {
        result.rtt_ns.push_back(nanoseconds(awaited.at - start));
      } else {
        ++result.lost;
      }
    }
    if (!awaited.error.empty()) {
      state_ = VerbsQpState::Error;  // a failed completion moves an RC QP to the error state
      result.status = ProbeStatus::Failed;
      result.detail = "RC QP " + std::to_string(qp_num_) + " to DLID " + std::to_string(dlid_) +
                      ", request " + std::to_string(i + 1) + " of " + std::to_string(total) + ": " +
                      awaited.error;
      break;
    }
  }
  return result;
}

// A request arrived: post the next receive first (the peer may send again as soon as it has
// the reply), then the reply carrying the request's sequence number.
std::string RcEndpoint::take_request(const VerbsCompletion& completion, std::uint32_t reply_bytes) {
  if (completion.status != VerbsWcStatus::Success) {
    state_ = VerbsQpState::Error;
    return describe(completion);
  }
  if (completion.opcode != VerbsWcOpcode::Receive) {
    return {};
  }
  std::uint32_t sequence = read_sequence(buffer_, max_bytes_);
  if (post_receive() != 0) {
    return "ibv_post_recv failed";
  }
  if (int e = post_message(reply_bytes, sequence); e != 0) {
    return std::string("ibv_post_send: ") + std::strerror(e);
  }
  return {};
}

RcRespondResult RcEndpoint::respond(const RcRespondOptions& options) {
  RcRespondResult result;
  Clock::time_point deadline = Clock::now() + options.deadline;
  std::array<VerbsCompletion, 4> completions;
  while (result.answered < options.count && result.error.empty()) {
    if (is_cancelled(options.cancel)) {
      result.error = "cancelled";
      break;
    }
    if (Clock::now() >= deadline) {
      result.error = "run time limit reached";
      break;
    }
    int n = device_.api().poll_cq(cq_, completions);
    if (n < 0) {
      result.error = std::string("ibv_poll_cq: ") + std::strerror(-n);
      break;
    }
    for (const VerbsCompletion& c : std::span(completions).first(static_cast<std::size_t>(n))) {
      if (result.error = take_request(c, options.reply_bytes); !result.error.empty()) {
        break;
      }
      result.answered += c.opcode == VerbsWcOpcode::Receive ? 1 : 0;
    }
  }
  if (!result.error.empty()) {
    result.error = "answered " + std::to_string(result.answered) + " of " +
                   std::to_string(options.count) + ": " + result.error;
  }
  return result;
}

}  // namespace ibatlas
