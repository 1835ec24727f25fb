#pragma once

// The RDMA verbs transport for `probe --transport verbs` and `agent --transport verbs`
// (docs/probe.md, "Verbs transport"). Implemented twice, like crawl_live: verbs_ibv.cpp over
// libibverbs (src/verbs/), and verbs_none.cpp for builds and test programs without it.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/probe/rc_probe.hpp"

namespace ibatlas::cli {

// Opens this host's RDMA device `ca` (empty: the first) and `port` (0: port 1) as the
// transport does, registers one probe buffer and creates one RC QP, then releases them.
// Returns what stops the transport here (probe.transport_unavailable, host.memlock_low),
// or nothing when it could run. Never throws for a missing device.
std::vector<Finding> check_verbs_device(const std::string& ca, int port);

// The agent's endpoints (AgentOptions::verbs) on that device, opened once and checked as
// check_verbs_device does; the device stays open while the factory lives. Empty, with
// `findings` set, when the transport cannot run here.
RcEndpointFactory open_verbs_endpoints(const std::string& ca, int port,
                                       std::vector<Finding>& findings);

// The controller's routes (ControllerOptions::verbs_routes): rc_routes over `fabric`, which
// must outlive the function. Needs no RDMA device, so both builds have it.
std::function<RcRoutes(const ProbeRequest&)> verbs_routes(const Fabric& fabric);

}  // namespace ibatlas::cli
