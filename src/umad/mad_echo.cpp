// The MAD-echo prober. It runs on the caller's thread: send() queues a block and sends its
// first MAD, poll() waits in poll(2) on the umad descriptor and moves every block along.
// libibumad calls, in order:
//   umad_init, umad_get_port (the port's LID, LMC, GUID), umad_release_port, umad_open_port
//   umad_register_oui   class 0x32, OUI 0x001405, no methods served (replies only)
//   umad_set_addr       DLID from the request (the LMC path), QP1, QP1's Q_Key
//   umad_send           timeout = the sample timeout, retries 0 (a retry would hide a loss)
//   umad_recv           non-blocking, after poll(2); status != 0 is the request returned
//                       undelivered (the kernel's timeout, or ibsim dropping it: 110)
//   umad_unregister, umad_close_port, umad_done

#include "ibatlas/umad/mad_echo.hpp"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include <infiniband/umad.h>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/mad_echo_wire.hpp"

#include "umad/mad_echo_port.hpp"
#include <endian.h>
#include <poll.h>

namespace ibatlas {

namespace umad {

namespace {

std::string label(const MadEchoPort& port) {
  std::string ca = port.ca.empty() ? "the first CA" : "CA " + port.ca;
  return port.port == 0 ? ca + "'s first active port" : ca + " port " + std::to_string(port.port);
}

}  // namespace

int open_echo_port(const MadEchoPort& port, MadEchoPortInfo& info) {
  if (umad_init() < 0) {
    throw Error("cannot initialise libibumad (is the ib_umad kernel module loaded?)");
  }
  umad_port_t facts;
  std::memset(&facts, 0, sizeof facts);
  if (umad_get_port(port.ca.empty() ? nullptr : port.ca.c_str(), port.port, &facts) < 0) {
    umad_done();
    throw Error("cannot find " + label(port) +
                " (ibstat lists CAs and ports; is an InfiniBand device present?)");
  }
  info.ca = facts.ca_name;
  info.port = facts.portnum;
  info.base_lid = static_cast<Lid>(facts.base_lid);
  info.lmc = static_cast<std::uint8_t>(facts.lmc);
  info.port_guid = be64toh(facts.port_guid);
  umad_release_port(&facts);
  int fd = umad_open_port(info.ca.c_str(), info.port);
  if (fd < 0) {
    umad_done();
    throw Error("cannot open umad port " + info.ca + "/" + std::to_string(info.port) + ": " +
                std::strerror(-fd) + " (needs read/write access to /dev/infiniband/umad*: root)");
  }
  return fd;
}

void close_echo_port(int fd) {
  umad_close_port(fd);
  umad_done();
}

int register_echo_agent(int fd, const MadEchoPortInfo& info, bool serve) {
  std::uint8_t oui[3] = {static_cast<std::uint8_t>(mad_echo::kOpenIbOui >> 16),
                         static_cast<std::uint8_t>(mad_echo::kOpenIbOui >> 8),
                         static_cast<std::uint8_t>(mad_echo::kOpenIbOui)};
  long methods[16 / sizeof(long)] = {};  // NOLINT(google-runtime-int): libibumad's type
  methods[0] = 1L << mad_echo::kMethodGet;
  int agent = umad_register_oui(fd, mad_echo::kEchoClass, 0, oui, serve ? methods : nullptr);
  if (agent < 0) {
    throw Error(
        "cannot register the echo agent (class 0x32, OUI 0x001405) on " + info.ca + "/" +
        std::to_string(info.port) +
        (serve ? " (is another `ibping -S` or `ibatlas agent --transport mad` running?)" : ""));
  }
  return agent;
}

}  // namespace umad

MadEchoPortInfo mad_echo_port_info(const MadEchoPort& port) {
  MadEchoPortInfo info;
  umad::close_echo_port(umad::open_echo_port(port, info));
  return info;
}

namespace {

using Clock = std::chrono::steady_clock;

struct Active {
  mad_echo::EchoBlock block;
  Lid dlid = 0;
  std::chrono::milliseconds sample_timeout;
};

ProbeResult refused(const ProbeRequest& request, ProbeStatus status, std::optional<PortId> culprit,
                    std::string detail) {
  ProbeResult result;
  result.tag = request.tag;
  result.status = status;
  result.culprit = culprit;
  result.detail = std::move(detail);
  return result;
}

}  // namespace

struct MadEchoTransport::Impl {
  MadEchoOptions options;
  MadEchoPortInfo info;
  int fd = -1;
  int agent = -1;
  std::uint32_t next_sequence = 1;
  std::vector<Active> active;
  std::vector<ProbeResult> ready;
  std::vector<std::uint8_t> buffer;

  void send_next(Active& a, Clock::time_point now);
  void step(Clock::time_point now);
  void receive();
  Active* owner(std::uint32_t sequence);
};

void MadEchoTransport::Impl::send_next(Active& a, Clock::time_point now) {
  std::optional<std::uint32_t> sequence = a.block.send_next(now);
  if (!sequence) {
    return;
  }
  mad_echo::Mad mad = mad_echo::make_request(*sequence, {a.block.result().tag, *sequence});
  std::fill(buffer.begin(), buffer.end(), std::uint8_t{0});
  std::memcpy(umad_get_mad(buffer.data()), mad.data(), mad.size());
  umad_set_addr(buffer.data(), a.dlid, 1, options.sl, static_cast<int>(mad_echo::kQp1Qkey));
  if (umad_send(fd, agent, buffer.data(), static_cast<int>(mad_echo::kMadBytes),
                static_cast<int>(a.sample_timeout.count()), 0) < 0) {
    a.block.on_undelivered(*sequence);  // could not even be queued: lost
  }
}

Active* MadEchoTransport::Impl::owner(std::uint32_t sequence) {
  for (Active& a : active) {
    if (a.block.owns(sequence)) {
      return &a;
    }
  }
  return nullptr;
}

// One MAD per wake-up: the next echo goes out before poll(2) looks again (a second,
// failing umad_recv per echo would cost a system call on the critical path).
void MadEchoTransport::Impl::receive() {
  int length = static_cast<int>(mad_echo::kMadBytes);
  if (umad_recv(fd, buffer.data(), &length, 0) < 0) {
    return;
  }
  Clock::time_point at = Clock::now();
  std::span<const std::uint8_t> mad(static_cast<const std::uint8_t*>(umad_get_mad(buffer.data())),
                                    mad_echo::kMadBytes);
  std::uint32_t sequence = mad_echo::sequence_of(mad_echo::read_header(mad)->tid);
  Active* a = owner(sequence);
  if (a == nullptr) {
    return;  // a stray from a finished block
  }
  if (umad_status(buffer.data()) != 0) {
    a->block.on_undelivered(sequence);
    return;
  }
  std::optional<mad_echo::EchoPayload> payload = mad_echo::read_payload(mad);
  if (!mad_echo::is_echo_response(mad) ||
      (payload && (payload->token != a->block.result().tag || payload->sequence != sequence))) {
    return;  // not our echo: never a sample
  }
  a->block.on_reply(sequence, at);
}

// Expires, sends what is due, and moves finished blocks to `ready`.
void MadEchoTransport::Impl::step(Clock::time_point now) {
  for (Active& a : active) {
    a.block.expire(now);
    send_next(a, now);
  }
  auto done = std::stable_partition(active.begin(), active.end(),
                                    [](const Active& a) { return !a.block.done(); });
  for (auto it = done; it != active.end(); ++it) {
    ready.push_back(it->block.result());
  }
  active.erase(done, active.end());
}

MadEchoTransport::MadEchoTransport(const MadEchoOptions& options)
    : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  impl_->fd = umad::open_echo_port(options.port, impl_->info);
  try {
    impl_->agent = umad::register_echo_agent(impl_->fd, impl_->info, false);
  } catch (...) {
    umad::close_echo_port(impl_->fd);
    throw;
  }
  impl_->buffer.assign(umad_size() + mad_echo::kMadBytes, 0);
}

MadEchoTransport::~MadEchoTransport() {
  umad_unregister(impl_->fd, impl_->agent);
  umad::close_echo_port(impl_->fd);
}

std::size_t MadEchoTransport::max_in_flight() const {
  return std::max<std::size_t>(1, impl_->options.max_in_flight);
}

void MadEchoTransport::send(const ProbeRequest& request) {
  if (request.from != impl_->options.local) {
    impl_->ready.push_back(refused(request, ProbeStatus::Refused, request.from,
                                   "the MAD-echo transport sends from this host's port only (" +
                                       impl_->info.ca + "/" + std::to_string(impl_->info.port) +
                                       ", LID " + std::to_string(impl_->info.base_lid) + ")"));
    return;
  }
  if (request.dlid == 0) {
    impl_->ready.push_back(refused(request, ProbeStatus::Failed, std::nullopt, "no DLID"));
    return;
  }
  std::uint32_t first = impl_->next_sequence;
  impl_->next_sequence += request.warmup + request.samples;
  impl_->active.push_back(
      Active{mad_echo::EchoBlock(request, first), request.dlid, request.sample_timeout});
  impl_->step(Clock::now());
}

std::vector<ProbeResult> MadEchoTransport::poll(std::chrono::milliseconds timeout) {
  Clock::time_point until = Clock::now() + timeout;
  for (;;) {
    Clock::time_point now = Clock::now();
    impl_->step(now);
    if (!impl_->ready.empty() || now >= until) {
      return std::exchange(impl_->ready, {});
    }
    Clock::time_point wake = until;
    for (const Active& a : impl_->active) {
      wake = std::min(wake, a.block.deadline());
    }
    auto wait = std::chrono::ceil<std::chrono::milliseconds>(wake - now);
    pollfd p{umad_get_fd(impl_->fd), POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::max<std::int64_t>(0, wait.count()))) > 0) {
      impl_->receive();
    }
  }
}

void MadEchoTransport::cancel() {
  for (Active& a : impl_->active) {
    ProbeResult r = a.block.result();
    r.status = ProbeStatus::Failed;
    r.detail = "cancelled";
    impl_->ready.push_back(std::move(r));
  }
  impl_->active.clear();
}

const MadEchoPortInfo& MadEchoTransport::port_info() const {
  return impl_->info;
}

}  // namespace ibatlas
