// One poll(2) loop over the listener and every client. A client goes through three phases:
// reading its head (bounded in bytes and time), sending the reply (bounded in time), and
// draining: after the reply, the server shuts its side and reads what the client still
// sends until it closes (briefly), because closing a socket with unread input resets the
// connection, and a reset can make the client lose the reply it has not read yet (a 431
// for a request that was too large is the usual case).

#include "ibatlas/net/http_server.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <list>
#include <vector>

#include "ibatlas/error.hpp"

#include "net/http_request.hpp"
#include "net/socket.hpp"
#include <poll.h>
#include <sys/socket.h>

namespace ibatlas {
namespace {

using net::Clock;
using net::Fd;

constexpr std::chrono::milliseconds kDrainTime{1000};
constexpr std::size_t kAcceptsPerRound = 64;

enum class Phase { Reading, Replying, Draining };

struct Client {
  Fd fd;
  std::string peer;
  Phase phase = Phase::Reading;
  Clock::time_point deadline;
  std::string in;                           // the head so far (Reading)
  std::string head;                         // status line and header fields (Replying)
  std::shared_ptr<const std::string> body;  // null: none
  std::size_t sent = 0;                     // of head + body
};

std::string_view body_of(const Client& client) {
  return client.body ? std::string_view(*client.body) : std::string_view();
}

// Sends what the socket takes now; true once everything is sent.
bool send_some(Client& client) {
  while (true) {
    std::string_view head = client.head;
    std::string_view body = body_of(client);
    std::string_view part = client.sent < head.size() ? head.substr(client.sent)
                                                      : body.substr(client.sent - head.size());
    if (part.empty()) {
      return true;
    }
    ssize_t n = ::send(client.fd.get(), part.data(), part.size(), MSG_NOSIGNAL);
    if (n > 0) {
      client.sent += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return false;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      throw Error(std::string("send: ") + std::strerror(errno));
    }
  }
}

std::string status_head(int status, const HttpResponse& response, std::size_t length) {
  std::string head = "HTTP/1.1 " + std::to_string(status) + " " + std::string(http_reason(status)) +
                     "\r\nContent-Type: " + response.content_type +
                     "\r\nContent-Length: " + std::to_string(length) + "\r\nConnection: close\r\n";
  if (status == 405) {
    head += "Allow: GET, HEAD\r\n";
  }
  return head + "\r\n";
}

HttpResponse error_response(int status) {
  HttpResponse response;
  response.status = status;
  response.body = std::make_shared<const std::string>(std::to_string(status) + " " +
                                                      std::string(http_reason(status)) + "\n");
  return response;
}

}  // namespace

struct HttpServer::State {
  HttpServerOptions options;
  Fd listener;
  net::SocketAddress address;
  std::list<Client> clients;

  void log(const std::string& line) const {
    if (options.log) {
      options.log(line);
    }
  }

  void start_reply(Client& client, const HttpResponse& response, bool with_body) const {
    std::size_t length = response.body ? response.body->size() : 0;
    client.head = status_head(response.status, response, length);
    client.body = with_body ? response.body : nullptr;
    client.sent = 0;
    client.in.clear();
    client.in.shrink_to_fit();
    client.phase = Phase::Replying;
    client.deadline = Clock::now() + options.reply_timeout;
  }

  void refuse(Client& client, int status, const std::string& why) const {
    log(client.peer + ": " + std::to_string(status) + " " + std::string(http_reason(status)) +
        (why.empty() ? "" : " (" + why + ")"));
    start_reply(client, error_response(status), true);
  }

  void answer(Client& client, const HttpHandler& handler) const {
    std::size_t end = net::http_head_end(client.in);
    if (end == std::string::npos) {
      if (client.in.size() >= options.max_request_bytes) {
        refuse(client, 431, "more than " + std::to_string(options.max_request_bytes) + " bytes");
      }
      return;
    }
    net::HttpRequestHead head = net::parse_http_request(std::string_view(client.in).substr(0, end));
    if (head.status != 0) {
      refuse(client, head.status, head.why);
      return;
    }
    HttpResponse response = handler(HttpRequest{head.method, head.path});
    start_reply(client, response, head.method != "HEAD");
  }

  // Moves `client` on as far as its socket allows; false when it is done with.
  bool step(Client& client, short events, const HttpHandler& handler) const {
    if (client.phase == Phase::Reading && (events & (POLLIN | POLLHUP | POLLERR)) != 0) {
      std::size_t room = options.max_request_bytes + 1 - client.in.size();
      if (!net::read_available(client.fd.get(), client.in, room)) {
        return false;  // closed before its request was complete
      }
      answer(client, handler);
    }
    if (client.phase == Phase::Replying && send_some(client)) {
      ::shutdown(client.fd.get(), SHUT_WR);
      client.phase = Phase::Draining;
      client.deadline = Clock::now() + kDrainTime;
      return true;
    }
    if (client.phase == Phase::Draining && (events & (POLLIN | POLLHUP | POLLERR)) != 0) {
      std::string discard;
      return net::read_available(client.fd.get(), discard, 4096);
    }
    return true;
  }

  // A client past its deadline: a head still incomplete gets 408, anything else is closed.
  bool expire(Client& client, Clock::time_point now) const {
    if (now < client.deadline) {
      return true;
    }
    if (client.phase == Phase::Reading) {
      refuse(client, 408,
             "no complete request in " + std::to_string(options.request_timeout.count()) + " ms");
      return true;
    }
    if (client.phase == Phase::Replying) {
      log(client.peer + ": reply abandoned (not read in " +
          std::to_string(options.reply_timeout.count()) + " ms)");
    }
    return false;
  }

  void accept_clients() {
    for (std::size_t i = 0; i < kAcceptsPerRound; ++i) {
      net::SocketAddress peer;
      Fd fd = net::accept_client(listener.get(), peer);
      if (!fd.valid()) {
        return;
      }
      if (clients.size() >= options.max_clients) {
        // Best effort, never waiting: the reply fits any socket buffer.
        std::string reply = status_head(503, error_response(503), 0);
        ::send(fd.get(), reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        log(peer.text() + ": 503 (already " + std::to_string(clients.size()) + " clients)");
        continue;
      }
      Client& client = clients.emplace_back();
      client.fd = std::move(fd);
      client.peer = peer.text();
      client.deadline = Clock::now() + options.request_timeout;
    }
  }

  int poll_timeout() const {
    Clock::time_point wake = Clock::now() + options.tick;
    for (const Client& client : clients) {
      wake = std::min(wake, client.deadline);
    }
    return net::millis_until(wake);
  }
};

HttpServer::HttpServer(HttpServerOptions options) : state_(std::make_unique<State>()) {
  state_->options = std::move(options);
  state_->address = net::resolve_host_port(state_->options.listen, SOCK_STREAM);
  state_->listener = net::tcp_listen(state_->address);
  // The port the kernel picked for port 0.
  state_->address =
      net::numeric_address(state_->address.ip(), net::local_port(state_->listener.get()));
}

HttpServer::~HttpServer() = default;

std::uint16_t HttpServer::port() const {
  return state_->address.port();
}

std::string HttpServer::address() const {
  return state_->address.text();
}

void HttpServer::serve(const HttpHandler& handler, const std::atomic<bool>& stop) {
  State& s = *state_;
  std::vector<pollfd> fds;
  while (!stop.load()) {
    fds.clear();
    fds.push_back({s.listener.get(), POLLIN, 0});
    for (const Client& client : s.clients) {
      short events = client.phase == Phase::Replying ? short{POLLOUT} : short{POLLIN};
      fds.push_back({client.fd.get(), events, 0});
    }
    int ready = ::poll(fds.data(), fds.size(), s.poll_timeout());
    if (ready < 0 && errno != EINTR) {
      throw Error(std::string("poll: ") + std::strerror(errno));
    }
    std::size_t i = 1;
    Clock::time_point now = Clock::now();
    for (auto it = s.clients.begin(); it != s.clients.end(); ++i) {
      bool keep = true;
      try {
        short events = ready > 0 ? fds[i].revents : short{0};
        keep = s.step(*it, events, handler) && s.expire(*it, now);
      } catch (const Error& e) {
        s.log(it->peer + ": " + e.what());
        keep = false;
      }
      it = keep ? std::next(it) : s.clients.erase(it);
    }
    if (ready > 0 && (fds[0].revents & POLLIN) != 0) {
      s.accept_clients();
    }
  }
  s.clients.clear();
}

std::string_view http_reason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 431:
      return "Request Header Fields Too Large";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Unknown";
  }
}

}  // namespace ibatlas
