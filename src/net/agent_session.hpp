#pragma once

// One controller's connection to the agent, on its own thread: the handshake, then frames
// until the controller leaves, breaks the protocol, goes idle, or the agent stops.

#include <atomic>
#include <cstdint>

#include "ibatlas/net/agent.hpp"

#include "net/echo.hpp"
#include "net/line_log.hpp"
#include "net/socket.hpp"

namespace ibatlas::net {

struct SessionContext {
  const AgentOptions& options;
  std::string agent_id;
  ArmedTokens& tokens;
  const LineLog& log;
  const std::atomic<bool>& halt;
};

// What options.host_checks says, within HOST_FINDINGS' limits (the first kMaxHostFindings
// findings, texts cut to kMaxTextBytes), or why it said nothing. Never throws.
HostFindingsMessage run_host_checks(const AgentOptions& options);

// Never throws: every way a session ends is one log line.
void run_session(Fd fd, const SocketAddress& peer, std::uint64_t session_id,
                 const SessionContext& context);

}  // namespace ibatlas::net
