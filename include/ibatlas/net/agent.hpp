#pragma once

// `ibatlas agent`: the program on each host that runs probes on a controller's command
// (docs/probe.md, "Control channel and agents"). It listens on one TCP port for controllers
// and on the same UDP port for probe packets. It executes nothing but probe commands, from a
// controller that proved it holds the key, within the limits below; everything it refuses
// or drops is logged, one line each, saying why.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "ibatlas/net/key_file.hpp"
#include "ibatlas/net/messages.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/probe/rc_probe.hpp"

namespace ibatlas {

struct AgentOptions {
  std::string listen;  // ADDR:PORT for TCP control and UDP echo; port 0 picks a free one
  ProbeKey key;
  std::string agent_id;  // who the agent says it is in the handshake; empty: the host name

  std::size_t max_sessions = 4;                   // controllers connected at once
  std::size_t max_frame = std::size_t{1} << 20;   // bytes of one frame's payload
  std::uint32_t max_samples = 100000;             // warmup + samples of one request
  std::uint32_t max_request_bytes = 65507;        // of one UDP request or reply
  std::chrono::milliseconds max_run_time{60000};  // of one block of pings
  std::chrono::milliseconds max_sample_timeout{4000};
  std::chrono::milliseconds handshake_timeout{5000};  // also: a frame begun and not finished
  std::chrono::milliseconds idle_timeout{300000};     // no frame from an authenticated peer

  bool busy_poll = false;  // spin on non-blocking receives while probing (lower, steadier RTT)
  std::optional<int> cpu;  // pin the pinger and the responder to this CPU

  // The host doctor (docs/host.md), run as each session starts; its answer goes to the
  // controller after READY. Called on the session's thread, so it must be safe to call from
  // several at once. Null: the agent tells controllers it runs no host checks. A throw is
  // sent as `unavailable`.
  std::function<HostFindingsMessage()> host_checks;

  // This host's MAD-echo port (`agent --transport mad`): runs one block of echo MADs to
  // request.dlid, blocking until it ends or within ~20 ms of `cancel` (MadEchoNode::
  // run_block). Called on a session's worker thread, from several sessions at once. Null:
  // MAD_PROBE is refused.
  std::function<ProbeResult(const ProbeRequest&, const std::atomic<bool>& cancel)> mad_echo;

  // This host's RDMA device (`agent --transport verbs`): one RC endpoint per VERBS_PROBE
  // (rc_endpoint_factory), run on a worker thread of the session. Null: VERBS_PROBE is
  // refused as probe.transport_unavailable.
  RcEndpointFactory verbs;

  std::ostream* log = nullptr;                       // one line per event; null: silent
  const std::atomic<bool>* stop = nullptr;           // serve until *stop; null: forever
  std::atomic<std::uint16_t>* bound_port = nullptr;  // set once listening (for port 0)
};

// Serves until *options.stop, then ends every session and returns 0. Throws Error if it
// cannot listen (address in use, bad address).
int run_agent(const AgentOptions& options);

}  // namespace ibatlas
