// The floor under a live crawl on this machine: how fast can a client get SMPs answered at
// all through umad2sim and ibsim, with no crawl behind it? Sends COUNT NodeInfo SMPs to the
// local node (an empty directed route) through UmadTransport, WINDOW in flight, and prints
// the wall time, the rate and this process's CPU time. ibsim's CPU time alone is not the
// ceiling on a 2-core machine: the client's side of umad2sim (a socket write per MAD, a
// receiver thread that polls, reads and hands each reply over) needs CPU too, and this
// measures what that plumbing allows. tests/bench/discover_vs_ibnetdiscover.sh runs it with
// the crawl's own MAD count and window.
//
//   IBSIM_SOCKNAME=... LD_PRELOAD=.../libumad2sim.so umad_floor_bench COUNT [WINDOW]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "ibatlas/umad/umad_transport.hpp"

#include <sys/resource.h>

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Keeps `window` NodeInfo SMPs in flight until `count` have come back; returns how many
// failed (timed out or rejected).
std::size_t pump(ibatlas::UmadTransport& transport, std::size_t count, std::size_t window) {
  std::size_t sent = 0;
  std::size_t done = 0;
  std::size_t failed = 0;
  while (done < count) {
    while (sent < count && sent - done < window) {
      transport.send(
          ibatlas::SmpRequest{sent, ibatlas::DirectedRoute(), ibatlas::SmpAttribute::NodeInfo, 0});
      ++sent;
    }
    for (const ibatlas::SmpReply& reply : transport.poll(std::chrono::milliseconds(50))) {
      ++done;
      failed += reply.status == ibatlas::SmpStatus::Ok ? 0 : 1;
    }
  }
  return failed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: umad_floor_bench COUNT [WINDOW]\n");
    return 2;
  }
  std::size_t count = std::strtoul(argv[1], nullptr, 10);
  ibatlas::LivePortOptions options;
  options.max_in_flight = argc == 3 ? std::strtoul(argv[2], nullptr, 10) : 128;
  try {
    ibatlas::UmadTransport transport(options);
    std::size_t window = transport.max_in_flight();
    double cpu0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    std::size_t failed = pump(transport, count, window);
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf(
        "umad_floor: %zu NodeInfo SMPs, window %zu: %.1f ms wall, %.0f MADs/s, "
        "CPU %.1f ms, %zu failed\n",
        count, window, wall * 1e3, static_cast<double>(count) / wall, (cpu_seconds() - cpu0) * 1e3,
        failed);
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "umad_floor_bench: %s\n", e.what());
    return 1;
  }
}
