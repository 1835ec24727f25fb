#pragma once

// A plain HTTP client for the tests of `ibatlas serve` and its server: raw bytes over a
// TCP connection to 127.0.0.1, so a test can send what no real client sends (half a
// request, a huge one) and see exactly what came back. Every wait has a timeout.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace ibatlas::test {

struct HttpReply {
  int status = -1;   // from the status line; -1: none arrived
  std::string head;  // status line and header fields, through the blank line
  std::string body;
  bool closed = false;  // the server closed the connection (else the timeout came first)
};

// Splits what a server sent into status, head and body.
HttpReply parse_http_reply(const std::string& raw, bool closed);

// The value of header field `name` in `head` (case-insensitive name), "" when absent.
std::string http_header(const std::string& head, std::string_view name);

// One TCP connection to 127.0.0.1:port.
class TestConnection {
 public:
  // Connects, or fails the test (ADD_FAILURE) and leaves the connection closed.
  explicit TestConnection(std::uint16_t port);
  ~TestConnection();
  TestConnection(const TestConnection&) = delete;
  TestConnection& operator=(const TestConnection&) = delete;

  bool send(std::string_view bytes);  // false when the server has closed or reset
  // Reads until the server closes or `timeout` passes, whichever comes first.
  HttpReply read_reply(std::chrono::milliseconds timeout);

  int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

// GET `path` with Host and `Connection: close` (so a keep-alive server such as Prometheus
// closes too); the reply read to its end.
HttpReply http_get(std::uint16_t port, const std::string& path,
                   std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));

// True when something listens on 127.0.0.1:port (a connect succeeds).
bool accepts_connections(std::uint16_t port);

// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then closed): for a
// program that needs its port on the command line. 0 when none could be had.
std::uint16_t free_tcp_port();

}  // namespace ibatlas::test
