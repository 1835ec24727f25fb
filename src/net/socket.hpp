#pragma once

// Sockets with deadlines: every call that can wait takes a Deadline and waits in poll(2), so
// a silent or half-open peer costs at most the time given, never a hang. Failures throw
// Error with the reason in words ("connection refused", "timed out after 3000 ms").

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <sys/socket.h>

namespace ibatlas::net {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;

// Milliseconds left until `deadline`, 0 once it has passed: what poll(2) takes.
int millis_until(Deadline deadline);

// Owns one file descriptor.
class Fd {
 public:
  Fd() = default;

  explicit Fd(int fd) : fd_(fd) {}

  ~Fd() { reset(); }

  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

  Fd& operator=(Fd&& other) noexcept;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;

  int get() const { return fd_; }

  bool valid() const { return fd_ >= 0; }

  void reset();

 private:
  int fd_ = -1;
};

struct SocketAddress {
  sockaddr_storage storage{};
  socklen_t length = 0;

  const sockaddr* get() const { return reinterpret_cast<const sockaddr*>(&storage); }

  std::string ip() const;  // "10.0.0.5", "::1"
  std::uint16_t port() const;
  std::string text() const;  // "10.0.0.5:7000", "[::1]:7000"
  bool same_ip(const SocketAddress& other) const;
};

// "HOST:PORT" or "[V6]:PORT"; HOST may be a name (resolved once, first address). Throws
// Error on bad syntax or a name that does not resolve.
SocketAddress resolve_host_port(std::string_view text, int socket_type);

// A numeric IP address (no name lookup) and a port. Throws Error if `ip` is not one.
SocketAddress numeric_address(std::string_view ip, std::uint16_t port);

std::uint16_t local_port(int fd);

Fd tcp_listen(const SocketAddress& address);
Fd udp_bind(const SocketAddress& address);

// Accepts one connection if one is waiting (the listener is non-blocking).
Fd accept_client(int listener, SocketAddress& peer);

Fd tcp_connect(const SocketAddress& address, Deadline deadline);

void write_all(int fd, std::string_view bytes, Deadline deadline);
std::string read_exact(int fd, std::size_t count, Deadline deadline);

// Waits up to `timeout` for `fd` to become readable (or closed, or failed).
bool wait_readable(int fd, std::chrono::milliseconds timeout);

// Appends what one recv returns, at most `limit` bytes (the socket is non-blocking, so
// possibly nothing); false when the peer has closed.
bool read_available(int fd, std::string& into, std::size_t limit = 16384);

}  // namespace ibatlas::net
