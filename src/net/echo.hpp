#pragma once

// The responder side of the data path. The agent answers a UDP probe only if a controller
// ARMed its token, for that sender, within a time window and a packet budget; everything
// else is dropped (and counted in the log, at most one line a second), so the agent is never
// an open UDP reflector.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "net/line_log.hpp"
#include "net/socket.hpp"

namespace ibatlas::net {

class ArmedTokens {
 public:
  // False if the token is armed already (tokens are random: a repeat is a replay or a bug).
  bool arm(std::uint64_t token, const SocketAddress& peer, std::uint32_t max_packets,
           Deadline until, std::uint64_t session);

  // True if `token` is armed for `from` now, and uses one of its packets.
  bool take(std::uint64_t token, const SocketAddress& from, Clock::time_point now);

  void disarm_session(std::uint64_t session);

  // Some token is armed and not expired: the responder spins (busy-poll) only then.
  bool any_armed(Clock::time_point now);

 private:
  struct Entry {
    SocketAddress peer;
    std::uint32_t packets_left = 0;
    Deadline until;
    std::uint64_t session = 0;
  };

  std::mutex mutex_;
  std::unordered_map<std::uint64_t, Entry> entries_;
};

struct EchoOptions {
  bool busy_poll = false;
  std::uint32_t max_reply_bytes = 65507;
};

// Answers armed probes on `fd` (a bound UDP socket) until `stop`.
void run_echo(int fd, ArmedTokens& tokens, const EchoOptions& options, const LineLog& log,
              const std::atomic<bool>& stop);

}  // namespace ibatlas::net
