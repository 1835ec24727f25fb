// One RC QP per host pair, as ib_send_lat does it (perftest run_iter_lat_send): one message
// outstanding, the requester times from just before ibv_post_send to the receive completion
// of the reply, busy-polling the CQ in between (no completion channel, no sleep). Unlike
// ib_send_lat, warm-up round trips are sent and discarded, every sample is kept, and each
// message carries a sequence number so that a reply to an earlier, timed-out request is
// counted late instead of timing the wrong request.

#include "ibatlas/verbs/rc_endpoint.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

namespace ibatlas {
namespace {

constexpr int kCqEntries = 32;
constexpr std::uint32_t kQueueDepth = 16;
constexpr std::uint32_t kMinBytes = 16;  // the sequence number and room for the probe header

std::string bytes_text(std::uint64_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) {
    return std::to_string(bytes / 1024) + " KiB";
  }
  return std::to_string(bytes) + " bytes";
}

void put_sequence(std::uint8_t* out, std::uint32_t sequence) {
  for (int i = 3; i >= 0; --i) {
    out[i] = static_cast<std::uint8_t>(sequence & 0xff);
    sequence >>= 8;
  }
}

}  // namespace

RcEndpoint::~RcEndpoint() {
  VerbsApi& api = device_.api();
  for (VerbsHandle handle : {qp_, cq_, mr_}) {
    if (handle != 0) {
      api.destroy(handle);
    }
  }
}

std::optional<VerbsProblem> RcEndpoint::create(std::uint32_t max_bytes, std::uint32_t psn) {
  VerbsApi& api = device_.api();
  max_bytes_ = std::max(max_bytes, kMinBytes);
  psn_ = psn & 0xffffff;
  buffer_.assign(std::size_t{2} * max_bytes_, 0);
  if (int e = api.reg_mr(device_.pd(), buffer_.data(), buffer_.size(), mr_); e != 0) {
    mr_ = 0;
    return registration_problem(e);
  }
  if (int e = api.create_cq(kCqEntries, cq_); e != 0) {
    cq_ = 0;
    return VerbsProblem{"probe.transport_unavailable",
                        std::string("ibv_create_cq: ") + std::strerror(e), device_.name(), "", ""};
  }
  // A device that cannot inline as much as asked refuses the QP; then ask for none.
  VerbsQpCaps caps{kQueueDepth, kQueueDepth, kVerbsWantedInline};
  int e = api.create_qp(device_.pd(), cq_, caps, qp_, qp_num_);
  if (e != 0) {
    caps = VerbsQpCaps{kQueueDepth, kQueueDepth, 0};
    e = api.create_qp(device_.pd(), cq_, caps, qp_, qp_num_);
  }
  if (e != 0) {
    qp_ = 0;
    return VerbsProblem{"probe.transport_unavailable",
                        std::string("ibv_create_qp (RC): ") + std::strerror(e), device_.name(), "",
                        ""};
  }
  max_inline_ = caps.max_inline_data;
  return initialize();
}

std::optional<VerbsProblem> RcEndpoint::registration_problem(int error) const {
  std::optional<std::uint64_t> limit = device_.api().memlock_limit();
  std::string call = "ibv_reg_mr of " + bytes_text(buffer_.size()) + ": " + std::strerror(error);
  if (error == ENOMEM && limit) {
    return VerbsProblem{
        "host.memlock_low",
        call + "; RLIMIT_MEMLOCK is " + bytes_text(*limit) +
            ", too little to register the probe's buffer (MPI and NCCL need far more)",
        "RLIMIT_MEMLOCK " + bytes_text(*limit), "unlimited (or at least the registrations)",
        "raise it: `* - memlock unlimited` in /etc/security/limits.d/, LimitMEMLOCK=infinity "
        "for a systemd service, --ulimit memlock=-1 for a container"};
  }
  return VerbsProblem{"probe.transport_unavailable", call, "ibv_reg_mr failed", "",
                      "check `ulimit -l` and the HCA's driver messages (dmesg)"};
}

std::optional<VerbsProblem> RcEndpoint::initialize() {
  VerbsQpAttributes init;
  init.state = VerbsQpState::Init;
  init.pkey_index = kVerbsPkeyIndex;
  init.port = device_.port();
  init.access_flags = kVerbsAccessFlags;
  using namespace verbs_mask;
  std::string error = transition(init, kState | kPkeyIndex | kPort | kAccessFlags);
  if (error.empty() && post_receive() != 0) {
    error = "ibv_post_recv failed";
  }
  if (!error.empty()) {
    return VerbsProblem{"probe.transport_unavailable", error, device_.name(), "", ""};
  }
  return std::nullopt;
}

RcLocal RcEndpoint::local() const {
  return RcLocal{qp_num_, psn_, device_.port_attributes().lid, device_.gid()};
}

std::string RcEndpoint::transition(const VerbsQpAttributes& attributes, std::uint32_t mask) {
  static constexpr std::array<const char*, 5> kNames = {"RESET", "INIT", "RTR", "RTS", "ERROR"};
  if (int e = device_.api().modify_qp(qp_, attributes, mask); e != 0) {
    return std::string("ibv_modify_qp to ") +
           kNames.at(static_cast<std::size_t>(attributes.state)) + ": " + std::strerror(e);
  }
  state_ = attributes.state;
  return {};
}

std::string RcEndpoint::connect(const RcLocal& remote, const RcPath& path) {
  using namespace verbs_mask;
  dlid_ = path.dlid;
  VerbsQpAttributes rtr;
  rtr.state = VerbsQpState::Rtr;
  rtr.path_mtu = std::min(path.mtu, device_.port_attributes().active_mtu);
  rtr.dest_qpn = remote.qp_num;
  rtr.rq_psn = remote.psn & 0xffffff;
  rtr.max_dest_rd_atomic = kVerbsMaxDestRdAtomic;
  rtr.min_rnr_timer = kVerbsMinRnrTimer;
  rtr.address.dlid = path.dlid;
  rtr.address.sl = path.sl;
  rtr.address.port = device_.port();
  std::string error = transition(rtr, kState | kAddressVector | kPathMtu | kDestQpn | kRqPsn |
                                          kMaxDestRdAtomic | kMinRnrTimer);
  if (!error.empty()) {
    return error;
  }
  VerbsQpAttributes rts;
  rts.state = VerbsQpState::Rts;
  rts.sq_psn = psn_;
  rts.timeout = kVerbsTimeout;
  rts.retry_count = kVerbsRetryCount;
  rts.rnr_retry = kVerbsRnrRetry;
  rts.max_rd_atomic = kVerbsMaxRdAtomic;
  return transition(rts, kState | kSqPsn | kTimeout | kRetryCount | kRnrRetry | kMaxRdAtomic);
}

int RcEndpoint::post_receive() {
  VerbsWorkRequest request{.id = 2, .mr = mr_, .offset = max_bytes_, .length = max_bytes_};
  return device_.api().post_recv(qp_, request);
}

// Small messages go inline (the CPU copies them into the work request: no DMA read of the
// buffer, the lowest latency); bigger ones from the registered buffer.
int RcEndpoint::post_message(std::uint32_t bytes, std::uint32_t sequence) {
  bytes = std::clamp(bytes, kMinBytes, max_bytes_);
  put_sequence(buffer_.data(), sequence);
  VerbsWorkRequest request{
      .id = 1, .mr = mr_, .offset = 0, .length = bytes, .inline_data = bytes <= max_inline_};
  return device_.api().post_send(qp_, request);
}

}  // namespace ibatlas
