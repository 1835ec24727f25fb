#pragma once

// What the socket tests share: an agent on a thread of this process (127.0.0.1, a free port,
// a stop flag), and a hand-driven controller session for sending frames no real controller
// would send (replays, oversize lengths).

#include <atomic>
#include <chrono>
#include <functional>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "ibatlas/net/agent.hpp"
#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/crypto.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/socket.hpp"
#include <sys/socket.h>

namespace ibatlas::test {

inline ProbeKey test_key(char fill = 'k') {
  return make_probe_key(std::string(32, fill));
}

class AgentThread {
 public:
  explicit AgentThread(const ProbeKey& key,
                       const std::function<void(AgentOptions&)>& tweak = nullptr) {
    options_.listen = "127.0.0.1:0";
    options_.key = key;
    options_.agent_id = "test-agent";
    options_.log = &log_;
    options_.stop = &stop_;
    options_.bound_port = &port_;
    if (tweak) {
      tweak(options_);
    }
    thread_ = std::thread([this] { run_agent(options_); });
    for (int i = 0; i < 500 && port_ == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  ~AgentThread() { stop(); }

  AgentThread(const AgentThread&) = delete;
  AgentThread& operator=(const AgentThread&) = delete;

  std::uint16_t port() const { return port_; }

  std::string control() const { return "127.0.0.1:" + std::to_string(port_); }

  // Stops the agent and returns everything it logged (read only after its threads ended).
  std::string stop_and_log() {
    stop();
    return log_.str();
  }

 private:
  void stop() {
    stop_ = true;
    if (thread_.joinable()) {
      thread_.join();
    }
  }

  AgentOptions options_;
  std::ostringstream log_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint16_t> port_{0};
  std::thread thread_;
};

inline net::Fd connect_to(std::uint16_t port) {
  return net::tcp_connect(net::numeric_address("127.0.0.1", port),
                          net::Clock::now() + std::chrono::seconds(2));
}

// True if the peer closes `fd` within `timeout` (EOF or reset), false if it stays open.
inline bool closed_within(int fd, std::chrono::milliseconds timeout) {
  net::Deadline deadline = net::Clock::now() + timeout;
  while (net::Clock::now() < deadline) {
    if (!net::wait_readable(fd, std::chrono::milliseconds(net::millis_until(deadline)))) {
      return false;
    }
    char byte = 0;
    ssize_t n = ::recv(fd, &byte, 1, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno == ECONNRESET)) {
      return true;
    }
  }
  return false;
}

// A controller driven by hand: the real handshake, then whatever frames the test sends.
struct RawSession {
  net::Fd fd;
  std::optional<FrameEncoder> out;
  std::optional<FrameDecoder> in;

  RawSession(std::uint16_t port, const ProbeKey& key) : fd(connect_to(port)) {
    net::Deadline deadline = net::Clock::now() + std::chrono::seconds(2);
    std::string nc = random_bytes(kNonceBytes);
    net::write_all(fd.get(), encode_hello(Hello{kProtocolVersion, key_id_bytes(key), nc}),
                   deadline);
    std::size_t id_length = 0;
    Challenge challenge =
        decode_challenge_head(net::read_exact(fd.get(), kChallengeHeadBytes, deadline), id_length);
    challenge.agent_id = net::read_exact(fd.get(), id_length, deadline);
    net::write_all(fd.get(), controller_proof(key, challenge.nonce, nc), deadline);
    SessionKeys keys = controller_session_keys(key, nc, challenge.nonce);
    out.emplace(keys.send);
    in.emplace(keys.receive);
  }

  std::string frame(const Message& message) { return out->encode(encode_message(message)); }

  void send_raw(const std::string& bytes) {
    net::write_all(fd.get(), bytes, net::Clock::now() + std::chrono::seconds(2));
  }

  // The agent's first two messages, READY and HOST_FINDINGS; false if either is missing.
  bool greeting(std::chrono::milliseconds timeout) {
    std::optional<Message> ready = receive(timeout);
    std::optional<Message> host = receive(timeout);
    return ready && std::holds_alternative<ReadyMessage>(*ready) && host &&
           std::holds_alternative<HostFindingsMessage>(*host);
  }

  // The next message from the agent, or nothing within `timeout`.
  std::optional<Message> receive(std::chrono::milliseconds timeout) {
    net::Deadline deadline = net::Clock::now() + timeout;
    while (true) {
      if (std::optional<std::string> payload = in->next()) {
        return decode_message(*payload);
      }
      if (!net::wait_readable(fd.get(), std::chrono::milliseconds(net::millis_until(deadline)))) {
        return std::nullopt;
      }
      std::string chunk;
      if (!net::read_available(fd.get(), chunk)) {
        return std::nullopt;
      }
      in->feed(chunk);
    }
  }
};

}  // namespace ibatlas::test
