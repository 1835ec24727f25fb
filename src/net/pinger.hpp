#pragma once

// The data path: UDP ping-pong (research/probe-spec.md §1 and §6.3). One request outstanding
// at a time, a sequence number in every packet, a timeout per sample; a reply that comes
// late, twice, or for another request is counted and never becomes a sample. RTTs are taken
// from the steady clock (CLOCK_MONOTONIC) in nanoseconds and never halved.
//
// Every probe packet starts with token(8) seq(8) reply_bytes(4), big-endian; the rest is
// padding up to the packet's size. The responder (echo.hpp) answers only armed tokens.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/socket.hpp"

namespace ibatlas::net {

inline constexpr std::uint32_t kProbeHeaderBytes = 20;
inline constexpr std::uint32_t kMaxUdpPayload = 65507;

struct ProbeHeader {
  std::uint64_t token = 0;
  std::uint64_t sequence = 0;
  std::uint32_t reply_bytes = 0;
};

void write_probe_header(char* packet, const ProbeHeader& header);  // kProbeHeaderBytes
std::optional<ProbeHeader> read_probe_header(std::string_view packet);

struct PingSpec {
  std::uint64_t token = 0;
  std::uint32_t request_bytes = 64;  // >= kProbeHeaderBytes
  std::uint32_t reply_bytes = 64;    // >= kProbeHeaderBytes
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::chrono::nanoseconds sample_timeout{std::chrono::milliseconds(200)};
  bool busy_poll = false;              // spin on a non-blocking recv instead of sleeping in poll
  Deadline give_up = Deadline::max();  // the agent's run-time limit
};

struct PingOutcome {
  std::vector<std::uint32_t> rtt_ns;  // answered requests after the warm-up, in send order
  std::uint32_t sent = 0;
  std::uint32_t lost = 0;
  std::uint32_t duplicates = 0;
  std::uint32_t late = 0;
  bool cancelled = false;
  bool overran = false;  // stopped at give_up
  std::string error;     // a socket error that ended the block
};

// Runs one block on `fd`, a UDP socket connect()ed to the responder. Stops within a few
// milliseconds of `cancel` becoming true. REQUIRES: sample_timeout < 4.29 s (RTTs are u32).
PingOutcome run_ping(int fd, const PingSpec& spec, const std::atomic<bool>& cancel);

// Pins the calling thread to one CPU; false (errno set) if the kernel refuses.
bool pin_to_cpu(int cpu);

}  // namespace ibatlas::net
