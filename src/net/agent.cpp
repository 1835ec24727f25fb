// The agent's main thread accepts controllers; each session and the UDP responder run on
// threads of their own. Everything watches one `halt` flag, raised when the caller's stop
// flag is, and run_agent joins every thread before it returns.

#include "ibatlas/net/agent.hpp"

#include <list>
#include <thread>

#include "ibatlas/error.hpp"

#include "net/agent_session.hpp"
#include "net/echo.hpp"
#include "net/pinger.hpp"
#include "net/socket.hpp"
#include <sys/socket.h>
#include <unistd.h>

namespace ibatlas {
namespace {

using net::Clock;
using net::Fd;
using net::SocketAddress;

constexpr std::chrono::milliseconds kAcceptTick{20};
constexpr int kPortAttempts = 20;

struct Listeners {
  Fd tcp;
  Fd udp;
  std::uint16_t port = 0;
};

// TCP and UDP on the same port. With port 0 the kernel picks the TCP port, and a UDP socket
// already on that number means trying again. TCP listens on the given (management) address;
// UDP on every address of its family, because probes arrive on the host's data address
// (its IPoIB address), which is another one. Only armed tokens are answered (echo.hpp).
Listeners listen_on(const std::string& text) {
  SocketAddress address = net::resolve_host_port(text, SOCK_STREAM);
  for (int attempt = 1;; ++attempt) {
    Listeners listeners;
    listeners.tcp = net::tcp_listen(address);
    listeners.port = net::local_port(listeners.tcp.get());
    try {
      std::string any = address.ip().find(':') == std::string::npos ? "0.0.0.0" : "::";
      listeners.udp = net::udp_bind(net::numeric_address(any, listeners.port));
      return listeners;
    } catch (const Error&) {
      if (address.port() != 0 || attempt >= kPortAttempts) {
        throw;
      }
    }
  }
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) {
    return "unknown";
  }
  return name;
}

struct SessionThread {
  std::thread thread;
  std::atomic<bool> done{false};
};

// Joins the sessions that have ended; returns how many still run.
std::size_t reap(std::list<SessionThread>& sessions) {
  for (auto it = sessions.begin(); it != sessions.end();) {
    if (it->done.load()) {
      it->thread.join();
      it = sessions.erase(it);
    } else {
      ++it;
    }
  }
  return sessions.size();
}

bool stopping(const AgentOptions& options) {
  return options.stop != nullptr && options.stop->load();
}

// Everything the agent runs besides its main thread; the destructor raises `halt` and joins
// it all, also when the accept loop throws.
class Workers {
 public:
  explicit Workers(std::atomic<bool>& halt) : halt_(halt) {}

  ~Workers() {
    halt_ = true;
    for (SessionThread& session : sessions) {
      session.thread.join();
    }
    if (echo.joinable()) {
      echo.join();
    }
  }

  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  std::thread echo;
  std::list<SessionThread> sessions;

 private:
  std::atomic<bool>& halt_;
};

void start_session(Workers& workers, Fd client, const SocketAddress& peer, std::uint64_t id,
                   const net::SessionContext& context) {
  SessionThread& session = workers.sessions.emplace_back();
  session.thread = std::thread(
      [&context, &session, peer, id](Fd fd) {
        net::run_session(std::move(fd), peer, id, context);
        session.done = true;
      },
      std::move(client));
}

void accept_loop(const AgentOptions& options, int listener, Workers& workers,
                 const net::SessionContext& context) {
  std::uint64_t next_session = 1;
  while (!stopping(options)) {
    if (!net::wait_readable(listener, kAcceptTick)) {
      continue;
    }
    SocketAddress peer;
    Fd client = net::accept_client(listener, peer);
    if (!client.valid()) {
      continue;
    }
    if (reap(workers.sessions) >= options.max_sessions) {
      context.log.line(peer.text() + ": refused: " + std::to_string(workers.sessions.size()) +
                       " sessions already, the limit");
      continue;
    }
    start_session(workers, std::move(client), peer, next_session++, context);
  }
}

}  // namespace

int run_agent(const AgentOptions& options) {
  Listeners listeners = listen_on(options.listen);
  net::LineLog log(options.log, "agent: ");
  net::ArmedTokens tokens;
  std::atomic<bool> halt{false};
  net::SessionContext context{options, options.agent_id.empty() ? host_name() : options.agent_id,
                              tokens, log, halt};
  {
    Workers workers(halt);
    workers.echo = std::thread([&] {
      if (options.cpu) {
        net::pin_to_cpu(*options.cpu);
      }
      net::run_echo(listeners.udp.get(), tokens,
                    net::EchoOptions{options.busy_poll, options.max_request_bytes}, log, halt);
    });
    log.line("listening on " + options.listen + " (TCP control; UDP echo on every address, port " +
             std::to_string(listeners.port) + "), key id " + options.key.id);
    if (options.bound_port != nullptr) {
      *options.bound_port = listeners.port;
    }
    accept_loop(options, listeners.tcp.get(), workers, context);
  }
  log.line("stopped");
  return 0;
}

}  // namespace ibatlas
