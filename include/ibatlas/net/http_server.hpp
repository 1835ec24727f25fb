#pragma once

// A minimal HTTP/1.1 server for `ibatlas serve` (docs/prometheus.md, "serve"): GET and HEAD
// only, one request per connection (the reply says `Connection: close`), no request body.
// One thread serves every client from one poll(2) loop over non-blocking sockets, so a
// slow client costs a slot and its buffers, never another client's time:
// - a request head larger than max_request_bytes gets 431 and the connection is closed;
// - a head not complete within request_timeout of the connection gets 408, and a reply the
//   client has not read within reply_timeout is abandoned;
// - beyond max_clients connections at once, a new one gets 503 and is closed.
// So memory is bounded: max_clients × max_request_bytes, plus the bodies, which the handler
// shares (one copy of the metrics, however many clients read it).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ibatlas {

struct HttpServerOptions {
  std::string listen;  // ADDR:PORT; port 0 picks a free one (HttpServer::port says which)
  std::size_t max_request_bytes = 8192;              // request line and headers
  std::size_t max_clients = 64;                      // connections at once
  std::chrono::milliseconds request_timeout{10000};  // from accept to the head's end
  std::chrono::milliseconds reply_timeout{30000};    // from the head's end to the last byte
  std::chrono::milliseconds tick{100};               // how often the loop looks at the stop flag
  // One line per refused request or connection, without a newline; null: silent. Called
  // from the serving thread.
  std::function<void(const std::string&)> log;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::shared_ptr<const std::string> body;  // null: empty
};

// What the handler gets: the method (GET or HEAD, already checked) and the path without
// its query string.
struct HttpRequest {
  std::string method;
  std::string path;
};

// Answers a valid GET or HEAD. Called on the serving thread, so it should return at once
// (hand out a body prepared elsewhere). For HEAD the server sends the headers only.
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

class HttpServer {
 public:
  // Listens on options.listen. Throws Error on a bad address or one already in use.
  explicit HttpServer(HttpServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  std::uint16_t port() const;   // the port listened on
  std::string address() const;  // "127.0.0.1:9464", "[::1]:9464"

  // Serves until *stop (checked every options.tick), then closes every connection and
  // returns. REQUIRES: called by one thread at a time.
  void serve(const HttpHandler& handler, const std::atomic<bool>& stop);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The reason phrase of the status codes the server sends ("Not Found"), else "Unknown".
std::string_view http_reason(int status);

}  // namespace ibatlas
