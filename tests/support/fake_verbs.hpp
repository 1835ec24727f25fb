#pragma once

// A recording fake of the verbs seam (ibatlas/verbs/verbs_api.hpp), for tests of the RDMA
// probe transport on a machine without RDMA. It enforces what the real stack enforces and
// the transport must get right, so a mistake fails with the errno libibverbs would give:
//   - ibv_modify_qp's required attribute masks per transition (the table in the
//     ibv_modify_qp(3) man page: RESET->INIT, INIT->RTR, RTR->RTS), EINVAL otherwise;
//   - an inline send longer than the QP's granted max_inline_data, or any send before RTS,
//     is EINVAL (as providers refuse it).
// The peer is simulated: with `echo` on, every send to an RTS QP completes and is answered
// by a receive completion carrying the request's first 4 bytes (the sequence number), as
// the far side's respond() would. deliver() injects a request from the peer instead.

#include <cerrno>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/verbs/verbs_api.hpp"

namespace ibatlas::test {

// ibv_modify_qp(3)'s rules for an RC QP now in `state`: RESET -> INIT -> RTR -> RTS, each
// with its required attributes in `mask`. Returns 0 (and moves `state` on) or EINVAL.
int fake_modify_qp(VerbsQpState& state, const VerbsQpAttributes& attributes, std::uint32_t mask);

class FakeVerbs : public VerbsApi {
 public:
  struct ModifyCall {
    VerbsHandle qp = 0;
    VerbsQpAttributes attributes;
    std::uint32_t mask = 0;
  };

  // Configuration (set before the transport runs).
  std::vector<std::string> devices = {"mlx5_0"};
  int list_error = 0;
  VerbsPortAttributes port{.state = 4, .lid = 7, .lmc = 0, .active_mtu = VerbsMtu::Mtu4096};
  std::optional<std::uint64_t> memlock = std::uint64_t{8} << 20;
  int reg_mr_error = 0;
  std::uint32_t inline_limit = 220;  // the most inline data create_qp grants
  bool refuse_inline = false;        // create_qp with max_inline_data > 0 is EINVAL
  bool echo = true;
  std::uint32_t fail_send_number = 0;  // this send (1-based) completes RetryExceeded
  std::uint32_t late_echo_number = 0;  // this send's echo arrives only after the next send

  // Records, in call order.
  std::vector<std::string> calls;  // "open_device", "modify_qp", "post_send", ...
  std::vector<ModifyCall> modifies;
  std::vector<VerbsWorkRequest> sends;
  std::vector<VerbsWorkRequest> receives;
  std::vector<VerbsHandle> destroyed;
  VerbsQpCaps requested_caps;  // of the last create_qp

  // A request from the peer: lands in the posted receive and completes it, or waits for the
  // next post_recv (as RNR retries would).
  void deliver(std::uint32_t sequence);

  // The last reply sent: its sequence number (first 4 bytes of the send).
  std::uint32_t last_sent_sequence() const { return last_sequence_; }

  VerbsQpState qp_state() const { return state_; }

  std::vector<std::string> list_devices(int& error) override;
  int open_device(const std::string& name) override;
  int query_port(std::uint8_t port_number, VerbsPortAttributes& out) override;
  int query_gid(std::uint8_t port_number, int index, VerbsGid& out) override;
  int alloc_pd(VerbsHandle& pd) override;
  int reg_mr(VerbsHandle pd, void* address, std::size_t bytes, VerbsHandle& mr) override;
  int create_cq(int entries, VerbsHandle& cq) override;
  int create_qp(VerbsHandle pd, VerbsHandle cq, VerbsQpCaps& caps, VerbsHandle& qp,
                std::uint32_t& qp_num) override;
  int modify_qp(VerbsHandle qp, const VerbsQpAttributes& attributes, std::uint32_t mask) override;
  int post_send(VerbsHandle qp, const VerbsWorkRequest& request) override;
  int post_recv(VerbsHandle qp, const VerbsWorkRequest& request) override;
  int poll_cq(VerbsHandle cq, std::span<VerbsCompletion> out) override;
  void destroy(VerbsHandle handle) override;
  std::optional<std::uint64_t> memlock_limit() override;

 private:
  std::uint8_t* region(const VerbsWorkRequest& request);
  void complete_receive(std::uint32_t sequence);

  VerbsHandle next_ = 1;
  std::map<VerbsHandle, std::uint8_t*> regions_;  // mr -> address
  std::vector<VerbsWorkRequest> posted_receives_;
  std::deque<VerbsCompletion> completions_;
  std::deque<std::uint32_t> pending_;  // requests from the peer waiting for a receive
  VerbsQpState state_ = VerbsQpState::Reset;
  std::uint32_t granted_inline_ = 0;
  std::uint32_t send_count_ = 0;
  std::uint32_t last_sequence_ = 0;
  std::optional<std::uint32_t> held_echo_;  // late_echo_number's reply, not yet delivered
};

}  // namespace ibatlas::test
