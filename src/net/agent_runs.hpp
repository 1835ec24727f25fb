#pragma once

// The blocks an agent session runs on worker threads: UDP pings (ping_thread) and echo MADs
// (mad_thread). Each writes its outcome into its RunningPing and raises `done`.

#include <atomic>
#include <cstdint>
#include <optional>
#include <thread>

#include "ibatlas/net/agent.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/pinger.hpp"

namespace ibatlas::net {

struct RunningPing {
  std::uint64_t token = 0;
  bool mad = false;  // echo MADs (several may run at once), else UDP pings (one at a time)
  std::atomic<bool> cancel{false};
  std::atomic<bool> done{false};
  PingOutcome outcome;
  std::thread thread;
};

void ping_thread(RunningPing& run, const ProbeMessage& probe, const PingSpec& spec,
                 std::optional<int> cpu);

void mad_thread(RunningPing& run, const ProbeRequest& request, const AgentOptions& options);

// A block's ProbeResult as the PingOutcome the session reports: a result not Ok (and not
// cancelled) is an error "failed: <detail>".
void take_result(PingOutcome& outcome, ProbeResult result, bool cancelled);

}  // namespace ibatlas::net
