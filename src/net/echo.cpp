// The responder loop. With busy-poll it spins on a non-blocking recvfrom only while some
// token is armed, and sleeps in poll(2) otherwise, so an idle agent costs no CPU.

#include "net/echo.hpp"

#include <string>
#include <vector>

#include "net/pinger.hpp"
#include <poll.h>
#include <sys/socket.h>

namespace ibatlas::net {

bool ArmedTokens::arm(std::uint64_t token, const SocketAddress& peer, std::uint32_t max_packets,
                      Deadline until, std::uint64_t session) {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.emplace(token, Entry{peer, max_packets, until, session}).second;
}

bool ArmedTokens::take(std::uint64_t token, const SocketAddress& from, Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(token);
  if (it == entries_.end() || !it->second.peer.same_ip(from)) {
    return false;
  }
  if (it->second.packets_left == 0 || now > it->second.until) {
    entries_.erase(it);
    return false;
  }
  --it->second.packets_left;
  return true;
}

void ArmedTokens::disarm_session(std::uint64_t session) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase_if(entries_, [session](const auto& entry) { return entry.second.session == session; });
}

bool ArmedTokens::any_armed(Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase_if(entries_, [now](const auto& entry) { return now > entry.second.until; });
  return !entries_.empty();
}

namespace {

constexpr std::chrono::milliseconds kIdleWait{20};
constexpr std::chrono::milliseconds kArmedRecheck{10};
constexpr std::chrono::seconds kIgnoredLogEvery{1};

// Counts dropped packets and logs them at most once a second.
class IgnoredLog {
 public:
  explicit IgnoredLog(const LineLog& log) : log_(log) {}

  void drop(const SocketAddress& from, Clock::time_point now) {
    ++count_;
    if (now - last_ >= kIgnoredLogEvery) {
      log_.line("udp: ignored " + std::to_string(count_) + " packet(s), the last from " +
                from.text() + ": no token armed for that sender");
      count_ = 0;
      last_ = now;
    }
  }

 private:
  const LineLog& log_;
  std::uint64_t count_ = 0;
  Clock::time_point last_{};
};

}  // namespace

void run_echo(int fd, ArmedTokens& tokens, const EchoOptions& options, const LineLog& log,
              const std::atomic<bool>& stop) {
  std::vector<char> packet(kMaxUdpPayload + 1);
  std::vector<char> reply(kMaxUdpPayload, '\0');
  IgnoredLog ignored(log);
  bool spin = false;
  Clock::time_point recheck = Clock::now();
  while (!stop.load(std::memory_order_relaxed)) {
    SocketAddress from;
    from.length = sizeof from.storage;
    ssize_t n = ::recvfrom(fd, packet.data(), packet.size(), MSG_DONTWAIT,
                           reinterpret_cast<sockaddr*>(&from.storage), &from.length);
    Clock::time_point now = Clock::now();
    if (n < 0) {
      if (now >= recheck) {
        spin = options.busy_poll && tokens.any_armed(now);
        recheck = now + kArmedRecheck;
      }
      if (!spin) {
        pollfd entry{fd, POLLIN, 0};
        ::poll(&entry, 1, static_cast<int>(kIdleWait.count()));
      }
      continue;
    }
    std::optional<ProbeHeader> header =
        read_probe_header(std::string_view(packet.data(), static_cast<std::size_t>(n)));
    if (!header || header->reply_bytes < kProbeHeaderBytes ||
        header->reply_bytes > options.max_reply_bytes || !tokens.take(header->token, from, now)) {
      ignored.drop(from, now);
      continue;
    }
    write_probe_header(reply.data(), *header);
    ::sendto(fd, reply.data(), header->reply_bytes, 0, from.get(), from.length);
  }
}

}  // namespace ibatlas::net
