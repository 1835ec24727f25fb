// UmadTransport: the only code that sends SMPs and PerfMgt GMPs to hardware. It calls these
// libibumad functions and nothing else from rdma-core:
//
//   umad_init         once, before anything else
//   umad_get_port     resolve -C/-P (or the defaults: first CA, first active port)
//   umad_release_port
//   umad_open_port    open /dev/infiniband/umadN for that port
//   umad_register     one agent for directed-route SMPs (class 0x81), one for PerfMgt (0x04)
//   umad_get_fd       the descriptor poll(2) waits on
//   umad_size, umad_get_mad, umad_set_addr, umad_status   the ib_user_mad envelope
//   umad_send         with the per-MAD timeout; the kernel answers a lost MAD with ETIMEDOUT
//   umad_recv         non-blocking, after poll(2) says a MAD is there
//   umad_unregister, umad_close_port, umad_done
//
// Many MADs are in flight at once; each carries a 32-bit sequence number in the low half of
// its transaction id (the kernel owns the high half) that maps back to the caller's tag.
// Retries are the crawler's, not the kernel's (retries = 0 here), so every attempt is seen.

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <utility>

#include <infiniband/umad.h>

#include "ibatlas/error.hpp"

#include "umad/mad_layout.hpp"
#include <poll.h>

namespace ibatlas {

namespace umad {

namespace {

void put16(std::span<std::uint8_t> mad, std::size_t at, std::uint32_t v) {
  mad[at] = static_cast<std::uint8_t>(v >> 8);
  mad[at + 1] = static_cast<std::uint8_t>(v);
}

void put32(std::span<std::uint8_t> mad, std::size_t at, std::uint32_t v) {
  put16(mad, at, v >> 16);
  put16(mad, at + 2, v & 0xffff);
}

void put_header(std::span<std::uint8_t> mad, std::uint8_t mgmt_class, std::uint64_t tid,
                std::uint16_t attribute, std::uint32_t modifier) {
  mad[0] = 1;  // BaseVersion
  mad[1] = mgmt_class;
  mad[2] = 1;  // ClassVersion
  mad[3] = kMethodGet;
  put32(mad, 8, static_cast<std::uint32_t>(tid >> 32));
  put32(mad, 12, static_cast<std::uint32_t>(tid));
  put16(mad, 16, attribute);
  put32(mad, 20, modifier);
}

}  // namespace

void build_dr_get(std::span<std::uint8_t> mad, std::uint64_t tid, const SmpRequest& request,
                  std::uint64_t m_key) {
  put_header(mad, kClassDirectedRoute, tid, static_cast<std::uint16_t>(request.attribute),
             request.modifier);
  put32(mad, kMKeyOffset, static_cast<std::uint32_t>(m_key >> 32));
  put32(mad, kMKeyOffset + 4, static_cast<std::uint32_t>(m_key));
  mad[6] = 0;                                                // HopPointer
  mad[7] = static_cast<std::uint8_t>(request.route.size());  // HopCount
  put16(mad, 32, 0xffff);  // DrSLID: permissive, a pure directed route
  put16(mad, 34, 0xffff);  // DrDLID
  for (std::size_t i = 0; i < request.route.size(); ++i) {
    mad[kDrPathOffset + 1 + i] = request.route[i];
  }
}

void build_perf_get(std::span<std::uint8_t> mad, std::uint64_t tid, const PerfRequest& request) {
  put_header(mad, kClassPerformance, tid, static_cast<std::uint16_t>(request.attribute), 0);
  mad[kDataOffset + 1] = request.port_select;
  put16(mad, kDataOffset + 2, 0xffff);  // CounterSelect: every counter (ignored by a Get)
}

std::uint32_t tid_low(std::span<const std::uint8_t> mad) {
  return (std::uint32_t{mad[12]} << 24) | (std::uint32_t{mad[13]} << 16) |
         (std::uint32_t{mad[14]} << 8) | std::uint32_t{mad[15]};
}

std::uint16_t reply_status(std::span<const std::uint8_t> mad) {
  auto status = static_cast<std::uint16_t>((mad[4] << 8) | mad[5]);
  return mad[1] == kClassDirectedRoute ? static_cast<std::uint16_t>(status & 0x7fff) : status;
}

}  // namespace umad

namespace {

using Clock = std::chrono::steady_clock;

// A MAD the kernel has not returned yet. The deadline only guards against a reply that
// never comes; the kernel's own timeout normally reports first.
struct Outstanding {
  std::uint64_t tag = 0;
  bool perf = false;
  Clock::time_point deadline;
};

// "CA mlx5_0 port 2", "the first CA with an active port", ...
std::string port_label(const std::string& ca, int port) {
  std::string where = ca.empty() ? "the first CA with an active port" : "CA " + ca;
  return where + (port == 0 ? std::string(", first active port") : " port " + std::to_string(port));
}

// Under ibsim's umad2sim, write() holds umad2sim's device mutex while it blocks on a full
// unix datagram socket (10 datagrams, net.unix.max_dgram_qlen), and its receiver thread needs
// that mutex to take replies off the other socket; with more than about 20 MADs in flight
// the client and ibsim can block each other for good. 16 keeps clear of that.
constexpr std::size_t kUmad2simWindow = 16;

bool under_umad2sim() {
  const char* preload = std::getenv("LD_PRELOAD");
  return preload != nullptr && std::strstr(preload, "umad2sim") != nullptr;
}

}  // namespace

struct UmadTransport::Impl {
  LivePortOptions options;
  std::string ca;
  int port = 0;
  int fd = -1;
  int smi_agent = -1;
  int perf_agent = -1;
  std::vector<std::uint8_t> buffer;
  std::unordered_map<std::uint32_t, Outstanding> outstanding;
  std::uint32_t next_seq = 1;
  std::size_t perf_outstanding = 0;
  std::vector<SmpReply> smp_ready;
  std::vector<SmpReply> perf_ready;

  void open();
  using Builder = std::function<void(std::span<std::uint8_t>, std::uint64_t)>;
  void send(std::uint64_t tag, Lid perf_lid, const Builder& build);
  void pump(std::chrono::milliseconds timeout);
  void receive_one();
  void finish(std::uint32_t seq, SmpReply reply);
  void expire();
};

void UmadTransport::Impl::open() {
  if (umad_init() < 0) {
    throw Error("cannot initialise libibumad (is the ib_umad kernel module loaded?)");
  }
  umad_port_t info;
  std::memset(&info, 0, sizeof info);
  if (umad_get_port(options.ca.empty() ? nullptr : options.ca.c_str(), options.port, &info) < 0) {
    throw Error("cannot find " + port_label(options.ca, options.port) +
                " (ibstat lists CAs and ports; is an InfiniBand device present?)");
  }
  ca = info.ca_name;
  port = info.portnum;
  umad_release_port(&info);
  fd = umad_open_port(ca.c_str(), port);
  if (fd < 0) {
    throw Error("cannot open umad port " + ca + "/" + std::to_string(port) + ": " +
                std::strerror(-fd) + " (needs read/write access to /dev/infiniband/umad*: root)");
  }
  smi_agent = umad_register(fd, umad::kClassDirectedRoute, 1, 0, nullptr);
  perf_agent = umad_register(fd, umad::kClassPerformance, 1, 0, nullptr);
  if (smi_agent < 0 || perf_agent < 0) {
    umad_close_port(fd);
    fd = -1;
    throw Error("cannot register MAD agents on " + ca + "/" + std::to_string(port));
  }
  buffer.assign(umad_size() + umad::kMadSize, 0);
}

// perf_lid 0: a directed-route SMP (permissive LID, QP0); else a PerfMgt GMP to that LID's
// QP1.
void UmadTransport::Impl::send(std::uint64_t tag, Lid perf_lid, const Builder& build) {
  bool perf = perf_lid != 0;
  std::uint32_t seq = next_seq++;
  std::fill(buffer.begin(), buffer.end(), std::uint8_t{0});
  auto* mad = static_cast<std::uint8_t*>(umad_get_mad(buffer.data()));
  build(std::span<std::uint8_t>(mad, umad::kMadSize), seq);
  if (perf) {
    umad_set_addr(buffer.data(), perf_lid, 1, 0, static_cast<int>(umad::kQp1Qkey));
  } else {
    umad_set_addr(buffer.data(), 0xffff, 0, 0, 0);
  }
  auto timeout = static_cast<int>(options.timeout.count());
  outstanding[seq] =
      Outstanding{tag, perf, Clock::now() + options.timeout + std::chrono::seconds(1)};
  perf_outstanding += perf ? 1 : 0;
  if (umad_send(fd, perf ? perf_agent : smi_agent, buffer.data(), static_cast<int>(umad::kMadSize),
                timeout, 0) < 0) {
    SmpReply failed;  // could not even be queued: report it like a lost MAD
    failed.tag = tag;
    finish(seq, failed);
  }
}

void UmadTransport::Impl::finish(std::uint32_t seq, SmpReply reply) {
  auto it = outstanding.find(seq);
  if (it == outstanding.end()) {
    return;  // an answer to nothing we are waiting for (late, or not ours)
  }
  reply.tag = it->second.tag;
  if (it->second.perf) {
    --perf_outstanding;
    perf_ready.push_back(reply);
  } else {
    smp_ready.push_back(reply);
  }
  outstanding.erase(it);
}

void UmadTransport::Impl::receive_one() {
  int length = static_cast<int>(umad::kMadSize);
  if (umad_recv(fd, buffer.data(), &length, 0) < 0) {
    return;
  }
  const auto* mad = static_cast<const std::uint8_t*>(umad_get_mad(buffer.data()));
  std::span<const std::uint8_t> view(mad, umad::kMadSize);
  SmpReply reply;
  if (umad_status(buffer.data()) != 0) {
    reply.status = SmpStatus::Timeout;  // the kernel gave the request back: ETIMEDOUT
  } else if (std::uint16_t status = umad::reply_status(view); status != 0) {
    reply.status = SmpStatus::Rejected;
    reply.mad_status = status;
  } else {
    reply.status = SmpStatus::Ok;
    std::copy_n(mad + umad::kDataOffset, reply.data.size(), reply.data.begin());
  }
  finish(umad::tid_low(view), reply);
}

void UmadTransport::Impl::expire() {
  Clock::time_point now = Clock::now();
  std::vector<std::uint32_t> late;
  for (const auto& [seq, o] : outstanding) {
    if (now > o.deadline) {
      late.push_back(seq);
    }
  }
  for (std::uint32_t seq : late) {
    finish(seq, SmpReply{});
  }
}

void UmadTransport::Impl::pump(std::chrono::milliseconds timeout) {
  // poll(2) first: under umad2sim a read with nothing queued would block.
  pollfd p{umad_get_fd(fd), POLLIN, 0};
  int wait = static_cast<int>(timeout.count());
  for (int round = 0; round < 4096; ++round) {
    p.revents = 0;
    if (::poll(&p, 1, wait) <= 0 || !(p.revents & POLLIN)) {
      break;
    }
    receive_one();
    wait = 0;  // drain what is there, then return
  }
  expire();
}

UmadTransport::UmadTransport(const LivePortOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  if (under_umad2sim()) {
    impl_->options.max_in_flight = std::min(options.max_in_flight, kUmad2simWindow);
  }
  impl_->open();
}

UmadTransport::~UmadTransport() {
  if (impl_->fd >= 0) {
    umad_unregister(impl_->fd, impl_->smi_agent);
    umad_unregister(impl_->fd, impl_->perf_agent);
    umad_close_port(impl_->fd);
  }
  umad_done();
}

std::size_t UmadTransport::max_in_flight() const {
  return impl_->options.max_in_flight;
}

std::size_t UmadTransport::max_perf_in_flight() const {
  return impl_->options.max_in_flight;
}

void UmadTransport::send(const SmpRequest& request) {
  std::uint64_t m_key = impl_->options.m_key;
  impl_->send(request.tag, 0, [&request, m_key](std::span<std::uint8_t> mad, std::uint64_t tid) {
    umad::build_dr_get(mad, tid, request, m_key);
  });
}

void UmadTransport::send_perf(const PerfRequest& request) {
  if (request.lid == 0) {
    SmpReply nowhere;  // LID 0 addresses nothing; the crawl never asks, but be safe
    nowhere.tag = request.tag;
    impl_->perf_ready.push_back(nowhere);
    return;
  }
  impl_->send(request.tag, request.lid, [&request](std::span<std::uint8_t> mad, std::uint64_t tid) {
    umad::build_perf_get(mad, tid, request);
  });
}

std::vector<SmpReply> UmadTransport::poll(std::chrono::milliseconds timeout) {
  impl_->pump(impl_->smp_ready.empty() ? timeout : std::chrono::milliseconds(0));
  return std::exchange(impl_->smp_ready, {});
}

std::vector<SmpReply> UmadTransport::poll_perf(std::chrono::milliseconds timeout) {
  impl_->pump(impl_->perf_ready.empty() ? timeout : std::chrono::milliseconds(0));
  return std::exchange(impl_->perf_ready, {});
}

const std::string& UmadTransport::ca_name() const {
  return impl_->ca;
}

int UmadTransport::port_number() const {
  return impl_->port;
}

}  // namespace ibatlas
