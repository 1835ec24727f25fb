#pragma once

// THE probe seam: the only way the probe engine (probe/run.hpp) makes traffic. Shaped like
// SmpTransport: send() queues a request and returns at once, poll() hands back whatever
// results are ready, each with its request's tag, and every request gets exactly one result.
//
// Real: UDP, MAD echo and RDMA verbs over authenticated agents (net/controller.hpp), MAD echo
// from this host (umad/mad_echo.hpp). Tests: an in-process fake that answers from a latency
// model.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// One block of ping-pongs from the agent of `from` to the agent of `to`: `samples` requests
// of `request_bytes`, each answered with `reply_bytes`, one at a time (the next request goes
// when the reply arrives or `sample_timeout` passes), after `warmup` requests whose times are
// discarded.
struct ProbeRequest {
  std::uint64_t tag = 0;
  PortId from;
  PortId to;
  Lid dlid = 0;
  std::uint32_t request_bytes = 64;
  std::uint32_t reply_bytes = 64;
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::chrono::milliseconds sample_timeout{200};
};

enum class ProbeStatus : std::uint8_t {
  Ok,           // measured (some samples may still be lost)
  Unreachable,  // an agent did not answer its control channel in time
  Refused,      // an agent refused the request (limits, a host it may not probe)
  Failed,       // anything else (a socket error on the data path)
};

std::string to_string(ProbeStatus status);  // "ok", "unreachable", "refused", "failed"

struct ProbeResult {
  std::uint64_t tag = 0;
  ProbeStatus status = ProbeStatus::Unreachable;
  std::optional<PortId> culprit;  // not Ok: the host whose agent failed, when one is to blame
  std::string detail;             // not Ok: what happened, in words
  // Not Ok: the check id of what stops the transport at culprit's agent, when it said
  // ("probe.transport_unavailable", "host.memlock_low"); run_probes reports it there.
  std::string problem;
  // Round-trip times in nanoseconds of the requests answered, in send order; warm-up
  // excluded. Never halved.
  std::vector<std::uint32_t> rtt_ns;
  std::uint32_t sent = 0;        // requests sent after the warm-up
  std::uint32_t lost = 0;        // of those: no reply within sample_timeout
  std::uint32_t duplicates = 0;  // replies seen twice (never samples)
  std::uint32_t late = 0;        // replies after their timeout, or out of order (never samples)
};

class ProbeTransport {
 public:
  virtual ~ProbeTransport() = default;

  // How many requests may be outstanding at once. The caller never exceeds it.
  virtual std::size_t max_in_flight() const = 0;

  // Queues a request. REQUIRES: fewer than max_in_flight() outstanding.
  virtual void send(const ProbeRequest& request) = 0;

  // Waits up to `timeout` for at least one result and returns every result ready by then
  // (possibly none).
  virtual std::vector<ProbeResult> poll(std::chrono::milliseconds timeout) = 0;

  // Stops every agent's work (Ctrl-C): outstanding requests end, Failed, on the next poll.
  virtual void cancel() = 0;
};

}  // namespace ibatlas
