// Every socket is non-blocking from birth (SOCK_NONBLOCK), and every wait is a poll(2) with
// the time left: the only blocking the control channel ever does is bounded.

#include "net/socket.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "ibatlas/error.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <unistd.h>

namespace ibatlas::net {
namespace {

[[noreturn]] void fail(const std::string& what, int error) {
  throw Error(what + ": " + std::strerror(error));
}

Fd new_socket(int family, int type) {
  int fd = ::socket(family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    fail("socket", errno);
  }
  return Fd(fd);
}

// Waits for `events` on fd until the deadline; false when it passed first.
bool wait_for(int fd, short events, Deadline deadline) {
  while (true) {
    pollfd entry{fd, events, 0};
    int ready = ::poll(&entry, 1, millis_until(deadline));
    if (ready > 0) {
      return true;
    }
    if (ready == 0) {
      return false;
    }
    if (errno != EINTR) {
      fail("poll", errno);
    }
  }
}

}  // namespace

int millis_until(Deadline deadline) {
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

Fd& Fd::operator=(Fd&& other) noexcept {
  if (this != &other) {
    reset();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void Fd::reset() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

std::string SocketAddress::ip() const {
  char text[INET6_ADDRSTRLEN] = {};
  const void* raw =
      storage.ss_family == AF_INET6
          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_addr)
          : static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(&storage)->sin_addr);
  ::inet_ntop(storage.ss_family, raw, text, sizeof text);
  return text;
}

std::uint16_t SocketAddress::port() const {
  return storage.ss_family == AF_INET6
             ? ntohs(reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_port)
             : ntohs(reinterpret_cast<const sockaddr_in*>(&storage)->sin_port);
}

std::string SocketAddress::text() const {
  std::string host = storage.ss_family == AF_INET6 ? "[" + ip() + "]" : ip();
  return host + ":" + std::to_string(port());
}

bool SocketAddress::same_ip(const SocketAddress& other) const {
  // Raw bytes, not text: the responder asks this for every packet.
  if (storage.ss_family != other.storage.ss_family) {
    return false;
  }
  if (storage.ss_family == AF_INET) {
    return reinterpret_cast<const sockaddr_in*>(&storage)->sin_addr.s_addr ==
           reinterpret_cast<const sockaddr_in*>(&other.storage)->sin_addr.s_addr;
  }
  return std::memcmp(&reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_addr,
                     &reinterpret_cast<const sockaddr_in6*>(&other.storage)->sin6_addr,
                     sizeof(in6_addr)) == 0;
}

SocketAddress resolve_host_port(std::string_view text, int socket_type) {
  std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon + 1 == text.size()) {
    throw Error("address \"" + std::string(text) + "\": expected HOST:PORT");
  }
  std::string host(text.substr(0, colon));
  std::string port(text.substr(colon + 1));
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = socket_type;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* found = nullptr;
  int status = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), port.c_str(), &hints, &found);
  if (status != 0) {
    throw Error("address \"" + std::string(text) + "\": " + ::gai_strerror(status));
  }
  SocketAddress address;
  std::memcpy(&address.storage, found->ai_addr, found->ai_addrlen);
  address.length = found->ai_addrlen;
  ::freeaddrinfo(found);
  return address;
}

SocketAddress numeric_address(std::string_view ip, std::uint16_t port) {
  std::string text(ip);
  SocketAddress address;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&address.storage);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&address.storage);
  if (::inet_pton(AF_INET, text.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(port);
    address.length = sizeof(sockaddr_in);
  } else if (::inet_pton(AF_INET6, text.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    address.length = sizeof(sockaddr_in6);
  } else {
    throw Error("\"" + text + "\" is not an IP address");
  }
  return address;
}

std::uint16_t local_port(int fd) {
  SocketAddress address;
  address.length = sizeof address.storage;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&address.storage), &address.length) != 0) {
    fail("getsockname", errno);
  }
  return address.port();
}

Fd tcp_listen(const SocketAddress& address) {
  Fd fd = new_socket(address.storage.ss_family, SOCK_STREAM);
  int on = 1;
  ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (::bind(fd.get(), address.get(), address.length) != 0) {
    fail("bind " + address.text() + " (TCP)", errno);
  }
  if (::listen(fd.get(), 16) != 0) {
    fail("listen " + address.text(), errno);
  }
  return fd;
}

Fd udp_bind(const SocketAddress& address) {
  Fd fd = new_socket(address.storage.ss_family, SOCK_DGRAM);
  if (::bind(fd.get(), address.get(), address.length) != 0) {
    fail("bind " + address.text() + " (UDP)", errno);
  }
  return fd;
}

Fd accept_client(int listener, SocketAddress& peer) {
  peer.length = sizeof peer.storage;
  int fd = ::accept4(listener, reinterpret_cast<sockaddr*>(&peer.storage), &peer.length,
                     SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd >= 0) {
    int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  }
  return Fd(fd);
}

Fd tcp_connect(const SocketAddress& address, Deadline deadline) {
  Fd fd = new_socket(address.storage.ss_family, SOCK_STREAM);
  int on = 1;
  ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  if (::connect(fd.get(), address.get(), address.length) == 0) {
    return fd;
  }
  if (errno != EINPROGRESS) {
    fail("connect", errno);
  }
  if (!wait_for(fd.get(), POLLOUT, deadline)) {
    throw Error("connect: timed out");
  }
  int error = 0;
  socklen_t length = sizeof error;
  ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &error, &length);
  if (error != 0) {
    fail("connect", error);
  }
  return fd;
}

void write_all(int fd, std::string_view bytes, Deadline deadline) {
  while (!bytes.empty()) {
    ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n >= 0) {
      bytes.remove_prefix(static_cast<std::size_t>(n));
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      if (!wait_for(fd, POLLOUT, deadline)) {
        throw Error("write: timed out (the peer does not read)");
      }
    } else if (errno != EINTR) {
      fail("write", errno);
    }
  }
}

std::string read_exact(int fd, std::size_t count, Deadline deadline) {
  std::string out;
  while (out.size() < count) {
    if (!wait_for(fd, POLLIN, deadline)) {
      throw Error("read: timed out");
    }
    std::string chunk(count - out.size(), '\0');
    ssize_t n = ::recv(fd, chunk.data(), chunk.size(), 0);
    if (n == 0) {
      throw Error("read: connection closed by the peer");
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
      fail("read", errno);
    }
    if (n > 0) {
      out.append(chunk, 0, static_cast<std::size_t>(n));
    }
  }
  return out;
}

bool wait_readable(int fd, std::chrono::milliseconds timeout) {
  return wait_for(fd, POLLIN, Clock::now() + timeout);
}

bool read_available(int fd, std::string& into, std::size_t limit) {
  // One recv per call: a peer that floods cannot make one call grow the buffer without
  // bound before the frame decoder has looked at the length.
  char chunk[16384];
  std::size_t want = std::min(sizeof chunk, limit);
  while (true) {
    ssize_t n = ::recv(fd, chunk, want, 0);
    if (n > 0) {
      into.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0) {
      return false;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      return true;
    }
    if (errno != EINTR) {
      fail("read", errno);
    }
  }
}

}  // namespace ibatlas::net
