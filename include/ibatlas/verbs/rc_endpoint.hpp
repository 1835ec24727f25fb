#pragma once

// The RDMA verbs probe transport's data path (docs/probe.md, "Verbs transport"): an
// ib_send_lat-style ping-pong over one RC QP per host pair, through the VerbsApi seam.
//
//   VerbsDevice   opens the HCA port once per process (device list, port Active and
//                 InfiniBand, one protection domain); a failure is a VerbsProblem, never a
//                 crash.
//   RcEndpoint    one side of one pair: a registered buffer, a CQ, an RC QP taken to INIT
//                 with a receive posted (create), then to RTR and RTS against the peer's
//                 QP number and PSN (connect), then ping (the requester) or respond.
//
// The peers exchange RcLocal (QP number, PSN, LID, GID) over the authenticated control
// channel, never over a plaintext socket as perftest does.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/verbs/verbs_api.hpp"

namespace ibatlas {

// Why the transport cannot run on this host: a finding's check id and words.
// check is "probe.transport_unavailable" or "host.memlock_low". Always an Error: the
// transport did not run (host.memlock_low from a registration that failed is worse than the
// host doctor's warning about a limit that may only bite MPI).
struct VerbsProblem {
  std::string check;
  std::string message;
  std::string measured;
  std::string expected;
  std::string hint;
};

// The problem as a finding at `location` (the host's port when the caller knows it),
// severity Error.
Finding to_finding(const VerbsProblem& problem, const Location& location = {});

// The QP attributes this transport uses, after ib_send_lat (perftest
// ctx_modify_qp_to_init/rtr/rts) and the IBA's encodings.
inline constexpr std::uint32_t kVerbsAccessFlags = 0;  // send/receive needs no remote access
inline constexpr std::uint16_t kVerbsPkeyIndex = 0;    // the default partition's entry
inline constexpr std::uint8_t kVerbsMaxDestRdAtomic = 1;
inline constexpr std::uint8_t kVerbsMinRnrTimer = 12;  // IBA encoding 12: 0.64 ms
inline constexpr std::uint8_t kVerbsTimeout = 14;      // 4.096 us x 2^14 = 67 ms per try
inline constexpr std::uint8_t kVerbsRetryCount = 7;    // the most the IBA allows
inline constexpr std::uint8_t kVerbsRnrRetry = 7;      // 7: retry for ever on RNR NAK
inline constexpr std::uint8_t kVerbsMaxRdAtomic = 1;
inline constexpr std::uint32_t kVerbsWantedInline = 236;  // perftest's RC send default

struct VerbsDeviceOptions {
  std::string device;     // empty: the first device listed
  std::uint8_t port = 1;  // HCA ports count from 1
};

class VerbsDevice {
 public:
  // REQUIRES: `api` outlives the device.
  explicit VerbsDevice(VerbsApi& api) : api_(api) {}

  VerbsDevice(const VerbsDevice&) = delete;
  VerbsDevice& operator=(const VerbsDevice&) = delete;
  ~VerbsDevice();

  // Lists the devices, opens the chosen one, checks its port is Active and InfiniBand,
  // reads its GID 0 and allocates a protection domain. On failure returns the problem and
  // the device stays closed.
  std::optional<VerbsProblem> open(const VerbsDeviceOptions& options);

  bool is_open() const { return pd_ != 0; }

  VerbsApi& api() const { return api_; }

  const std::string& name() const { return name_; }

  std::uint8_t port() const { return port_; }

  const VerbsPortAttributes& port_attributes() const { return attributes_; }

  const VerbsGid& gid() const { return gid_; }

  VerbsHandle pd() const { return pd_; }

 private:
  std::optional<VerbsProblem> open_port();

  VerbsApi& api_;
  std::string name_;
  std::uint8_t port_ = 0;
  VerbsPortAttributes attributes_;
  VerbsGid gid_{};
  VerbsHandle pd_ = 0;
};

// What one side tells the other over the control channel.
struct RcLocal {
  std::uint32_t qp_num = 0;
  std::uint32_t psn = 0;  // 24 bits
  std::uint16_t lid = 0;
  VerbsGid gid{};
  friend bool operator==(const RcLocal&, const RcLocal&) = default;
};

// The path to the peer: the DLID the plan chose (one of the peer's LMC LIDs, so it picks
// the path), its SL, and the path MTU from the snapshot (capped at the port's active MTU).
struct RcPath {
  std::uint16_t dlid = 0;
  std::uint8_t sl = 0;
  VerbsMtu mtu = VerbsMtu::Mtu4096;
};

struct RcPingOptions {
  std::uint32_t request_bytes = 64;
  std::uint32_t reply_bytes = 64;  // what the peer's respond() is told
  std::uint32_t samples = 0;
  std::uint32_t warmup = 0;
  std::chrono::milliseconds sample_timeout{200};
  const std::atomic<bool>* cancel = nullptr;  // stops between samples
};

struct RcRespondOptions {
  std::uint32_t reply_bytes = 64;
  std::uint32_t count = 0;  // requests to answer (warmup + samples)
  std::chrono::milliseconds deadline{60000};
  const std::atomic<bool>* cancel = nullptr;
};

struct RcRespondResult {
  std::uint32_t answered = 0;
  std::string error;  // empty when every request was answered
};

class RcEndpoint {
 public:
  // REQUIRES: `device` is open and outlives the endpoint.
  explicit RcEndpoint(const VerbsDevice& device) : device_(device) {}

  RcEndpoint(const RcEndpoint&) = delete;
  RcEndpoint& operator=(const RcEndpoint&) = delete;
  ~RcEndpoint();

  // Registers a buffer for messages up to `max_bytes` each way, creates the CQ and the QP
  // (inline up to what the device grants, at most kVerbsWantedInline), takes it RESET ->
  // INIT and posts the first receive. `psn` is this side's 24-bit starting PSN.
  std::optional<VerbsProblem> create(std::uint32_t max_bytes, std::uint32_t psn);

  RcLocal local() const;

  // INIT -> RTR (toward remote.qp_num at path.dlid) -> RTS. Returns what failed, or empty.
  std::string connect(const RcLocal& remote, const RcPath& path);

  // The requester: warmup + samples ping-pongs, one outstanding, busy-polling the CQ. A
  // completion error ends the block: that sample is lost and the result Failed with the
  // reason. REQUIRES: connected.
  ProbeResult ping(const RcPingOptions& options);

  // The responder: answers requests with reply_bytes until count, the deadline or cancel.
  RcRespondResult respond(const RcRespondOptions& options);

  VerbsQpState state() const { return state_; }

  std::uint32_t max_inline() const { return max_inline_; }

 private:
  struct Awaited {
    bool replied = false;
    std::chrono::steady_clock::time_point at;  // when the reply's completion was seen
    std::string error;                         // a completion or a call failed
  };

  std::optional<VerbsProblem> registration_problem(int error) const;
  std::optional<VerbsProblem> initialize();
  std::string transition(const VerbsQpAttributes& attributes, std::uint32_t mask);
  int post_receive();
  int post_message(std::uint32_t bytes, std::uint32_t sequence);
  Awaited await_reply(std::uint32_t sequence, std::chrono::steady_clock::time_point deadline,
                      std::uint32_t& late);
  std::string take_request(const VerbsCompletion& completion, std::uint32_t reply_bytes);

  const VerbsDevice& device_;
  std::vector<std::uint8_t> buffer_;  // [send area | receive area], max_bytes_ each
  std::uint32_t max_bytes_ = 0;
  std::uint32_t max_inline_ = 0;
  std::uint32_t psn_ = 0;
  std::uint32_t qp_num_ = 0;
  std::uint16_t dlid_ = 0;
  VerbsHandle mr_ = 0;
  VerbsHandle cq_ = 0;
  VerbsHandle qp_ = 0;
  VerbsQpState state_ = VerbsQpState::Reset;
};

// "transport retry counter exceeded (IBV_WC_RETRY_EXC_ERR)" and the like.
std::string describe(const VerbsCompletion& completion);

}  // namespace ibatlas
