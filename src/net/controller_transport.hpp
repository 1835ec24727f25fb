#pragma once

// The controller's ProbeTransport (net/controller.hpp) over its links to the agents: UDP
// blocks (controller.cpp: ARM the target, then PROBE the source), MAD-echo blocks (the
// source alone) and verbs blocks (controller_verbs.cpp: VERBS_PROBE to both, their
// endpoints passed across, the target ARMED, then the source pings).

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "ibatlas/net/controller.hpp"

#include "net/controller_link.hpp"
#include "net/line_log.hpp"

namespace ibatlas::net {

struct Pending {
  ProbeRequest request;
  std::size_t from = 0;  // index of the source's link
  std::size_t to = 0;    // index of the target's link
  bool armed = false;    // UDP, verbs: the target is ready, the source runs the block
  Deadline deadline;
  // Verbs: the endpoints each side's agent sent, kept until both are in.
  std::optional<VerbsEndpointMessage> from_endpoint;
  std::optional<VerbsEndpointMessage> to_endpoint;
};

ProbeResult failed_result(std::uint64_t tag, ProbeStatus status, std::optional<PortId> culprit,
                          std::string detail);

class AgentsTransport : public ProbeTransport {
 public:
  AgentsTransport(std::vector<AgentLink> links, const ControllerOptions& options)
      : links_(std::move(links)), options_(options), log_(options.log, "probe: ") {}

  // UDP and verbs: a block takes two agents; MAD echo: one, the source's.
  std::size_t max_in_flight() const override {
    return std::max<std::size_t>(1, options_.mad_echo ? links_.size() : links_.size() / 2);
  }

  void send(const ProbeRequest& request) override;
  std::vector<ProbeResult> poll(std::chrono::milliseconds timeout) override;
  void cancel() override;

 private:
  bool verbs() const { return static_cast<bool>(options_.verbs_routes); }

  std::optional<std::size_t> link_of(PortId port) const;
  void send_mad(const ProbeRequest& request, std::size_t from);
  void send_verbs(const ProbeRequest& request, std::size_t from, std::size_t to);
  Deadline run_deadline(const ProbeRequest& request, std::size_t from) const;
  void dispatch(std::size_t link, const Message& message);
  void on_armed(std::size_t link, std::uint64_t token);
  void on_verbs_armed(Pending& p, std::uint64_t token);
  void on_endpoint(std::size_t link, const VerbsEndpointMessage& m);
  void on_failure(std::size_t link, const FailureMessage& f);
  void finish(std::uint64_t token, ProbeResult result);
  void fail_dead_links();
  void expire(Clock::time_point now);
  void wait_and_read(Deadline until);

  std::vector<AgentLink> links_;
  ControllerOptions options_;
  LineLog log_;
  std::map<std::uint64_t, Pending> pending_;  // by token
  std::vector<ProbeResult> ready_;
};

}  // namespace ibatlas::net
