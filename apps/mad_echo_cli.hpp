#pragma once

// The MAD-echo transport for `probe --transport mad` and `agent --transport mad`
// (docs/probe.md, "MAD-echo transport"). Implemented twice, like crawl_live: in
// hardware_umad.cpp over ibatlas_umad, and in hardware_none.cpp, where both throw Error
// saying the build has no rdma-core.

#include <atomic>
#include <functional>
#include <memory>
#include <ostream>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/umad/mad_echo.hpp"

namespace ibatlas::cli {

// Opens `port` as the prober. Its base LID must name a CA port of `fabric` (the snapshot the
// plan came from): that port is the only source of probes. One line on `err` says which.
// Throws Error when the port cannot be opened or is not in the fabric.
std::unique_ptr<ProbeTransport> open_mad_echo_prober(const Fabric& fabric, const MadEchoPort& port,
                                                     std::ostream& err);

// The local CA port of `fabric` the prober would use (for planning from it).
PortId mad_echo_local_port(const Fabric& fabric, const MadEchoPort& port);

// Serves echoes on `options.port` until *options.stop (run_mad_echo_responder).
int serve_mad_echo(const MadEchoResponderOptions& options);

// Runs one block of echo MADs from this host's port (an agent's AgentOptions::mad_echo).
using MadEchoBlockRunner =
    std::function<ProbeResult(const ProbeRequest&, const std::atomic<bool>& cancel)>;

// A MadEchoNode on `options.port`, answering echoes from now until the returned runner (and
// every copy of it) is gone; one line on options.log says which port. Throws Error.
MadEchoBlockRunner open_mad_echo_node(const MadEchoResponderOptions& options);

}  // namespace ibatlas::cli
