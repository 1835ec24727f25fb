// The controller's side of a verbs block (docs/probe.md, "Verbs transport"):
//   1. VERBS_PROBE to the target's agent (responder) and the source's (requester);
//   2. each answers VERBS_ENDPOINT with its QP number, PSN, LID and GID;
//   3. with both in, the source's endpoint goes to the target with the reverse route; the
//      target connects (RTR, RTS), starts answering and says ARMED;
//   4. the target's endpoint goes to the source with the forward route (the plan's DLID);
//      the source connects, pings, and answers RESULT.
// Nothing of the QP exchange travels outside the authenticated channel.

#include <algorithm>

#include "ibatlas/net/crypto.hpp"

#include "net/controller_transport.hpp"
#include "net/wire.hpp"

namespace ibatlas::net {
namespace {

constexpr std::chrono::milliseconds kSendTimeout{2000};

// The checks an agent names at the start of a FAILURE when its transport cannot run.
constexpr const char* kProblemChecks[] = {"probe.transport_unavailable", "host.memlock_low"};

VerbsEndpointMessage toward(std::uint64_t token, const VerbsEndpointMessage& peer,
                            const RcRoute& route) {
  return VerbsEndpointMessage{token,    peer.qp_num, peer.psn, peer.lid,
                              peer.gid, route.dlid,  route.sl, route.mtu};
}

}  // namespace

Deadline AgentsTransport::run_deadline(const ProbeRequest& request, std::size_t from) const {
  auto run_time = std::min<std::chrono::milliseconds>(
      request.sample_timeout * (std::uint64_t{request.warmup} + request.samples),
      std::chrono::milliseconds(links_[from].limits().max_run_ms));
  return Clock::now() + run_time + options_.reply_slack;
}

void AgentsTransport::send_verbs(const ProbeRequest& request, std::size_t from, std::size_t to) {
  std::uint64_t token = wire::get_uint(random_bytes(8), 8);
  pending_[token] = Pending{request, from, to, false, run_deadline(request, from), {}, {}};
  VerbsProbeMessage probe{token,
                          VerbsRole::Responder,
                          request.request_bytes,
                          request.reply_bytes,
                          request.samples,
                          request.warmup,
                          static_cast<std::uint32_t>(request.sample_timeout.count())};
  links_[to].send(probe, kSendTimeout);
  probe.role = VerbsRole::Requester;
  links_[from].send(probe, kSendTimeout);
  fail_dead_links();
}

void AgentsTransport::on_endpoint(std::size_t link, const VerbsEndpointMessage& m) {
  auto it = pending_.find(m.token);
  if (it == pending_.end()) {
    return;  // cancelled or expired meanwhile
  }
  Pending& p = it->second;
  if (link == p.to && !p.to_endpoint) {
    p.to_endpoint = m;
  } else if (link == p.from && !p.from_endpoint) {
    p.from_endpoint = m;
  } else {
    links_[link].fail("sent a second verbs endpoint, or one for another agent's request");
    fail_dead_links();
    return;
  }
  if (p.to_endpoint && p.from_endpoint) {
    RcRoute reverse = options_.verbs_routes(p.request).reverse;
    links_[p.to].send(toward(m.token, *p.from_endpoint, reverse), kSendTimeout);
    fail_dead_links();
  }
}

// The target answers: its QP is in RTS and a receive is posted, so the source may send.
void AgentsTransport::on_verbs_armed(Pending& p, std::uint64_t token) {
  if (!p.to_endpoint || !p.from_endpoint) {
    links_[p.to].fail("said armed before it had the peer's verbs endpoint");
    fail_dead_links();
    return;
  }
  p.armed = true;
  RcRoute forward = options_.verbs_routes(p.request).forward;
  links_[p.from].send(toward(token, *p.to_endpoint, forward), kSendTimeout);
  fail_dead_links();
}

void AgentsTransport::on_failure(std::size_t link, const FailureMessage& f) {
  auto it = pending_.find(f.token);
  if (it == pending_.end() || (it->second.from != link && it->second.to != link)) {
    return;
  }
  ProbeStatus status = f.kind == FailureKind::Refused ? ProbeStatus::Refused : ProbeStatus::Failed;
  ProbeResult result = failed_result(0, status, links_[link].address().port,
                                     links_[link].describe() + ": " + f.text);
  for (const char* check : kProblemChecks) {
    if (f.text.starts_with(std::string(check) + ": ")) {
      result.problem = check;
    }
  }
  finish(f.token, std::move(result));
}

}  // namespace ibatlas::net
