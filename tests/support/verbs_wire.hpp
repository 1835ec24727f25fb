#pragma once

// Several hosts' RDMA verbs joined by one in-process wire, for tests of the verbs transport
// through real agents on a machine without RDMA. Each host (attach) is a VerbsApi with one
// port (a LID, an LMC) whose RC QPs obey ibv_modify_qp(3)'s transitions and required masks
// (fake_modify_qp, as FakeVerbs). A send from an RTS QP is delivered only where a real
// fabric would deliver it: to the host whose LID range (lid .. lid + 2^lmc - 1) holds the
// sender's RTR DLID, to the QP there whose number the sender's dest_qp_num names, if that
// QP is in RTR or RTS, names the sender's QP as its own dest_qp_num, expects the sender's
// next PSN (its rq_psn, advanced by one per packet) and its path MTU holds the packets
// (the sender's path MTU or the message, whichever is smaller). Anything else, and every
// send to a DLID given to drop_dlid, is dropped: the sender's completion is
// IBV_WC_RETRY_EXC_ERR, what 7 unanswered retries give, and its QP goes to the error state.
// A message for a QP without a receive posted waits for the next post_recv (RNR retries).

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "ibatlas/verbs/verbs_api.hpp"

namespace ibatlas::test {

class VerbsWire {
 public:
  struct HostSpec {
    std::uint16_t lid = 0;  // base LID
    std::uint8_t lmc = 0;
    VerbsMtu active_mtu = VerbsMtu::Mtu4096;
  };

  // One QP transition as a host's VerbsApi saw it.
  struct Transition {
    std::uint16_t host_lid = 0;
    std::uint32_t qp_num = 0;
    VerbsQpAttributes attributes;
    std::uint32_t mask = 0;
  };

  // A host's api (device "mlx5_0", port 1 Active, GID fe80::LID). REQUIRES: the wire
  // outlives it.
  std::unique_ptr<VerbsApi> attach(const HostSpec& spec);

  void drop_dlid(std::uint16_t dlid);

  // Every successful modify_qp, in call order.
  std::vector<Transition> transitions() const;

  std::uint64_t delivered() const;
  std::uint64_t dropped() const;

 private:
  friend class WireHost;

  struct Qp {
    VerbsHandle cq = 0;
    std::uint32_t qp_num = 0;
    VerbsQpState state = VerbsQpState::Reset;
    std::uint32_t granted_inline = 0;
    VerbsQpAttributes rtr;  // dest_qpn, address, path_mtu
    std::uint32_t send_psn = 0;
    std::uint32_t receive_psn = 0;
    std::deque<VerbsWorkRequest> receives;
    std::deque<std::vector<std::uint8_t>> waiting;  // arrived before a receive was posted
  };

  struct Host {
    HostSpec spec;
    VerbsHandle next = 1;
    std::uint32_t next_qp = 1;
    std::map<VerbsHandle, std::uint8_t*> regions;
    std::map<VerbsHandle, std::deque<VerbsCompletion>> cqs;
    std::map<VerbsHandle, Qp> qps;
  };

  int post_send(Host& host, VerbsHandle qp, const VerbsWorkRequest& request);
  Qp* destination(const Host& sender, const Qp& from, std::size_t bytes);
  void receive(Host& host, Qp& qp, std::vector<std::uint8_t> bytes);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Host>> hosts_;
  std::set<std::uint16_t> dropped_dlids_;
  std::vector<Transition> transitions_;
  std::uint64_t delivered_ = 0;
  std::uint64_t dropped_ = 0;
};

}  // namespace ibatlas::test
