// The transport runs on the caller's thread: send() writes frames and returns, poll() waits
// in poll(2) on every agent's socket and moves each request along (ARMED -> PROBE, RESULT ->
// a ProbeResult). Only connect_agents uses threads, one per agent, so that ten dead agents
// cost one connect timeout, not ten.

#include "ibatlas/net/controller.hpp"

#include <algorithm>
#include <map>
#include <thread>

#include "ibatlas/net/crypto.hpp"

#include "net/controller_transport.hpp"
#include "net/pinger.hpp"
#include "net/wire.hpp"
#include <poll.h>

namespace ibatlas::net {
namespace {

constexpr std::chrono::milliseconds kSendTimeout{2000};

std::uint16_t port_of(const std::string& control) {
  std::size_t colon = control.rfind(':');
  return static_cast<std::uint16_t>(std::stoul(control.substr(colon + 1)));
}

}  // namespace

ProbeResult failed_result(std::uint64_t tag, ProbeStatus status, std::optional<PortId> culprit,
                          std::string detail) {
  ProbeResult result;
  result.tag = tag;
  result.status = status;
  result.culprit = culprit;
  result.detail = std::move(detail);
  return result;
}

std::optional<std::size_t> AgentsTransport::link_of(PortId port) const {
  for (std::size_t i = 0; i < links_.size(); ++i) {
    if (links_[i].address().port == port) {
      return i;
    }
  }
  return std::nullopt;
}

// Only the source's agent takes part: it sends, any responder answers.
void AgentsTransport::send_mad(const ProbeRequest& request, std::size_t from) {
  std::uint64_t token = wire::get_uint(random_bytes(8), 8);
  auto run_time = request.sample_timeout * (std::uint64_t{request.warmup} + request.samples);
  pending_[token] =
      Pending{request, from, from, true, Clock::now() + run_time + options_.reply_slack};
  links_[from].send(MadProbeMessage{token, request.dlid, request.samples, request.warmup,
                                    static_cast<std::uint32_t>(request.sample_timeout.count())},
                    kSendTimeout);
  fail_dead_links();
}

void AgentsTransport::send(const ProbeRequest& request) {
  std::optional<std::size_t> from = link_of(request.from);
  std::optional<std::size_t> to = options_.mad_echo ? from : link_of(request.to);
  for (auto [link, port] : {std::pair{from, request.from}, std::pair{to, request.to}}) {
    if (!link) {
      ready_.push_back(failed_result(request.tag, ProbeStatus::Unreachable, port,
                                     "no agent for port " + std::to_string(port.value)));
      return;
    }
    if (!links_[*link].alive()) {
      ready_.push_back(
          failed_result(request.tag, ProbeStatus::Unreachable, port, links_[*link].failure()));
      return;
    }
  }
  if (options_.mad_echo) {
    send_mad(request, *from);
    return;
  }
  if (verbs()) {
    send_verbs(request, *from, *to);
    return;
  }
  std::uint64_t token = wire::get_uint(random_bytes(8), 8);
  // The worst case, unless the source's agent stops the block sooner.
  auto run_time = std::min<std::chrono::milliseconds>(
      request.sample_timeout * (std::uint64_t{request.warmup} + request.samples),
      std::chrono::milliseconds(links_[*from].limits().max_run_ms));
  Pending& pending = pending_[token];
  pending = Pending{request, *from, *to, false, Clock::now() + run_time + options_.reply_slack};
  links_[*to].send(
      ArmMessage{token, links_[*from].address().data, request.warmup + request.samples,
                 static_cast<std::uint32_t>((run_time + options_.reply_slack).count())},
      kSendTimeout);
  fail_dead_links();
}

void AgentsTransport::on_armed(std::size_t link, std::uint64_t token) {
  auto it = pending_.find(token);
  if (it == pending_.end() || it->second.to != link || it->second.armed) {
    return;  // cancelled or expired meanwhile
  }
  Pending& p = it->second;
  if (verbs()) {
    on_verbs_armed(p, token);
    return;
  }
  p.armed = true;
  const AgentAddress& target = links_[p.to].address();
  std::uint32_t timeout_ms = static_cast<std::uint32_t>(p.request.sample_timeout.count());
  links_[p.from].send(
      ProbeMessage{token, links_[p.from].address().data, target.data, port_of(target.control),
                   p.request.request_bytes, p.request.reply_bytes, p.request.samples,
                   p.request.warmup, timeout_ms},
      kSendTimeout);
}

void AgentsTransport::finish(std::uint64_t token, ProbeResult result) {
  auto it = pending_.find(token);
  if (it == pending_.end()) {
    return;
  }
  result.tag = it->second.request.tag;
  ready_.push_back(std::move(result));
  pending_.erase(it);
}

void AgentsTransport::dispatch(std::size_t link, const Message& message) {
  if (const auto* armed = std::get_if<ArmedMessage>(&message)) {
    on_armed(link, armed->token);
  } else if (const auto* r = std::get_if<ResultMessage>(&message)) {
    auto it = pending_.find(r->token);
    if (it != pending_.end() && it->second.from == link) {
      ProbeResult result;
      result.status = ProbeStatus::Ok;
      result.rtt_ns = r->rtt_ns;
      result.sent = r->sent;
      result.lost = r->lost;
      result.duplicates = r->duplicates;
      result.late = r->late;
      finish(r->token, std::move(result));
    }
  } else if (const auto* f = std::get_if<FailureMessage>(&message)) {
    on_failure(link, *f);
  } else if (const auto* e = std::get_if<VerbsEndpointMessage>(&message); e && verbs()) {
    on_endpoint(link, *e);
  } else {
    links_[link].fail("sent \"" + message_name(message) + "\", which agents do not send");
  }
}

// Every request that involves a failed link ends Unreachable, blaming that link's host.
void AgentsTransport::fail_dead_links() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    const Pending& p = it->second;
    std::optional<std::size_t> dead;
    for (std::size_t link : {p.to, p.from}) {
      if (!links_[link].alive()) {
        dead = link;
      }
    }
    if (!dead) {
      ++it;
      continue;
    }
    log_.line(links_[*dead].failure());
    ready_.push_back(failed_result(p.request.tag, ProbeStatus::Unreachable,
                                   links_[*dead].address().port, links_[*dead].failure()));
    it = pending_.erase(it);
  }
}

// An agent that misses a deadline is silent: its link fails, and with it its requests.
void AgentsTransport::expire(Clock::time_point now) {
  for (auto& [token, p] : pending_) {
    if (now >= p.deadline) {
      // Verbs: the source's endpoint is what is missing once the target's is in.
      bool source = p.armed || (p.to_endpoint && !p.from_endpoint);
      const char* awaited =
          verbs() ? (p.armed ? "verbs-endpoint" : "verbs-probe") : (p.armed ? "probe" : "arm");
      links_[source ? p.from : p.to].fail(std::string("no answer to \"") + awaited + "\" in time");
    }
  }
  fail_dead_links();
}

void AgentsTransport::wait_and_read(Deadline until) {
  std::vector<pollfd> fds;
  std::vector<std::size_t> which;
  for (std::size_t i = 0; i < links_.size(); ++i) {
    if (links_[i].alive()) {
      fds.push_back(pollfd{links_[i].fd(), POLLIN, 0});
      which.push_back(i);
    }
  }
  for (const auto& [token, p] : pending_) {
    until = std::min(until, p.deadline);
  }
  if (::poll(fds.data(), fds.size(), net::millis_until(until)) <= 0) {
    return;
  }
  for (std::size_t k = 0; k < fds.size(); ++k) {
    if (fds[k].revents != 0) {
      for (const Message& message : links_[which[k]].receive()) {
        dispatch(which[k], message);
      }
    }
  }
  fail_dead_links();
}

std::vector<ProbeResult> AgentsTransport::poll(std::chrono::milliseconds timeout) {
  Deadline until = Clock::now() + timeout;
  while (true) {
    wait_and_read(ready_.empty() ? until : Clock::now());
    expire(Clock::now());
    if (!ready_.empty() || Clock::now() >= until || pending_.empty()) {
      break;
    }
  }
  return std::exchange(ready_, {});
}

void AgentsTransport::cancel() {
  for (AgentLink& link : links_) {
    link.send(CancelMessage{}, kSendTimeout);
  }
  for (auto& [token, p] : pending_) {
    ready_.push_back(failed_result(p.request.tag, ProbeStatus::Failed, std::nullopt, "cancelled"));
  }
  pending_.clear();
}

}  // namespace ibatlas::net

namespace ibatlas {

using net::AgentLink;
using net::Clock;
using net::Deadline;

std::unique_ptr<ProbeTransport> connect_agents(std::span<const AgentAddress> agents,
                                               const ProbeKey& key,
                                               const ControllerOptions& options) {
  std::vector<AgentLink> links(agents.begin(), agents.end());
  TargetsMessage targets;
  for (const AgentAddress& agent : agents) {
    targets.addresses.push_back(agent.data);
  }
  Deadline deadline = Clock::now() + options.connect_timeout;
  std::vector<std::thread> threads;
  threads.reserve(links.size());
  for (AgentLink& link : links) {
    threads.emplace_back([&link, &key, &targets, deadline] { link.open(key, targets, deadline); });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  net::LineLog log(options.log, "probe: ");
  for (const AgentLink& link : links) {
    log.line(link.alive() ? link.describe() + ": connected" : link.failure());
    if (link.alive() && options.host_findings != nullptr) {
      const HostFindingsMessage& host = link.host_findings();
      options.host_findings->push_back(AgentHostFindings{link.address().port, link.address().name,
                                                         host.findings, host.unavailable});
    }
  }
  return std::make_unique<net::AgentsTransport>(std::move(links), options);
}

}  // namespace ibatlas
