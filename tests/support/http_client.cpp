#include "support/http_client.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ibatlas::test {

HttpReply parse_http_reply(const std::string& raw, bool closed) {
  HttpReply reply;
  reply.closed = closed;
  std::size_t end = raw.find("\r\n\r\n");
  reply.head = raw.substr(0, end == std::string::npos ? raw.size() : end + 4);
  reply.body = end == std::string::npos ? "" : raw.substr(end + 4);
  if (raw.rfind("HTTP/1.", 0) == 0 && raw.size() >= 12) {
    reply.status = std::stoi(raw.substr(9, 3));
  }
  return reply;
}

std::string http_header(const std::string& head, std::string_view name) {
  std::size_t start = head.find("\r\n");
  while (start != std::string::npos && start + 2 < head.size()) {
    std::size_t line = start + 2;
    std::size_t end = head.find("\r\n", line);
    std::string text = head.substr(line, end - line);
    std::size_t colon = text.find(':');
    if (colon == name.size()) {
      bool same = true;
      for (std::size_t i = 0; i < colon; ++i) {
        same = same && std::tolower(static_cast<unsigned char>(text[i])) ==
                           std::tolower(static_cast<unsigned char>(name[i]));
      }
      if (same) {
        std::size_t value = text.find_first_not_of(' ', colon + 1);
        return value == std::string::npos ? "" : text.substr(value);
      }
    }
    start = end;
  }
  return "";
}

TestConnection::TestConnection(std::uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ADD_FAILURE() << "connect to 127.0.0.1:" << port << ": " << std::strerror(errno);
    if (fd_ >= 0) {
      ::close(fd_);
    }
    fd_ = -1;
  }
}

TestConnection::~TestConnection() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

bool TestConnection::send(std::string_view bytes) {
  while (fd_ >= 0 && !bytes.empty()) {
    ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return fd_ >= 0;
}

HttpReply TestConnection::read_reply(std::chrono::milliseconds timeout) {
  std::string raw;
  bool closed = false;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (fd_ >= 0 && !closed) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd entry{fd_, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&entry, 1, static_cast<int>(left.count())) <= 0) {
      break;
    }
    char chunk[65536];
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n > 0) {
      raw.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      closed = true;  // an orderly close, or a reset
    }
  }
  return parse_http_reply(raw, closed);
}

HttpReply http_get(std::uint16_t port, const std::string& path, std::chrono::milliseconds timeout) {
  TestConnection connection(port);
  connection.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                  "\r\nUser-Agent: ibatlas-test\r\nConnection: close\r\n\r\n");
  return connection.read_reply(timeout);
}

bool accepts_connections(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool connected =
      fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  if (fd >= 0) {
    ::close(fd);
  }
  return connected;
}

std::uint16_t free_tcp_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  std::uint16_t port = 0;
  if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  if (fd >= 0) {
    ::close(fd);
  }
  return port;
}

}  // namespace ibatlas::test
