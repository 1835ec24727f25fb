#pragma once

// A session's verbs blocks (docs/probe.md, "Verbs transport"): VERBS_PROBE creates an RC
// endpoint through AgentOptions::verbs and answers with its VERBS_ENDPOINT; the peer's
// VERBS_ENDPOINT connects it and starts it on a thread of its own: a responder answers
// ARMED at once, a requester RESULT (or FAILURE) when its block ends. The session thread
// calls everything here; only the workers run the endpoints.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/net/agent.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/line_log.hpp"

namespace ibatlas::net {

inline constexpr std::size_t kMaxVerbsBlocks = 16;  // endpoints of one session at once
// Of one RC request or reply: each endpoint registers twice this (not UDP's limit).
inline constexpr std::uint32_t kMaxVerbsBytes = 1U << 20;

class VerbsBlocks {
 public:
  VerbsBlocks(const AgentOptions& options, const LineLog& log, std::string peer);

  VerbsBlocks(const VerbsBlocks&) = delete;
  VerbsBlocks& operator=(const VerbsBlocks&) = delete;
  ~VerbsBlocks();

  // The answer to a VERBS_PROBE: its endpoint, or FAILURE (Refused with `why_not` when that
  // is not empty; the FAILURE's text starts with a check id when the transport cannot run).
  Message on_probe(const VerbsProbeMessage& m, const std::string& why_not);

  // The answer to the peer's endpoint, if any: ARMED (a responder started), FAILURE.
  std::optional<Message> on_endpoint(const VerbsEndpointMessage& m);

  // RESULT or FAILURE of each requester that has ended; responders end silently (logged).
  // Cancels a requester past the agent's run-time limit.
  std::vector<Message> finish();

  // Cancels and joins every block.
  void stop();

  bool idle() const { return blocks_.empty(); }

 private:
  struct Block;

  Message refuse(std::uint64_t token, FailureKind kind, const std::string& why) const;
  std::string check(const VerbsProbeMessage& m) const;
  Message report(Block& block) const;

  const AgentOptions& options_;
  const LineLog& log_;
  std::string peer_;
  std::vector<std::unique_ptr<Block>> blocks_;
};

}  // namespace ibatlas::net
