// The HTTP server of `ibatlas serve` over real sockets on 127.0.0.1: status codes (RFC 9110
// and 9112 say which: 405 with Allow, 400 for a missing Host or a folded line, 505 for an
// unknown version), and the bounds that keep a bad client from costing memory or another
// client's time (431, 408, 503, an unread reply abandoned).

#include "ibatlas/net/http_server.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "net/http_request.hpp"
#include "support/http_client.hpp"

namespace ibatlas {
namespace {

using std::chrono::milliseconds;
using test::http_get;
using test::http_header;
using test::HttpReply;
using test::TestConnection;

// A server on a thread of this test: /metrics answers `body`, anything else 404.
class ServerThread {
 public:
  explicit ServerThread(std::string body = "up 1\n", HttpServerOptions options = {})
      : body_(std::make_shared<const std::string>(std::move(body))) {
    options.listen = "127.0.0.1:0";
    options.log = [this](const std::string& line) { log_ += line + "\n"; };
    server_ = std::make_unique<HttpServer>(std::move(options));
    thread_ = std::thread([this] {
      server_->serve(
          [this](const HttpRequest& request) {
            HttpResponse response;
            if (request.path == "/metrics") {
              response.body = body_;
            } else {
              response.status = 404;
            }
            return response;
          },
          stop_);
    });
  }

  ~ServerThread() { stop(); }

  ServerThread(const ServerThread&) = delete;
  ServerThread& operator=(const ServerThread&) = delete;

  std::uint16_t port() const { return server_->port(); }

  void stop() {
    stop_ = true;
    if (thread_.joinable()) {
      thread_.join();
    }
  }

  const std::string& log_after_stop() {
    stop();
    return log_;
  }

 private:
  std::shared_ptr<const std::string> body_;
  std::unique_ptr<HttpServer> server_;
  std::atomic<bool> stop_{false};
  std::string log_;  // written by the serving thread only
  std::thread thread_;
};

HttpReply exchange(std::uint16_t port, const std::string& request) {
  TestConnection connection(port);
  connection.send(request);
  return connection.read_reply(milliseconds(5000));
}

TEST(HttpServerTest, GetAnswers200WithLengthAndCloses) {
  ServerThread server("up 1\nnodes 14\n");
  HttpReply reply = http_get(server.port(), "/metrics");
  EXPECT_EQ(reply.status, 200) << reply.head;
  EXPECT_EQ(reply.head.substr(0, 17), "HTTP/1.1 200 OK\r\n");
  EXPECT_EQ(reply.body, "up 1\nnodes 14\n");
  EXPECT_EQ(http_header(reply.head, "content-length"), "14");
  EXPECT_EQ(http_header(reply.head, "Connection"), "close");
  EXPECT_TRUE(reply.closed);
}

TEST(HttpServerTest, QueryStringIsNotPartOfThePath) {
  ServerThread server;
  EXPECT_EQ(http_get(server.port(), "/metrics?name[]=up").status, 200);
  EXPECT_EQ(http_get(server.port(), "/other").status, 404);
}

TEST(HttpServerTest, HeadSendsTheHeadersOnly) {
  ServerThread server("up 1\n");
  HttpReply reply = exchange(server.port(), "HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(http_header(reply.head, "Content-Length"), "5");  // the GET's body length
  EXPECT_EQ(reply.body, "");
}

TEST(HttpServerTest, Http10WithoutHostIsServed) {
  ServerThread server;
  EXPECT_EQ(exchange(server.port(), "GET /metrics HTTP/1.0\r\n\r\n").status, 200);
  EXPECT_EQ(exchange(server.port(), "GET /metrics HTTP/1.0\n\n").status, 200);  // bare LF
}

TEST(HttpServerTest, OtherMethodsAre405WithAllow) {
  ServerThread server;
  for (std::string method : {"POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"}) {
    HttpReply reply = exchange(server.port(), method + " /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(reply.status, 405) << method;
    EXPECT_EQ(http_header(reply.head, "Allow"), "GET, HEAD") << method;
  }
}

TEST(HttpServerTest, MalformedRequestsAre400) {
  ServerThread server;
  const std::vector<std::string> requests = {
      "GET /metrics\r\n\r\n",                                  // no version
      "GET  /metrics HTTP/1.1\r\nHost: x\r\n\r\n",             // two spaces
      "GET /metrics HTTP/1.1\r\n\r\n",                         // 1.1 without Host
      "GET /metrics HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",   // two Hosts
      "GET /metrics HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",   // obs-fold
      "GET /metrics HTTP/1.1\r\nHost : x\r\n\r\n",             // space before colon
      "GET /metrics HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n",  // not a field
      "GET metrics HTTP/1.1\r\nHost: x\r\n\r\n",               // not a path
      "GET /metrics HTTQ/1.1\r\nHost: x\r\n\r\n",              // not HTTP
      "GET /metrics HTTP/1.1\r\nHost: x\x01y\r\n\r\n",         // control character
      "G\x80T /metrics HTTP/1.1\r\nHost: x\r\n\r\n",           // not a token
      std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 15),  // TLS hello
  };
  for (const std::string& request : requests) {
    HttpReply reply = exchange(server.port(), request);
    EXPECT_EQ(reply.status, 400) << request;
    EXPECT_TRUE(reply.closed) << request;
  }
  EXPECT_EQ(exchange(server.port(), "GET /metrics HTTP/2.0\r\nHost: x\r\n\r\n").status, 505);
}

TEST(HttpServerTest, OversizedRequestIs431AndClosed) {
  HttpServerOptions options;
  options.max_request_bytes = 1024;
  ServerThread server("up 1\n", options);
  TestConnection connection(server.port());
  connection.send("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Filler: " + std::string(60000, 'a'));
  HttpReply reply = connection.read_reply(milliseconds(5000));
  EXPECT_EQ(reply.status, 431) << reply.head;
  EXPECT_TRUE(reply.closed);
  // Just under the limit is still a request.
  std::string head = "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Filler: ";
  head += std::string(1024 - head.size() - 4, 'a') + "\r\n\r\n";
  ASSERT_EQ(head.size(), 1024u);
  EXPECT_EQ(exchange(server.port(), head).status, 200);
}

TEST(HttpServerTest, ConcurrentClientsAllGetTheWholeBody) {
  std::string body(2 << 20, 'x');  // 2 MiB: more than a socket buffer, so replies interleave
  ServerThread server(body);
  std::vector<std::unique_ptr<TestConnection>> connections;
  for (int i = 0; i < 16; ++i) {
    connections.push_back(std::make_unique<TestConnection>(server.port()));
  }
  for (auto& c : connections) {
    c->send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  }
  std::vector<HttpReply> replies(connections.size());
  std::vector<std::thread> readers;
  for (std::size_t i = 0; i < connections.size(); ++i) {
    readers.emplace_back([&, i] { replies[i] = connections[i]->read_reply(milliseconds(20000)); });
  }
  for (std::thread& t : readers) {
    t.join();
  }
  for (const HttpReply& reply : replies) {
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body.size(), body.size());
    EXPECT_TRUE(reply.body == body);
  }
}

TEST(HttpServerTest, SlowClientDoesNotBlockOthersAndTimesOutWith408) {
  HttpServerOptions options;
  options.request_timeout = milliseconds(800);
  ServerThread server("up 1\n", options);
  TestConnection slow(server.port());
  slow.send("GET /metr");  // and nothing more
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(http_get(server.port(), "/metrics").status, 200);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(700))
      << "other clients waited for the slow one";
  HttpReply reply = slow.read_reply(milliseconds(5000));
  EXPECT_EQ(reply.status, 408);
  EXPECT_TRUE(reply.closed);
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(700));
}

TEST(HttpServerTest, ReplyNotReadIsAbandonedWithoutBlockingOthers) {
  HttpServerOptions options;
  options.reply_timeout = milliseconds(800);
  std::string body(32 << 20, 'x');  // far more than the socket buffers hold
  ServerThread server(body, options);
  TestConnection stalled(server.port());
  stalled.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");  // and never reads
  std::this_thread::sleep_for(milliseconds(100));
  // The big server still answers others while the stalled reply waits.
  TestConnection other(server.port());
  other.send("HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(other.read_reply(milliseconds(500)).status, 200);
  std::this_thread::sleep_for(milliseconds(1500));  // past the reply timeout
  HttpReply reply = stalled.read_reply(milliseconds(5000));
  EXPECT_EQ(reply.status, 200);
  EXPECT_TRUE(reply.closed);
  EXPECT_LT(reply.body.size(), body.size()) << "the server gave up on the unread reply";
  EXPECT_NE(server.log_after_stop().find("reply abandoned"), std::string::npos);
}

TEST(HttpServerTest, ClientsBeyondTheLimitGet503) {
  HttpServerOptions options;
  options.max_clients = 2;
  ServerThread server("up 1\n", options);
  TestConnection first(server.port());
  TestConnection second(server.port());
  std::this_thread::sleep_for(milliseconds(300));  // both accepted
  HttpReply third = http_get(server.port(), "/metrics", milliseconds(3000));
  EXPECT_EQ(third.status, 503);
  EXPECT_TRUE(third.closed);
}

TEST(HttpServerTest, ServeReturnsSoonAfterStop) {
  auto server = std::make_unique<ServerThread>();
  TestConnection idle(server->port());             // a connection open at the stop is closed
  std::this_thread::sleep_for(milliseconds(300));  // accepted
  auto start = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(1000));
  EXPECT_TRUE(idle.read_reply(milliseconds(2000)).closed);
}

TEST(HttpServerTest, AddressInUseThrows) {
  ServerThread server;
  HttpServerOptions options;
  options.listen = "127.0.0.1:" + std::to_string(server.port());
  EXPECT_THROW(HttpServer{options}, Error);
}

TEST(HttpRequestTest, HeadEndsAtTheBlankLine) {
  EXPECT_EQ(net::http_head_end("GET / HTTP/1.0\r\n\r\nbody"), 18u);
  EXPECT_EQ(net::http_head_end("GET / HTTP/1.0\n\nbody"), 16u);
  EXPECT_EQ(net::http_head_end("GET / HTTP/1.0\r\nHost: x\r\n"), std::string::npos);
  EXPECT_EQ(net::http_head_end(""), std::string::npos);
}

TEST(HttpRequestTest, PathAndMethodOfAValidRequest) {
  net::HttpRequestHead head =
      net::parse_http_request("GET /metrics?x=1 HTTP/1.1\r\nhOsT: a\r\nAccept: */*\r\n\r\n");
  EXPECT_EQ(head.status, 0) << head.why;
  EXPECT_EQ(head.method, "GET");
  EXPECT_EQ(head.target, "/metrics?x=1");
  EXPECT_EQ(head.path, "/metrics");
}

}  // namespace
}  // namespace ibatlas
