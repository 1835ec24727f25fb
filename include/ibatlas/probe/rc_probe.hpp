#pragma once

// The verbs transport's endpoint as the agent sees it (docs/probe.md, "Verbs transport"):
// one side of one RC ping-pong, behind the probe layer so that the agent (src/net/, which
// may not include src/verbs/) drives it. Real: rc_endpoint_factory
// (ibatlas/verbs/rc_endpoint_factory.hpp) over RcEndpoint. The controller passes the
// addresses between the two agents inside VERBS_ENDPOINT messages.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "ibatlas/probe/probe_transport.hpp"

namespace ibatlas {

// What one side tells the other: its QP, its starting PSN, its port's LID and GID 0.
struct RcAddress {
  std::uint32_t qp_num = 0;  // 24 bits
  std::uint32_t psn = 0;     // 24 bits
  std::uint16_t lid = 0;
  std::array<std::uint8_t, 16> gid{};
  friend bool operator==(const RcAddress&, const RcAddress&) = default;
};

// The path one side uses toward the other, from the snapshot: the DLID (the plan's, whose
// LMC path bits pick the route; the reply's: the requester's base LID), the SL and the path
// MTU in the IBA encoding (1 = 256 ... 5 = 4096).
struct RcRoute {
  std::uint16_t dlid = 0;
  std::uint8_t sl = 0;
  std::uint8_t mtu = 5;
  friend bool operator==(const RcRoute&, const RcRoute&) = default;
};

// Both sides of one request: the requester's route toward the plan's DLID, the responder's
// back to the requester's base LID.
struct RcRoutes {
  RcRoute forward;
  RcRoute reverse;
};

class RcProbeEndpoint {
 public:
  virtual ~RcProbeEndpoint() = default;

  virtual RcAddress local() const = 0;

  // INIT -> RTR (toward remote at route.dlid) -> RTS. Returns what failed, or empty.
  virtual std::string connect(const RcAddress& remote, const RcRoute& route) = 0;

  // The requester: request.warmup + request.samples ping-pongs (request.from, to and dlid
  // are not used: connect said where). Stops between samples when `cancel` is raised.
  virtual ProbeResult ping(const ProbeRequest& request, const std::atomic<bool>& cancel) = 0;

  // The responder: answers `count` requests with reply_bytes, or stops at `deadline` or on
  // `cancel`. Returns what went wrong, or empty when every request was answered.
  virtual std::string respond(std::uint32_t reply_bytes, std::uint32_t count,
                              std::chrono::milliseconds deadline,
                              const std::atomic<bool>& cancel) = 0;
};

// What an endpoint could not be created for: a finding's check id
// ("probe.transport_unavailable", "host.memlock_low") and its words.
struct RcProblem {
  std::string check;
  std::string message;
};

// Creates one endpoint for messages up to `max_bytes` each way, its QP in INIT with a
// receive posted; null and `problem` set when it cannot. Called from several threads.
using RcEndpointFactory =
    std::function<std::unique_ptr<RcProbeEndpoint>(std::uint32_t max_bytes, RcProblem& problem)>;

}  // namespace ibatlas
