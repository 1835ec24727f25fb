// The controller's half of the handshake. It proves the key only after the agent has: a
// stranger listening on an agent's port learns nothing from a controller that connects.

#include "net/controller_link.hpp"

#include "ibatlas/net/crypto.hpp"

#include <sys/socket.h>

namespace ibatlas::net {

std::string AgentLink::describe() const {
  return "agent " + address_.control + " of " + address_.name;
}

void AgentLink::fail(const std::string& why) {
  if (failure_.empty()) {
    failure_ = describe() + ": " + why;
  }
  fd_.reset();
}

void AgentLink::open(const ProbeKey& key, const TargetsMessage& targets, Deadline deadline) {
  std::string stage = "connect";
  try {
    fd_ = tcp_connect(resolve_host_port(address_.control, SOCK_STREAM), deadline);
    stage = "handshake";
    handshake(key, deadline);
    Message first = await_message(deadline);
    if (!std::holds_alternative<ReadyMessage>(first)) {
      throw ProtocolError("expected \"ready\", got \"" + message_name(first) + "\"");
    }
    limits_ = std::get<ReadyMessage>(first);
    Message second = await_message(deadline);
    if (!std::holds_alternative<HostFindingsMessage>(second)) {
      throw ProtocolError("expected \"host-findings\", got \"" + message_name(second) + "\"");
    }
    host_findings_ = std::get<HostFindingsMessage>(std::move(second));
    write_all(fd_.get(), out_->encode(encode_message(targets)), deadline);
  } catch (const std::exception& e) {
    std::string what = e.what();
    if (what.starts_with(stage + ": ")) {
      what = what.substr(stage.size() + 2);
    }
    fail(stage + ": " + what);
  }
}

void AgentLink::handshake(const ProbeKey& key, Deadline deadline) {
  std::string nc = random_bytes(kNonceBytes);
  write_all(fd_.get(), encode_hello(Hello{kProtocolVersion, key_id_bytes(key), nc}), deadline);
  std::string head;
  try {
    head = read_exact(fd_.get(), kChallengeHeadBytes, deadline);
  } catch (const Error& e) {
    throw Error(std::string(e.what()) + " (another key? the agent's log says why)");
  }
  std::size_t id_length = 0;
  Challenge challenge = decode_challenge_head(head, id_length);
  challenge.agent_id = read_exact(fd_.get(), id_length, deadline);
  if (!equal_constant_time(challenge.mac,
                           agent_proof(key, nc, challenge.nonce, challenge.agent_id))) {
    throw ProtocolError("the agent's proof does not verify: it holds another key");
  }
  write_all(fd_.get(), controller_proof(key, challenge.nonce, nc), deadline);
  SessionKeys keys = controller_session_keys(key, nc, challenge.nonce);
  out_.emplace(std::move(keys.send));
  in_.emplace(std::move(keys.receive));
}

Message AgentLink::await_message(Deadline deadline) {
  while (true) {
    if (std::optional<std::string> payload = in_->next()) {
      return decode_message(*payload);
    }
    if (in_->failed()) {
      throw ProtocolError(in_->error());
    }
    if (!wait_readable(fd_.get(), std::chrono::milliseconds(millis_until(deadline)))) {
      throw Error("no answer after the handshake");
    }
    std::string chunk;
    if (!read_available(fd_.get(), chunk)) {
      throw Error("connection closed by the agent");
    }
    in_->feed(chunk);
  }
}

bool AgentLink::send(const Message& message, std::chrono::milliseconds timeout) {
  if (!alive()) {
    return false;
  }
  try {
    write_all(fd_.get(), out_->encode(encode_message(message)), Clock::now() + timeout);
    return true;
  } catch (const std::exception& e) {
    fail(std::string("sending ") + message_name(message) + ": " + e.what());
    return false;
  }
}

std::vector<Message> AgentLink::receive() {
  std::vector<Message> messages;
  try {
    std::string chunk;
    bool open = read_available(fd_.get(), chunk);
    in_->feed(chunk);
    while (std::optional<std::string> payload = in_->next()) {
      messages.push_back(decode_message(*payload));
    }
    if (in_->failed()) {
      throw ProtocolError(in_->error());
    }
    if (!open) {
      throw Error("connection closed by the agent");
    }
  } catch (const std::exception& e) {
    fail(e.what());
  }
  return messages;
}

}  // namespace ibatlas::net
