#include "support/fake_verbs.hpp"

#include <algorithm>
#include <cstring>

namespace ibatlas::test {
namespace {

using namespace verbs_mask;

// ibv_modify_qp(3), "required attributes" per transition of an RC QP.
constexpr std::uint32_t kInitRequired = kState | kPkeyIndex | kPort | kAccessFlags;
constexpr std::uint32_t kRtrRequired =
    kState | kAddressVector | kPathMtu | kDestQpn | kRqPsn | kMaxDestRdAtomic | kMinRnrTimer;
constexpr std::uint32_t kRtsRequired =
    kState | kSqPsn | kMaxRdAtomic | kRetryCount | kRnrRetry | kTimeout;

std::uint32_t read_be32(const std::uint8_t* in) {
  return (std::uint32_t{in[0]} << 24) | (std::uint32_t{in[1]} << 16) | (std::uint32_t{in[2]} << 8) |
         in[3];
}

}  // namespace

std::vector<std::string> FakeVerbs::list_devices(int& error) {
  calls.emplace_back("list_devices");
  error = list_error;
  return list_error != 0 ? std::vector<std::string>{} : devices;
}

int FakeVerbs::open_device(const std::string& name) {
  calls.emplace_back("open_device");
  return std::find(devices.begin(), devices.end(), name) != devices.end() ? 0 : ENODEV;
}

int FakeVerbs::query_port(std::uint8_t port_number, VerbsPortAttributes& out) {
  calls.emplace_back("query_port");
  if (port_number != 1) {
    return EINVAL;
  }
  out = port;
  return 0;
}

int FakeVerbs::query_gid(std::uint8_t /*port_number*/, int /*index*/, VerbsGid& out) {
  calls.emplace_back("query_gid");
  out = VerbsGid{0xfe, 0x80};
  return 0;
}

int FakeVerbs::alloc_pd(VerbsHandle& pd) {
  calls.emplace_back("alloc_pd");
  pd = next_++;
  return 0;
}

int FakeVerbs::reg_mr(VerbsHandle /*pd*/, void* address, std::size_t /*bytes*/, VerbsHandle& mr) {
  calls.emplace_back("reg_mr");
  if (reg_mr_error != 0) {
    return reg_mr_error;
  }
  mr = next_++;
  regions_[mr] = static_cast<std::uint8_t*>(address);
  return 0;
}

int FakeVerbs::create_cq(int /*entries*/, VerbsHandle& cq) {
  calls.emplace_back("create_cq");
  cq = next_++;
  return 0;
}

int FakeVerbs::create_qp(VerbsHandle /*pd*/, VerbsHandle /*cq*/, VerbsQpCaps& caps, VerbsHandle& qp,
                         std::uint32_t& qp_num) {
  calls.emplace_back("create_qp");
  requested_caps = caps;
  if (refuse_inline && caps.max_inline_data > 0) {
    return EINVAL;
  }
  caps.max_inline_data = std::min(caps.max_inline_data, inline_limit);
  granted_inline_ = caps.max_inline_data;
  qp = next_++;
  qp_num = 0x1234;
  return 0;
}

int fake_modify_qp(VerbsQpState& state, const VerbsQpAttributes& attributes, std::uint32_t mask) {
  std::uint32_t required = 0;
  VerbsQpState from = VerbsQpState::Reset;
  switch (attributes.state) {
    case VerbsQpState::Init:
      required = kInitRequired;
      break;
    case VerbsQpState::Rtr:
      required = kRtrRequired;
      from = VerbsQpState::Init;
      break;
    case VerbsQpState::Rts:
      required = kRtsRequired;
      from = VerbsQpState::Rtr;
      break;
    default:
      return EINVAL;
  }
  if (state != from || (mask & required) != required) {
    return EINVAL;
  }
  state = attributes.state;
  return 0;
}

int FakeVerbs::modify_qp(VerbsHandle qp, const VerbsQpAttributes& attributes, std::uint32_t mask) {
  calls.emplace_back("modify_qp");
  modifies.push_back({qp, attributes, mask});
  return fake_modify_qp(state_, attributes, mask);
}

std::uint8_t* FakeVerbs::region(const VerbsWorkRequest& request) {
  return regions_.at(request.mr) + request.offset;
}

int FakeVerbs::post_send(VerbsHandle /*qp*/, const VerbsWorkRequest& request) {
  calls.emplace_back("post_send");
  sends.push_back(request);
  if (state_ != VerbsQpState::Rts || (request.inline_data && request.length > granted_inline_)) {
    return EINVAL;
  }
  ++send_count_;
  last_sequence_ = read_be32(region(request));
  if (fail_send_number != 0 && send_count_ >= fail_send_number) {
    bool first = send_count_ == fail_send_number;
    completions_.push_back({.id = request.id,
                            .status = first ? VerbsWcStatus::RetryExceeded : VerbsWcStatus::Flushed,
                            .raw_status = first ? 12U : 5U});
    state_ = VerbsQpState::Error;
    return 0;
  }
  completions_.push_back({.id = request.id, .opcode = VerbsWcOpcode::Send});
  if (held_echo_) {
    complete_receive(*held_echo_);
    held_echo_.reset();
  }
  if (echo && send_count_ == late_echo_number) {
    held_echo_ = last_sequence_;
  } else if (echo) {
    complete_receive(last_sequence_);
  }
  return 0;
}

int FakeVerbs::post_recv(VerbsHandle /*qp*/, const VerbsWorkRequest& request) {
  calls.emplace_back("post_recv");
  receives.push_back(request);
  posted_receives_.push_back(request);
  if (!pending_.empty()) {
    std::uint32_t sequence = pending_.front();
    pending_.pop_front();
    complete_receive(sequence);
  }
  return 0;
}

void FakeVerbs::complete_receive(std::uint32_t sequence) {
  if (posted_receives_.empty()) {
    pending_.push_back(sequence);  // RNR NAK: the peer retries (rnr_retry 7) until one is posted
    return;
  }
  VerbsWorkRequest receive = posted_receives_.front();
  posted_receives_.erase(posted_receives_.begin());
  std::uint8_t* at = region(receive);
  for (int i = 3; i >= 0; --i) {
    at[i] = static_cast<std::uint8_t>(sequence & 0xff);
    sequence >>= 8;
  }
  completions_.push_back({.id = receive.id, .opcode = VerbsWcOpcode::Receive, .byte_length = 64});
}

void FakeVerbs::deliver(std::uint32_t sequence) {
  complete_receive(sequence);
}

int FakeVerbs::poll_cq(VerbsHandle /*cq*/, std::span<VerbsCompletion> out) {
  std::size_t n = 0;
  while (n < out.size() && !completions_.empty()) {
    out[n++] = completions_.front();
    completions_.pop_front();
  }
  return static_cast<int>(n);
}

void FakeVerbs::destroy(VerbsHandle handle) {
  destroyed.push_back(handle);
}

std::optional<std::uint64_t> FakeVerbs::memlock_limit() {
  return memlock;
}

}  // namespace ibatlas::test
