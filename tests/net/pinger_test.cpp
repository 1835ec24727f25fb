// The pinger against a responder written here that misbehaves on purpose: replies twice,
// late, or not at all. Late and duplicate replies are counted and never become samples.

#include "net/pinger.hpp"

#include <functional>
#include <thread>

#include <gtest/gtest.h>

#include "net/socket.hpp"
#include <sys/socket.h>

namespace ibatlas::net {
namespace {

using namespace std::chrono_literals;

// Answers each probe on its own socket through `answer(sequence, reply)`, until stopped.
class Responder {
 public:
  explicit Responder(std::function<void(std::uint64_t, const std::function<void()>&)> answer)
      : fd_(udp_bind(numeric_address("127.0.0.1", 0))), answer_(std::move(answer)) {
    thread_ = std::thread([this] { serve(); });
  }

  ~Responder() {
    stop_ = true;
    thread_.join();
  }

  Responder(const Responder&) = delete;
  Responder& operator=(const Responder&) = delete;

  std::uint16_t port() const { return local_port(fd_.get()); }

 private:
  void serve() {
    while (!stop_) {
      if (!wait_readable(fd_.get(), 20ms)) {
        continue;
      }
      char packet[2048];
      SocketAddress from;
      from.length = sizeof from.storage;
      ssize_t n = ::recvfrom(fd_.get(), packet, sizeof packet, 0,
                             reinterpret_cast<sockaddr*>(&from.storage), &from.length);
      std::optional<ProbeHeader> header =
          read_probe_header(std::string_view(packet, n > 0 ? static_cast<std::size_t>(n) : 0));
      if (!header) {
        continue;
      }
      answer_(header->sequence, [&] {
        ::sendto(fd_.get(), packet, header->reply_bytes, 0, from.get(), from.length);
      });
    }
  }

  Fd fd_;
  std::function<void(std::uint64_t, const std::function<void()>&)> answer_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

Fd connected_to(std::uint16_t port) {
  Fd fd = udp_bind(numeric_address("127.0.0.1", 0));
  SocketAddress to = numeric_address("127.0.0.1", port);
  EXPECT_EQ(::connect(fd.get(), to.get(), to.length), 0);
  return fd;
}

PingSpec spec(std::uint32_t samples, std::uint32_t warmup, bool busy = false) {
  PingSpec s;
  s.token = 99;
  s.request_bytes = 64;
  s.reply_bytes = 32;
  s.samples = samples;
  s.warmup = warmup;
  s.sample_timeout = 30ms;
  s.busy_poll = busy;
  return s;
}

const std::atomic<bool> kNoCancel{false};

TEST(Pinger, EverySampleAnsweredBlockingAndBusy) {
  Responder responder([](std::uint64_t, const std::function<void()>& reply) { reply(); });
  for (bool busy : {false, true}) {
    Fd fd = connected_to(responder.port());
    PingOutcome o = run_ping(fd.get(), spec(20, 3, busy), kNoCancel);
    EXPECT_EQ(o.sent, 20u);
    EXPECT_EQ(o.rtt_ns.size(), 20u);  // warm-up discarded
    EXPECT_EQ(o.lost + o.late + o.duplicates, 0u);
    EXPECT_TRUE(o.error.empty()) << o.error;
  }
}

TEST(Pinger, DuplicatesAreCountedNotSampled) {
  Responder responder([](std::uint64_t, const std::function<void()>& reply) {
    reply();
    reply();
  });
  Fd fd = connected_to(responder.port());
  PingOutcome o = run_ping(fd.get(), spec(10, 0), kNoCancel);
  EXPECT_EQ(o.rtt_ns.size(), 10u);
  // The duplicate of the last request may arrive after the block ended.
  EXPECT_GE(o.duplicates, 9u);
}

TEST(Pinger, LateReplyIsLostThenLateNeverASample) {
  Responder responder([](std::uint64_t sequence, const std::function<void()>& reply) {
    if (sequence == 2) {
      std::this_thread::sleep_for(45ms);  // past the 30 ms timeout, before seq 3's
    }
    reply();
  });
  Fd fd = connected_to(responder.port());
  PingOutcome o = run_ping(fd.get(), spec(5, 0), kNoCancel);
  EXPECT_EQ(o.sent, 5u);
  EXPECT_EQ(o.lost, 1u);
  EXPECT_EQ(o.late, 1u);
  EXPECT_EQ(o.rtt_ns.size(), 4u);
  for (std::uint32_t rtt : o.rtt_ns) {
    EXPECT_LT(rtt, 30'000'000u);
  }
}

TEST(Pinger, NoReplyMeansLostAfterTheTimeout) {
  Responder responder([](std::uint64_t, const std::function<void()>&) {});
  Fd fd = connected_to(responder.port());
  auto start = Clock::now();
  PingOutcome o = run_ping(fd.get(), spec(4, 1), kNoCancel);
  EXPECT_GE(Clock::now() - start, 140ms);
  EXPECT_EQ(o.sent, 4u);
  EXPECT_EQ(o.lost, 4u);
  EXPECT_TRUE(o.rtt_ns.empty());
}

TEST(Pinger, CancelStopsWithinMilliseconds) {
  Responder responder([](std::uint64_t, const std::function<void()>&) {});
  Fd fd = connected_to(responder.port());
  std::atomic<bool> cancel{false};
  PingSpec s = spec(1000, 0);
  s.sample_timeout = 1s;
  std::thread canceller([&] {
    std::this_thread::sleep_for(50ms);
    cancel = true;
  });
  auto start = Clock::now();
  PingOutcome o = run_ping(fd.get(), s, cancel);
  canceller.join();
  EXPECT_TRUE(o.cancelled);
  EXPECT_LT(Clock::now() - start, 150ms);
}

TEST(Pinger, ProbeHeaderRoundTrip) {
  char header[kProbeHeaderBytes];
  write_probe_header(header, ProbeHeader{1, 2, 3});
  std::optional<ProbeHeader> back = read_probe_header(std::string_view(header, sizeof header));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->token, 1u);
  EXPECT_EQ(back->sequence, 2u);
  EXPECT_EQ(back->reply_bytes, 3u);
  EXPECT_FALSE(read_probe_header(std::string_view(header, kProbeHeaderBytes - 1)));
}

}  // namespace
}  // namespace ibatlas::net
