#pragma once

// The controller's connection to one agent: connect, handshake and the first exchange
// (READY and HOST_FINDINGS, then TARGETS) with a deadline, then frames sent and received. A link
// that fails stays failed, with the reason in words.

#include <chrono>
#include <string>
#include <vector>

#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/controller.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/socket.hpp"

namespace ibatlas::net {

class AgentLink {
 public:
  explicit AgentLink(AgentAddress address) : address_(std::move(address)) {}

  // Never throws: a failure is kept in failure().
  void open(const ProbeKey& key, const TargetsMessage& targets, Deadline deadline);

  const AgentAddress& address() const { return address_; }

  bool alive() const { return failure_.empty() && fd_.valid(); }

  const std::string& failure() const { return failure_; }

  int fd() const { return fd_.get(); }

  const ReadyMessage& limits() const { return limits_; }

  // What the agent's host doctor found, sent right after READY.
  const HostFindingsMessage& host_findings() const { return host_findings_; }

  // "agent 10.0.0.5:7000 of host03"
  std::string describe() const;

  // Closes the link for good; `why` joins the description in failure().
  void fail(const std::string& why);

  // False (and the link failed) if the agent does not take the frame within `timeout`.
  bool send(const Message& message, std::chrono::milliseconds timeout);

  // The messages that have arrived; fails the link on EOF or a bad frame.
  std::vector<Message> receive();

 private:
  void handshake(const ProbeKey& key, Deadline deadline);
  Message await_message(Deadline deadline);

  AgentAddress address_;
  Fd fd_;
  std::optional<FrameEncoder> out_;
  std::optional<FrameDecoder> in_;
  std::string failure_;
  ReadyMessage limits_;
  HostFindingsMessage host_findings_;
};

}  // namespace ibatlas::net
