#include "net/agent_runs.hpp"

#include <tuple>

#include <sys/socket.h>

namespace ibatlas::net {

void ping_thread(RunningPing& run, const ProbeMessage& probe, const PingSpec& spec,
                 std::optional<int> cpu) {
  try {
    if (cpu) {
      pin_to_cpu(*cpu);
    }
    Fd fd = udp_bind(numeric_address(probe.source, 0));
    SocketAddress target = numeric_address(probe.target, probe.udp_port);
    if (::connect(fd.get(), target.get(), target.length) != 0) {
      throw Error("connect " + target.text() + " (UDP) failed");
    }
    run.outcome = run_ping(fd.get(), spec, run.cancel);
  } catch (const Error& e) {
    run.outcome.error = e.what();
  }
  run.done = true;
}

void take_result(PingOutcome& o, ProbeResult r, bool cancelled) {
  o.cancelled = cancelled;
  if (r.status != ProbeStatus::Ok && !o.cancelled) {
    o.error = to_string(r.status) + ": " + r.detail;
  }
  o.rtt_ns = std::move(r.rtt_ns);
  std::tie(o.sent, o.lost, o.duplicates, o.late) = std::tie(r.sent, r.lost, r.duplicates, r.late);
}

void mad_thread(RunningPing& run, const ProbeRequest& request, const AgentOptions& options) {
  try {
    take_result(run.outcome, options.mad_echo(request, run.cancel), run.cancel.load());
  } catch (const std::exception& e) {
    run.outcome.error = e.what();
  }
  run.done = true;
}

}  // namespace ibatlas::net
