#include "support/verbs_wire.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "support/fake_verbs.hpp"

namespace ibatlas::test {

constexpr std::uint32_t kPsnMask = 0xffffff;

class WireHost final : public VerbsApi {
 public:
  WireHost(VerbsWire& wire, VerbsWire::Host& host) : wire_(wire), host_(host) {}

  std::vector<std::string> list_devices(int& error) override {
    error = 0;
    return {"mlx5_0"};
  }

  int open_device(const std::string& name) override { return name == "mlx5_0" ? 0 : ENODEV; }

  int query_port(std::uint8_t port, VerbsPortAttributes& out) override {
    if (port != 1) {
      return EINVAL;
    }
    out = VerbsPortAttributes{.state = 4,
                              .lid = host_.spec.lid,
                              .lmc = host_.spec.lmc,
                              .active_mtu = host_.spec.active_mtu};
    return 0;
  }

  int query_gid(std::uint8_t /*port*/, int /*index*/, VerbsGid& out) override {
    out = VerbsGid{0xfe, 0x80};
    out[14] = static_cast<std::uint8_t>(host_.spec.lid >> 8);
    out[15] = static_cast<std::uint8_t>(host_.spec.lid & 0xff);
    return 0;
  }

  int alloc_pd(VerbsHandle& pd) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    pd = host_.next++;
    return 0;
  }

  int reg_mr(VerbsHandle /*pd*/, void* address, std::size_t /*bytes*/, VerbsHandle& mr) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    mr = host_.next++;
    host_.regions[mr] = static_cast<std::uint8_t*>(address);
    return 0;
  }

  int create_cq(int /*entries*/, VerbsHandle& cq) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    cq = host_.next++;
    host_.cqs[cq];
    return 0;
  }

  int create_qp(VerbsHandle /*pd*/, VerbsHandle cq, VerbsQpCaps& caps, VerbsHandle& qp,
                std::uint32_t& qp_num) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    caps.max_inline_data = std::min<std::uint32_t>(caps.max_inline_data, 220);
    qp = host_.next++;
    qp_num = ((std::uint32_t{host_.spec.lid} << 8) | host_.next_qp++) & kPsnMask;
    VerbsWire::Qp& created = host_.qps[qp];
    created.cq = cq;
    created.qp_num = qp_num;
    created.granted_inline = caps.max_inline_data;
    return 0;
  }

  int modify_qp(VerbsHandle qp, const VerbsQpAttributes& attributes, std::uint32_t mask) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    VerbsWire::Qp& q = host_.qps.at(qp);
    if (int e = fake_modify_qp(q.state, attributes, mask); e != 0) {
      return e;
    }
    if (attributes.state == VerbsQpState::Rtr) {
      q.rtr = attributes;
      q.receive_psn = attributes.rq_psn & kPsnMask;
    } else if (attributes.state == VerbsQpState::Rts) {
      q.send_psn = attributes.sq_psn & kPsnMask;
    }
    wire_.transitions_.push_back({host_.spec.lid, q.qp_num, attributes, mask});
    return 0;
  }

  int post_send(VerbsHandle qp, const VerbsWorkRequest& request) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    return wire_.post_send(host_, qp, request);
  }

  int post_recv(VerbsHandle qp, const VerbsWorkRequest& request) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    VerbsWire::Qp& q = host_.qps.at(qp);
    q.receives.push_back(request);
    if (!q.waiting.empty()) {
      std::vector<std::uint8_t> bytes = std::move(q.waiting.front());
      q.waiting.pop_front();
      wire_.receive(host_, q, std::move(bytes));
    }
    return 0;
  }

  int poll_cq(VerbsHandle cq, std::span<VerbsCompletion> out) override {
    std::size_t n = 0;
    {
      std::lock_guard<std::mutex> lock(wire_.mutex_);
      std::deque<VerbsCompletion>& queue = host_.cqs.at(cq);
      while (n < out.size() && !queue.empty()) {
        out[n++] = queue.front();
        queue.pop_front();
      }
    }
    if (n == 0) {
      std::this_thread::yield();  // the callers busy-poll; two cores are shared
    }
    return static_cast<int>(n);
  }

  void destroy(VerbsHandle handle) override {
    std::lock_guard<std::mutex> lock(wire_.mutex_);
    host_.qps.erase(handle);
    host_.cqs.erase(handle);
    host_.regions.erase(handle);
  }

  std::optional<std::uint64_t> memlock_limit() override { return std::nullopt; }

 private:
  VerbsWire& wire_;
  VerbsWire::Host& host_;
};

std::unique_ptr<VerbsApi> VerbsWire::attach(const HostSpec& spec) {
  std::lock_guard<std::mutex> lock(mutex_);
  Host& host = *hosts_.emplace_back(std::make_unique<Host>());
  host.spec = spec;
  return std::make_unique<WireHost>(*this, host);
}

void VerbsWire::drop_dlid(std::uint16_t dlid) {
  std::lock_guard<std::mutex> lock(mutex_);
  dropped_dlids_.insert(dlid);
}

std::vector<VerbsWire::Transition> VerbsWire::transitions() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return transitions_;
}

std::uint64_t VerbsWire::delivered() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return delivered_;
}

std::uint64_t VerbsWire::dropped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return dropped_;
}

VerbsWire::Qp* VerbsWire::destination(const Host& sender, const Qp& from, std::size_t bytes) {
  std::uint16_t dlid = from.rtr.address.dlid;
  if (dropped_dlids_.count(dlid) != 0) {
    return nullptr;
  }
  for (const std::unique_ptr<Host>& host : hosts_) {
    std::uint32_t first = host->spec.lid;
    if (dlid < first || dlid >= first + (1U << host->spec.lmc)) {
      continue;
    }
    for (auto& [handle, qp] : host->qps) {
      bool ready = qp.state == VerbsQpState::Rtr || qp.state == VerbsQpState::Rts;
      std::size_t packet = std::min<std::size_t>(bytes, mtu_bytes(from.rtr.path_mtu));
      if (qp.qp_num == from.rtr.dest_qpn && ready && qp.rtr.dest_qpn == from.qp_num &&
          qp.receive_psn == from.send_psn && packet <= mtu_bytes(qp.rtr.path_mtu) &&
          &sender != host.get()) {
        return &qp;
      }
    }
  }
  return nullptr;
}

int VerbsWire::post_send(Host& host, VerbsHandle qp, const VerbsWorkRequest& request) {
  Qp& from = host.qps.at(qp);
  std::deque<VerbsCompletion>& cq = host.cqs.at(from.cq);
  if (from.state == VerbsQpState::Error) {
    cq.push_back({.id = request.id, .status = VerbsWcStatus::Flushed, .raw_status = 5});
    return 0;
  }
  if (from.state != VerbsQpState::Rts ||
      (request.inline_data && request.length > from.granted_inline)) {
    return EINVAL;
  }
  const std::uint8_t* data = host.regions.at(request.mr) + request.offset;
  std::vector<std::uint8_t> bytes(data, data + request.length);
  Qp* to = destination(host, from, bytes.size());
  if (to == nullptr) {
    ++dropped_;
    cq.push_back({.id = request.id, .status = VerbsWcStatus::RetryExceeded, .raw_status = 12});
    from.state = VerbsQpState::Error;
    return 0;
  }
  std::uint32_t mtu = mtu_bytes(from.rtr.path_mtu);
  auto packets =
      static_cast<std::uint32_t>(std::max<std::size_t>(1, (bytes.size() + mtu - 1) / mtu));
  from.send_psn = (from.send_psn + packets) & kPsnMask;
  to->receive_psn = (to->receive_psn + packets) & kPsnMask;
  ++delivered_;
  cq.push_back({.id = request.id, .opcode = VerbsWcOpcode::Send});
  for (const std::unique_ptr<Host>& h : hosts_) {
    for (auto& [handle, q] : h->qps) {
      if (&q == to) {
        receive(*h, q, std::move(bytes));
        return 0;
      }
    }
  }
  return 0;
}

void VerbsWire::receive(Host& host, Qp& qp, std::vector<std::uint8_t> bytes) {
  if (qp.receives.empty()) {
    qp.waiting.push_back(std::move(bytes));
    return;
  }
  VerbsWorkRequest r = qp.receives.front();
  qp.receives.pop_front();
  std::size_t n = std::min<std::size_t>(bytes.size(), r.length);
  std::memcpy(host.regions.at(r.mr) + r.offset, bytes.data(), n);
  host.cqs.at(qp.cq).push_back(
      {.id = r.id, .opcode = VerbsWcOpcode::Receive, .byte_length = static_cast<std::uint32_t>(n)});
}

}  // namespace ibatlas::test
