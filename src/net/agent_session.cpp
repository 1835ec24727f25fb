// A session reads frames on its own thread and runs each block of pings on a worker thread,
// so that a CANCEL is read (and the ping stopped) while the block runs. Only the session
// thread writes to the socket.

#include "net/agent_session.hpp"

#include <memory>
#include <thread>
#include <vector>

#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/crypto.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/agent_runs.hpp"
#include "net/agent_verbs.hpp"
#include "net/pinger.hpp"

namespace ibatlas::net {
namespace {

constexpr std::chrono::milliseconds kTick{20};
constexpr std::size_t kMaxMadBlocks = 16;  // per session

std::string ms_text(std::chrono::milliseconds ms) {
  return std::to_string(ms.count()) + " ms";
}

class Session {
 public:
  Session(Fd fd, const SocketAddress& peer, std::uint64_t id, const SessionContext& context)
      : fd_(std::move(fd)),
        peer_(peer),
        id_(id),
        context_(context),
        options_(context.options),
        verbs_(context.options, context.log, peer.text()) {}

  ~Session() {
    stop_ping();
    context_.tokens.disarm_session(id_);
  }

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void handshake();
  void serve();

 private:
  void handle(const Message& message);
  void on_targets(const TargetsMessage& m);
  void on_arm(const ArmMessage& m);
  std::chrono::milliseconds window(std::uint32_t window_ms) const;
  void on_probe(const ProbeMessage& m);
  std::string check_probe(const ProbeMessage& m) const;
  void on_mad_probe(const MadProbeMessage& m);
  std::string check_mad_probe(const MadProbeMessage& m) const;
  std::string check_counts(std::uint64_t requests, std::uint32_t timeout_ms) const;
  void finish_ping();
  void report(RunningPing& run);
  void stop_ping();
  void send(const Message& message);
  bool is_target(const std::string& address) const;
  void check_timeouts();

  Fd fd_;
  SocketAddress peer_;
  std::uint64_t id_;
  const SessionContext& context_;
  const AgentOptions& options_;
  std::optional<FrameEncoder> out_;
  std::optional<FrameDecoder> in_;
  std::optional<std::vector<SocketAddress>> targets_;
  std::vector<std::unique_ptr<RunningPing>> runs_;
  Clock::time_point last_frame_ = Clock::now();
  Clock::time_point partial_since_{};
  VerbsBlocks verbs_;
};

void Session::handshake() {
  const ProbeKey& key = options_.key;
  Deadline deadline = Clock::now() + options_.handshake_timeout;
  Hello hello = decode_hello(read_exact(fd_.get(), kHelloBytes, deadline));
  if (hello.version != kProtocolVersion) {
    throw ProtocolError("protocol version " + std::to_string(hello.version) +
                        ", this agent speaks " + std::to_string(kProtocolVersion));
  }
  if (!equal_constant_time(hello.key_id, key_id_bytes(key))) {
    throw ProtocolError("key id " + to_hex(hello.key_id) + " is not this agent's (" + key.id +
                        "): the controller holds another key file");
  }
  std::string na = random_bytes(kNonceBytes);
  Challenge challenge{na, agent_proof(key, hello.nonce, na, context_.agent_id), context_.agent_id};
  write_all(fd_.get(), encode_challenge(challenge), deadline);
  std::string proof = read_exact(fd_.get(), kProofBytes, deadline);
  if (!equal_constant_time(proof, controller_proof(key, na, hello.nonce))) {
    throw ProtocolError("the controller's proof does not verify: it holds another key");
  }
  SessionKeys keys = agent_session_keys(key, hello.nonce, na);
  out_.emplace(std::move(keys.send));
  in_.emplace(std::move(keys.receive), options_.max_frame);
  send(ReadyMessage{options_.max_samples, options_.max_request_bytes,
                    static_cast<std::uint32_t>(options_.max_run_time.count())});
  send(run_host_checks(options_));
  context_.log.line(peer_.text() + ": controller authenticated");
}

void Session::serve() {
  last_frame_ = Clock::now();
  while (!context_.halt.load()) {
    finish_ping();
    if (!wait_readable(fd_.get(), kTick)) {
      check_timeouts();
      continue;
    }
    std::string chunk;
    if (!read_available(fd_.get(), chunk)) {
      throw Error("closed by the controller");
    }
    in_->feed(chunk);
    while (std::optional<std::string> payload = in_->next()) {
      last_frame_ = Clock::now();
      handle(decode_message(*payload));
    }
    if (in_->failed()) {
      throw ProtocolError(in_->error());
    }
    if (in_->buffered() == 0) {
      partial_since_ = {};
    } else if (partial_since_ == Clock::time_point{}) {
      partial_since_ = Clock::now();
    }
  }
  throw Error("the agent is stopping");
}

void Session::check_timeouts() {
  Clock::time_point now = Clock::now();
  if (partial_since_ != Clock::time_point{} && now - partial_since_ > options_.handshake_timeout) {
    throw Error("began a frame and did not finish it within " +
                ms_text(options_.handshake_timeout));
  }
  if (runs_.empty() && verbs_.idle() && now - last_frame_ > options_.idle_timeout) {
    throw Error("idle for " + ms_text(options_.idle_timeout));
  }
}

void Session::handle(const Message& message) {
  if (const auto* m = std::get_if<TargetsMessage>(&message)) {
    on_targets(*m);
  } else if (const auto* arm = std::get_if<ArmMessage>(&message)) {
    on_arm(*arm);
  } else if (const auto* probe = std::get_if<ProbeMessage>(&message)) {
    on_probe(*probe);
  } else if (const auto* mad = std::get_if<MadProbeMessage>(&message)) {
    on_mad_probe(*mad);
  } else if (const auto* v = std::get_if<VerbsProbeMessage>(&message)) {
    send(verbs_.on_probe(*v, check_counts(std::uint64_t{v->samples} + v->warmup, v->timeout_ms)));
  } else if (const auto* e = std::get_if<VerbsEndpointMessage>(&message)) {
    if (std::optional<Message> answer = verbs_.on_endpoint(*e)) {
      send(*answer);
    }
  } else if (std::holds_alternative<CancelMessage>(message)) {
    stop_ping();
    verbs_.stop();
    context_.tokens.disarm_session(id_);
  } else {
    throw ProtocolError("a controller does not send \"" + message_name(message) + "\"");
  }
}

void Session::on_targets(const TargetsMessage& m) {
  if (targets_) {
    throw ProtocolError("a second list of targets in one session");
  }
  targets_.emplace();
  for (const std::string& address : m.addresses) {
    try {
      targets_->push_back(numeric_address(address, 0));
    } catch (const Error& e) {
      throw ProtocolError(std::string("targets: ") + e.what());
    }
  }
}

bool Session::is_target(const std::string& address) const {
  if (!targets_) {
    return false;
  }
  try {
    SocketAddress wanted = numeric_address(address, 0);
    for (const SocketAddress& target : *targets_) {
      if (target.same_ip(wanted)) {
        return true;
      }
    }
  } catch (const Error&) {
  }
  return false;
}

// A block stops at the source's run-time limit, so no window needs to be longer than that
// (plus the time for the PROBE to reach the source).
std::chrono::milliseconds Session::window(std::uint32_t window_ms) const {
  return std::min(std::chrono::milliseconds(window_ms),
                  options_.max_run_time + options_.handshake_timeout);
}

void Session::on_arm(const ArmMessage& m) {
  std::string why;
  if (!is_target(m.peer)) {
    why = "peer " + m.peer + " is not one of this run's hosts";
  } else if (m.max_packets > options_.max_samples) {
    why = std::to_string(m.max_packets) + " packets, more than the limit of " +
          std::to_string(options_.max_samples);
  } else if (!context_.tokens.arm(m.token, numeric_address(m.peer, 0), m.max_packets,
                                  Clock::now() + window(m.window_ms), id_)) {
    why = "token armed already";
  }
  if (!why.empty()) {
    context_.log.line(peer_.text() + ": refused arm: " + why);
    send(FailureMessage{m.token, FailureKind::Refused, why});
    return;
  }
  send(ArmedMessage{m.token});
}

std::string Session::check_probe(const ProbeMessage& m) const {
  auto fits = [](std::uint32_t bytes, std::uint32_t limit) {
    return bytes >= kProbeHeaderBytes && bytes <= limit;
  };
  std::uint32_t size_limit = std::min(options_.max_request_bytes, kMaxUdpPayload);
  if (!runs_.empty()) {
    return "a block is running already";
  }
  if (!is_target(m.target)) {
    return "target " + m.target + " is not one of this run's hosts";
  }
  if (!fits(m.request_bytes, size_limit) || !fits(m.reply_bytes, size_limit)) {
    return "sizes " + std::to_string(m.request_bytes) + "/" + std::to_string(m.reply_bytes) +
           " outside " + std::to_string(kProbeHeaderBytes) + ".." + std::to_string(size_limit);
  }
  return check_counts(std::uint64_t{m.samples} + m.warmup, m.timeout_ms);
}

std::string Session::check_counts(std::uint64_t requests, std::uint32_t timeout_ms) const {
  if (requests > options_.max_samples) {
    return std::to_string(requests) + " requests, more than the limit of " +
           std::to_string(options_.max_samples);
  }
  if (timeout_ms == 0 || std::chrono::milliseconds(timeout_ms) > options_.max_sample_timeout) {
    return "a sample timeout of " + std::to_string(timeout_ms) + " ms, outside 1.." +
           ms_text(options_.max_sample_timeout);
  }
  return "";
}

// Echo MAD blocks run side by side (a source's probes share its rounds). LIDs from 0xc000 on
// are multicast.
std::string Session::check_mad_probe(const MadProbeMessage& m) const {
  if (!options_.mad_echo) {
    return "this agent has no MAD-echo port (start it with --transport mad)";
  }
  if (runs_.size() >= kMaxMadBlocks || (!runs_.empty() && !runs_.front()->mad)) {
    return "a UDP block or " + std::to_string(kMaxMadBlocks) + " MAD blocks running already";
  }
  if (m.dlid == 0 || m.dlid >= 0xc000) {
    return "DLID " + std::to_string(m.dlid) + " is not a unicast LID";
  }
  return check_counts(std::uint64_t{m.samples} + m.warmup, m.timeout_ms);
}

void Session::on_mad_probe(const MadProbeMessage& m) {
  std::string why = check_mad_probe(m);
  if (!why.empty()) {
    context_.log.line(peer_.text() + ": refused mad probe: " + why);
    send(FailureMessage{m.token, FailureKind::Refused, why});
    return;
  }
  ProbeRequest request{.tag = m.token,
                       .dlid = m.dlid,
                       .samples = m.samples,
                       .warmup = m.warmup,
                       .sample_timeout = std::chrono::milliseconds(m.timeout_ms)};
  RunningPing& run = *runs_.emplace_back(std::make_unique<RunningPing>());
  run.token = m.token;
  run.mad = true;
  run.thread = std::thread(mad_thread, std::ref(run), request, std::cref(options_));
}

void Session::on_probe(const ProbeMessage& m) {
  std::string why = check_probe(m);
  if (!why.empty()) {
    context_.log.line(peer_.text() + ": refused probe: " + why);
    send(FailureMessage{m.token, FailureKind::Refused, why});
    return;
  }
  PingSpec spec{m.token,
                m.request_bytes,
                m.reply_bytes,
                m.samples,
                m.warmup,
                std::chrono::milliseconds(m.timeout_ms),
                options_.busy_poll,
                Clock::now() + options_.max_run_time};
  RunningPing& run = *runs_.emplace_back(std::make_unique<RunningPing>());
  run.token = m.token;
  run.thread = std::thread(ping_thread, std::ref(run), m, spec, options_.cpu);
}

void Session::finish_ping() {
  for (const Message& m : verbs_.finish()) {
    send(m);
    last_frame_ = Clock::now();
  }
  for (auto it = runs_.begin(); it != runs_.end();) {
    if ((*it)->done.load()) {
      report(**it);
      it = runs_.erase(it);
      last_frame_ = Clock::now();
    } else {
      ++it;
    }
  }
}

void Session::report(RunningPing& run) {
  run.thread.join();
  const PingOutcome& o = run.outcome;
  std::uint64_t token = run.token;
  if (o.cancelled) {
    send(FailureMessage{token, FailureKind::Failed, "cancelled"});
  } else if (o.overran) {
    send(FailureMessage{token, FailureKind::Refused,
                        "ran past the agent's limit of " + ms_text(options_.max_run_time)});
  } else if (!o.error.empty()) {
    send(FailureMessage{token, FailureKind::Failed, o.error});
  } else {
    send(ResultMessage{token, o.sent, o.lost, o.duplicates, o.late, o.rtt_ns});
  }
}

void Session::stop_ping() {
  for (const std::unique_ptr<RunningPing>& run : runs_) {
    run->cancel = true;
  }
  for (const std::unique_ptr<RunningPing>& run : runs_) {
    run->thread.join();
  }
  runs_.clear();
}

void Session::send(const Message& message) {
  write_all(fd_.get(), out_->encode(encode_message(message)),
            Clock::now() + options_.handshake_timeout);
}

}  // namespace

void run_session(Fd fd, const SocketAddress& peer, std::uint64_t session_id,
                 const SessionContext& context) {
  std::string stage = "handshake";
  try {
    Session session(std::move(fd), peer, session_id, context);
    session.handshake();
    stage = "session";
    session.serve();
  } catch (const std::exception& e) {
    context.log.line(peer.text() + ": " + stage + ": " + e.what() + "; closed");
  }
}

}  // namespace ibatlas::net
