// The pinger's inner loop is the measurement: between taking the send time and taking the
// receive time it does only the syscalls and a header compare, so that our RTT stays within
// a few percent of a bare ping-pong loop (tests/bench/probe_udp_bench.cpp keeps us honest).

#include "net/pinger.hpp"

#include <cerrno>
#include <cstring>

#include <poll.h>
#include <sched.h>
#include <sys/socket.h>

namespace ibatlas::net {
namespace {

// How long a blocking wait sleeps at most before looking at the cancel flag again.
constexpr std::chrono::milliseconds kCancelCheck{20};

void put_be(char* out, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) {
    out[i] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
}

std::uint64_t get_be(const char* in, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) {
    v = (v << 8) | static_cast<unsigned char>(in[i]);
  }
  return v;
}

// Sleeps in ppoll until fd is readable, the deadline passes, or kCancelCheck elapses.
void sleep_until_readable(int fd, Deadline deadline) {
  auto left = std::min<Clock::duration>(deadline - Clock::now(), kCancelCheck);
  if (left <= Clock::duration::zero()) {
    return;
  }
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
  timespec timeout{static_cast<time_t>(ns / 1000000000), static_cast<long>(ns % 1000000000)};
  pollfd entry{fd, POLLIN, 0};
  ::ppoll(&entry, 1, &timeout, nullptr);
}

// The reply bookkeeping of one block.
class Block {
 public:
  Block(int fd, const PingSpec& spec, const std::atomic<bool>& cancel)
      : fd_(fd),
        spec_(spec),
        cancel_(cancel),
        answered_(spec.warmup + spec.samples, false),
        reply_(kMaxUdpPayload + 1) {}

  // Waits for the reply to `sequence`, sent at `sent_at`; its RTT, or nothing when it is lost.
  std::optional<std::uint32_t> await(std::uint64_t sequence, Clock::time_point sent_at,
                                     PingOutcome& outcome) {
    Deadline deadline = sent_at + spec_.sample_timeout;
    while (!cancel_.load(std::memory_order_relaxed)) {
      ssize_t n = ::recv(fd_, reply_.data(), reply_.size(), MSG_DONTWAIT);
      Clock::time_point now = Clock::now();
      if (n >= static_cast<ssize_t>(kProbeHeaderBytes) && is_ours() &&
          accept(get_be(reply_.data() + 8, 8), sequence, outcome)) {
        return static_cast<std::uint32_t>((now - sent_at) / std::chrono::nanoseconds(1));
      }
      if (now >= deadline) {
        return std::nullopt;
      }
      if (n < 0 && !spec_.busy_poll) {
        sleep_until_readable(fd_, deadline);
      }
    }
    return std::nullopt;
  }

  bool counts(std::uint64_t sequence) const { return sequence >= spec_.warmup; }

 private:
  bool is_ours() const { return get_be(reply_.data(), 8) == spec_.token; }

  // True for the awaited reply, seen for the first time; counts the others.
  bool accept(std::uint64_t got, std::uint64_t awaited, PingOutcome& outcome) {
    if (got >= answered_.size() || got > awaited) {
      return false;  // never sent: not a reply to us
    }
    if (answered_[got]) {
      outcome.duplicates += counts(got) ? 1 : 0;
      return false;
    }
    answered_[got] = true;
    if (got != awaited) {
      outcome.late += counts(got) ? 1 : 0;
      return false;
    }
    return true;
  }

  int fd_;
  const PingSpec& spec_;
  const std::atomic<bool>& cancel_;
  std::vector<bool> answered_;
  std::vector<char> reply_;
};

}  // namespace

void write_probe_header(char* packet, const ProbeHeader& header) {
  put_be(packet, header.token, 8);
  put_be(packet + 8, header.sequence, 8);
  put_be(packet + 16, header.reply_bytes, 4);
}

std::optional<ProbeHeader> read_probe_header(std::string_view packet) {
  if (packet.size() < kProbeHeaderBytes) {
    return std::nullopt;
  }
  return ProbeHeader{get_be(packet.data(), 8), get_be(packet.data() + 8, 8),
                     static_cast<std::uint32_t>(get_be(packet.data() + 16, 4))};
}

PingOutcome run_ping(int fd, const PingSpec& spec, const std::atomic<bool>& cancel) {
  PingOutcome outcome;
  outcome.rtt_ns.reserve(spec.samples);
  Block block(fd, spec, cancel);
  std::vector<char> request(spec.request_bytes, '\0');
  std::uint64_t total = std::uint64_t{spec.warmup} + spec.samples;
  for (std::uint64_t sequence = 0; sequence < total; ++sequence) {
    if (cancel.load(std::memory_order_relaxed)) {
      outcome.cancelled = true;
      break;
    }
    if (Clock::now() >= spec.give_up) {
      outcome.overran = true;
      break;
    }
    write_probe_header(request.data(), ProbeHeader{spec.token, sequence, spec.reply_bytes});
    Clock::time_point sent_at = Clock::now();
    if (::send(fd, request.data(), request.size(), 0) < 0 && errno != ECONNREFUSED) {
      outcome.error = std::string("send: ") + std::strerror(errno);
      break;
    }
    std::optional<std::uint32_t> rtt = block.await(sequence, sent_at, outcome);
    if (!block.counts(sequence)) {
      continue;
    }
    ++outcome.sent;
    if (rtt) {
      outcome.rtt_ns.push_back(*rtt);
    } else if (!cancel.load(std::memory_order_relaxed)) {
      ++outcome.lost;
    }
  }
  outcome.cancelled = outcome.cancelled || cancel.load();
  return outcome;
}

bool pin_to_cpu(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

}  // namespace ibatlas::net
