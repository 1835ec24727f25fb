#pragma once

// The messages inside the control channel's frames (docs/probe.md, "Control channel and
// agents"). Each is one type byte and fixed-width big-endian fields, strings and lists
// length-prefixed; decode_message rejects anything else with ProtocolError.
//
//   controller -> agent: Targets (once, first), Arm, Probe, MadProbe, VerbsProbe, Cancel
//   agent -> controller: Ready (once, first), HostFindings (once, second), Armed, Result,
//                        Failure
//   both ways: VerbsEndpoint (the verbs transport's RC QP exchange)

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ibatlas/error.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// A peer broke the protocol: a malformed frame or message, a bad MAC, a replayed frame.
// The session that saw it closes; nothing else stops.
class ProtocolError : public Error {
 public:
  using Error::Error;
};

inline constexpr std::size_t kMaxAddressBytes = 64;          // an IPv4 or IPv6 address in text
inline constexpr std::size_t kMaxTargets = 65536;            // hosts of one run
inline constexpr std::size_t kMaxTextBytes = 1024;           // a failure's words
inline constexpr std::uint32_t kMaxResultSamples = 1 << 18;  // fits a 1 MiB frame
inline constexpr std::uint32_t kMaxHostFindings = 128;       // of one host (< 7 KiB each)

// The agent's limits, sent once after the handshake.
struct ReadyMessage {
  std::uint32_t max_samples = 0;        // warmup + samples of one request
  std::uint32_t max_request_bytes = 0;  // of one UDP request or reply
  std::uint32_t max_run_ms = 0;         // of one block: it stops there, whatever its size
  friend bool operator==(const ReadyMessage&, const ReadyMessage&) = default;
};

// The data addresses of this run's hosts: the only ones the agent will probe or answer.
struct TargetsMessage {
  std::vector<std::string> addresses;
  friend bool operator==(const TargetsMessage&, const TargetsMessage&) = default;
};

// Answer UDP probes from `peer` that carry `token`, at most `max_packets` of them, for
// `window_ms` from now.
struct ArmMessage {
  std::uint64_t token = 0;
  std::string peer;
  std::uint32_t max_packets = 0;
  std::uint32_t window_ms = 0;
  friend bool operator==(const ArmMessage&, const ArmMessage&) = default;
};

struct ArmedMessage {
  std::uint64_t token = 0;
  friend bool operator==(const ArmedMessage&, const ArmedMessage&) = default;
};

// Ping `target`:`udp_port` from `source` (the address bound, so that the armed peer matches).
struct ProbeMessage {
  std::uint64_t token = 0;
  std::string source;
  std::string target;
  std::uint16_t udp_port = 0;
  std::uint32_t request_bytes = 0;
  std::uint32_t reply_bytes = 0;
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::uint32_t timeout_ms = 0;  // per sample
  friend bool operator==(const ProbeMessage&, const ProbeMessage&) = default;
};

struct ResultMessage {
  std::uint64_t token = 0;
  std::uint32_t sent = 0;
  std::uint32_t lost = 0;
  std::uint32_t duplicates = 0;
  std::uint32_t late = 0;
  std::vector<std::uint32_t> rtt_ns;
  friend bool operator==(const ResultMessage&, const ResultMessage&) = default;
};

struct CancelMessage {
  friend bool operator==(const CancelMessage&, const CancelMessage&) = default;
};

enum class FailureKind : std::uint8_t { Refused = 1, Failed = 2 };

// The agent would not (Refused: a limit, an unknown target) or could not (Failed) do the
// request with this token; token 0 is about the session.
struct FailureMessage {
  std::uint64_t token = 0;
  FailureKind kind = FailureKind::Failed;
  std::string text;
  friend bool operator==(const FailureMessage&, const FailureMessage&) = default;
};

// The verbs transport (docs/probe.md, "Verbs transport"): one side's RC QP for `token`, sent
// by its agent (path fields 0), and passed by the controller to the peer's agent with the
// path that agent must use toward it. Never sent over a plaintext socket, as perftest does.
struct VerbsEndpointMessage {
  std::uint64_t token = 0;
  std::uint32_t qp_num = 0;  // 24 bits
  std::uint32_t psn = 0;     // 24 bits
  std::uint16_t lid = 0;
  std::array<std::uint8_t, 16> gid{};
  std::uint16_t dlid = 0;  // the LID to address (the plan's: LMC picks the path)
  std::uint8_t sl = 0;     // 0-15
  std::uint8_t mtu = 0;    // path MTU, IBA encoding 1 (256) - 5 (4096); 0 from an agent
  friend bool operator==(const VerbsEndpointMessage&, const VerbsEndpointMessage&) = default;
};

// The agent's host doctor (docs/host.md), run as the session starts: its findings (host.*
// ids only, in the common schema, located at the agent's HCAs or, for the process, the
// fabric), or why it did not run (`unavailable`, then no findings).
struct HostFindingsMessage {
  std::vector<Finding> findings;
  std::string unavailable;
  friend bool operator==(const HostFindingsMessage&, const HostFindingsMessage&) = default;
};

// The MAD-echo transport (docs/probe.md, "MAD-echo transport"): send warmup + samples echo
// MADs to `dlid` from the agent's port, one outstanding, `timeout_ms` each; answered with
// RESULT or FAILURE for `token`. No ARM: every echo responder answers.
struct MadProbeMessage {
  std::uint64_t token = 0;
  std::uint16_t dlid = 0;
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::uint32_t timeout_ms = 0;  // per sample
  friend bool operator==(const MadProbeMessage&, const MadProbeMessage&) = default;
};

enum class VerbsRole : std::uint8_t { Requester = 1, Responder = 2 };

// The verbs transport (docs/probe.md, "Verbs transport"): create an RC endpoint for `token`
// and answer with its VERBS_ENDPOINT (or FAILURE). The requester pings warmup + samples
// requests of request_bytes, each answered with reply_bytes, one outstanding, timeout_ms
// each; the responder answers that many. The peer's endpoint follows in a VERBS_ENDPOINT:
// the responder then connects and answers ARMED, the requester connects, pings and answers
// RESULT.
struct VerbsProbeMessage {
  std::uint64_t token = 0;
  VerbsRole role = VerbsRole::Requester;
  std::uint32_t request_bytes = 0;
  std::uint32_t reply_bytes = 0;
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::uint32_t timeout_ms = 0;  // per sample
  friend bool operator==(const VerbsProbeMessage&, const VerbsProbeMessage&) = default;
};

using Message = std::variant<ReadyMessage, TargetsMessage, ArmMessage, ArmedMessage, ProbeMessage,
                             ResultMessage, CancelMessage, FailureMessage, VerbsEndpointMessage,
                             HostFindingsMessage, MadProbeMessage, VerbsProbeMessage>;

// The payload of one frame. REQUIRES: strings and lists within the limits above.
std::string encode_message(const Message& message);

// Throws ProtocolError on an unknown type, a truncated or oversized field, or trailing bytes.
Message decode_message(std::string_view payload);

// "probe", "result", ...: for log lines.
std::string message_name(const Message& message);

}  // namespace ibatlas
