// Our UDP ping-pong against a bare one (docs/benchmarks.md, "Probe UDP ping-pong"). "ours"
// is the agent's code path: run_ping (src/net/pinger.cpp) against run_echo with an armed
// token (src/net/echo.cpp), busy-polling. "bare" is the least a ping-pong can do: a
// send/recv spin on each side with clock_gettime around it. Both sides are pinned, the
// pinger and the responder to different CPUs, and the two kinds alternate run by run so that
// drift in the machine's load hits both.
//
//   probe_udp_bench [SAMPLES [RUNS]]                 both sides in this process, loopback
//   probe_udp_bench --serve ours|bare LISTEN_IP PORT CPU PEER_IP      a responder, until killed
//   probe_udp_bench --ping ours|bare SOURCE_IP TARGET_IP PORT CPU BYTES SAMPLES
// (tests/bench/probe_udp_veth.sh runs the last two in two network namespaces.)

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "net/echo.hpp"
#include "net/pinger.hpp"
#include "net/socket.hpp"
#include <sys/socket.h>
#include <unistd.h>

namespace {

using namespace ibatlas::net;

constexpr std::uint64_t kToken = 0x1badb0a7;
constexpr std::uint32_t kWarmup = 1000;

std::uint64_t now_ns() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::uint64_t>(t.tv_sec) * 1000000000u + static_cast<std::uint64_t>(t.tv_nsec);
}

void bare_echo(int fd, const std::atomic<bool>& stop) {
  std::vector<char> packet(kMaxUdpPayload + 1);
  while (!stop.load(std::memory_order_relaxed)) {
    SocketAddress from;
    from.length = sizeof from.storage;
    ssize_t n = ::recvfrom(fd, packet.data(), packet.size(), MSG_DONTWAIT,
                           reinterpret_cast<sockaddr*>(&from.storage), &from.length);
    if (n >= static_cast<ssize_t>(kProbeHeaderBytes)) {
      std::optional<ProbeHeader> header =
          read_probe_header(std::string_view(packet.data(), static_cast<std::size_t>(n)));
      ::sendto(fd, packet.data(), header->reply_bytes, 0, from.get(), from.length);
    }
  }
}

std::vector<std::uint32_t> bare_ping(int fd, std::uint32_t bytes, std::uint32_t samples) {
  std::vector<char> request(bytes, '\0');
  std::vector<char> reply(kMaxUdpPayload + 1);
  std::vector<std::uint32_t> rtt;
  for (std::uint64_t i = 0; i < kWarmup + samples; ++i) {
    write_probe_header(request.data(), ProbeHeader{kToken, i, bytes});
    std::uint64_t start = now_ns();
    ::send(fd, request.data(), request.size(), 0);
    while (::recv(fd, reply.data(), reply.size(), MSG_DONTWAIT) < 0) {
    }
    if (i >= kWarmup) {
      rtt.push_back(static_cast<std::uint32_t>(now_ns() - start));
    }
  }
  return rtt;
}

std::vector<std::uint32_t> our_ping(int fd, std::uint32_t bytes, std::uint32_t samples) {
  PingSpec spec;
  spec.token = kToken;
  spec.request_bytes = bytes;
  spec.reply_bytes = bytes;
  spec.samples = samples;
  spec.warmup = kWarmup;
  spec.sample_timeout = std::chrono::milliseconds(200);
  spec.busy_poll = true;
  static const std::atomic<bool> no_cancel{false};
  return run_ping(fd, spec, no_cancel).rtt_ns;
}

Fd connected(const std::string& source, const std::string& target, std::uint16_t port) {
  Fd fd = udp_bind(numeric_address(source, 0));
  SocketAddress to = numeric_address(target, port);
  if (::connect(fd.get(), to.get(), to.length) != 0) {
    std::perror("connect");
    std::exit(1);
  }
  return fd;
}

double quantile_us(std::vector<std::uint32_t> v, double q) {
  if (v.empty()) {
    return 0;
  }
  std::sort(v.begin(), v.end());
  std::size_t rank = static_cast<std::size_t>(q * static_cast<double>(v.size()));
  return v[std::min(rank, v.size() - 1)] / 1000.0;
}

void print_block(const char* kind, std::uint32_t bytes, const std::vector<std::uint32_t>& all) {
  std::printf("%5u B %s: n=%zu min %.1f p50 %.2f p90 %.1f p99 %.1f us\n", bytes, kind, all.size(),
              quantile_us(all, 0), quantile_us(all, 0.5), quantile_us(all, 0.9),
              quantile_us(all, 0.99));
}

enum class Kind { Ours, Bare };

std::vector<std::uint32_t> ping(Kind kind, const std::string& source, const std::string& target,
                                std::uint16_t port, std::uint32_t bytes, std::uint32_t samples) {
  Fd fd = connected(source, target, port);
  return kind == Kind::Ours ? our_ping(fd.get(), bytes, samples)
                            : bare_ping(fd.get(), bytes, samples);
}

// One responder of one kind on its own pinned thread: two spinning responders on one CPU
// would measure the scheduler, not the code.
class Responder {
 public:
  Responder(Kind kind, const std::string& ip, std::uint16_t port, int cpu, const std::string& peer)
      : log_(nullptr, ""), fd_(udp_bind(numeric_address(ip, port))) {
    tokens_.arm(kToken, numeric_address(peer, 0), 0xffffffffu, Deadline::max(), 1);
    thread_ = std::thread([this, kind, cpu] {
      pin_to_cpu(cpu);
      if (kind == Kind::Ours) {
        run_echo(fd_.get(), tokens_, EchoOptions{true, kMaxUdpPayload}, log_, stop_);
      } else {
        bare_echo(fd_.get(), stop_);
      }
    });
  }

  ~Responder() {
    stop_ = true;
    thread_.join();
  }

  Responder(const Responder&) = delete;
  Responder& operator=(const Responder&) = delete;

 private:
  LineLog log_;
  ArmedTokens tokens_;
  std::atomic<bool> stop_{false};
  Fd fd_;
  std::thread thread_;
};

Kind kind_of(const std::string& text) {
  if (text != "ours" && text != "bare") {
    std::fprintf(stderr, "kind must be ours or bare, not %s\n", text.c_str());
    std::exit(2);
  }
  return text == "ours" ? Kind::Ours : Kind::Bare;
}

// Both sides in this process over loopback: the pinger on CPU 0, the responder on CPU 1,
// ours and bare alternating run by run.
int loopback(std::uint32_t samples, int runs) {
  pin_to_cpu(0);
  Fd probe = udp_bind(numeric_address("127.0.0.1", 0));
  std::uint16_t port = local_port(probe.get());
  probe.reset();
  for (std::uint32_t bytes : {64u, 4096u}) {
    std::vector<double> p50[2];
    std::vector<std::uint32_t> all[2];
    for (int run = 0; run < runs; ++run) {
      for (Kind kind : {Kind::Ours, Kind::Bare}) {
        Responder responder(kind, "127.0.0.1", port, 1, "127.0.0.1");
        std::vector<std::uint32_t> rtt = ping(kind, "127.0.0.1", "127.0.0.1", port, bytes, samples);
        p50[static_cast<int>(kind)].push_back(quantile_us(rtt, 0.5));
        all[static_cast<int>(kind)].insert(all[static_cast<int>(kind)].end(), rtt.begin(),
                                           rtt.end());
      }
    }
    print_block("ours", bytes, all[0]);
    print_block("bare", bytes, all[1]);
    std::sort(p50[0].begin(), p50[0].end());
    std::sort(p50[1].begin(), p50[1].end());
    double ours = p50[0][p50[0].size() / 2];
    double bare = p50[1][p50[1].size() / 2];
    std::printf("%5u B median of %d run medians: ours %.2f us, bare %.2f us, ratio %.3f\n", bytes,
                runs, ours, bare, ours / bare);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 6 && args[0] == "--serve") {
    Responder responder(kind_of(args[1]), args[2], static_cast<std::uint16_t>(std::stoi(args[3])),
                        std::stoi(args[4]), args[5]);
    while (true) {
      ::pause();
    }
  }
  if (args.size() == 8 && args[0] == "--ping") {
    pin_to_cpu(std::stoi(args[5]));
    auto bytes = static_cast<std::uint32_t>(std::stoul(args[6]));
    std::vector<std::uint32_t> rtt =
        ping(kind_of(args[1]), args[2], args[3], static_cast<std::uint16_t>(std::stoi(args[4])),
             bytes, static_cast<std::uint32_t>(std::stoul(args[7])));
    print_block(args[1].c_str(), bytes, rtt);
    return 0;
  }
  if (args.size() > 2 || (!args.empty() && args[0].starts_with("--"))) {
    std::fprintf(stderr, "usage: see the comment at the top of tests/bench/probe_udp_bench.cpp\n");
    return 2;
  }
  return loopback(args.empty() ? 20000 : static_cast<std::uint32_t>(std::stoul(args[0])),
                  args.size() > 1 ? std::stoi(args[1]) : 5);
}
