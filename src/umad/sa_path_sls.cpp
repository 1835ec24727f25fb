// Path SLs from the SA. One SubnAdmGet per pair, not one SubnAdmGetTable of every path: a
// Get is answered by one MAD, where a GetTable needs RMPP (which ibsim's umad2sim cuts after
// the first segment) and, on a real fabric, holds every path of every pair at once. The
// libibumad calls, as in umad_transport.cpp:
//
//   umad_init, umad_get_port (the CA, its port and the SM LID it knows), umad_release_port
//   umad_open_port, umad_register (class 0x03 SubnAdm, version 2, no RMPP), umad_get_fd
//   umad_size, umad_get_mad, umad_set_addr (SM LID, QP1, QKey 0x80010000), umad_status
//   umad_send, umad_recv, umad_unregister, umad_close_port, umad_done
//
// Layout (IBA vol. 1 15.2.1.1 SA MAD, 15.2.5.16 PathRecord), byte offsets in the MAD: the SA
// header's ComponentMask at 48 (SLID is bit 5, DLID bit 4), the record at 56: DLID at +40,
// SLID at +42, SL in the low 4 bits of +53.

#include "ibatlas/umad/sa_path_sls.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <unordered_map>

#include <infiniband/umad.h>

#include "ibatlas/error.hpp"

#include "umad/mad_layout.hpp"
#include <poll.h>

namespace ibatlas {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint8_t kClassSubnAdm = 0x03;
constexpr std::uint8_t kSaClassVersion = 2;
constexpr std::uint16_t kAttrPathRecord = 0x0035;
constexpr std::size_t kComponentMask = 48;
constexpr std::size_t kRecord = 56;
constexpr std::uint64_t kMaskDlid = std::uint64_t{1} << 4;
constexpr std::uint64_t kMaskSlid = std::uint64_t{1} << 5;
constexpr std::size_t kUmad2simWindow = 16;  // umad_transport.cpp says why

void put16(std::uint8_t* mad, std::size_t at, std::uint32_t v) {
  mad[at] = static_cast<std::uint8_t>(v >> 8);
  mad[at + 1] = static_cast<std::uint8_t>(v);
}

std::uint16_t get16(const std::uint8_t* mad, std::size_t at) {
  return static_cast<std::uint16_t>((mad[at] << 8) | mad[at + 1]);
}

void build_path_get(std::uint8_t* mad, std::uint32_t tid, std::pair<Lid, Lid> pair) {
  mad[0] = 1;  // BaseVersion
  mad[1] = kClassSubnAdm;
  mad[2] = kSaClassVersion;
  mad[3] = umad::kMethodGet;
  put16(mad, 12, tid >> 16);
  put16(mad, 14, tid & 0xffff);
  put16(mad, 16, kAttrPathRecord);
  std::uint64_t mask = kMaskSlid | kMaskDlid;
  for (std::size_t i = 0; i < 8; ++i) {
    mad[kComponentMask + i] = static_cast<std::uint8_t>(mask >> (56 - 8 * i));
  }
  put16(mad, kRecord + 40, pair.second);  // DLID
  put16(mad, kRecord + 42, pair.first);   // SLID
}

struct Pending {
  std::size_t pair = 0;
  int tries = 0;
  Clock::time_point deadline;
};

class SaSession {
 public:
  explicit SaSession(const SaPathSlOptions& options);
  ~SaSession();
  SaSession(const SaSession&) = delete;
  SaSession& operator=(const SaSession&) = delete;

  SaPathSlResult run(std::span<const std::pair<Lid, Lid>> pairs);

 private:
  void send(std::size_t pair, int tries);
  void receive(std::span<const std::pair<Lid, Lid>> pairs, SaPathSlResult& result);
  void retry_or_give_up(std::uint32_t tid, SaPathSlResult& result);
  void expire(SaPathSlResult& result);

  SaPathSlOptions options_;
  int fd_ = -1;
  int agent_ = -1;
  Lid sm_lid_ = 0;
  std::size_t window_ = 1;
  std::vector<std::uint8_t> buffer_;
  std::span<const std::pair<Lid, Lid>> pairs_;
  std::unordered_map<std::uint32_t, Pending> pending_;
  std::uint32_t next_tid_ = 1;
};

SaSession::SaSession(const SaPathSlOptions& options) : options_(options) {
  if (umad_init() < 0) {
    throw Error("cannot initialise libibumad (is the ib_umad kernel module loaded?)");
  }
  umad_port_t info;
  std::memset(&info, 0, sizeof info);
  const LivePortOptions& port = options.port;
  if (umad_get_port(port.ca.empty() ? nullptr : port.ca.c_str(), port.port, &info) < 0) {
    throw Error("cannot find the CA port to ask the SA from (ibstat lists CAs and ports)");
  }
  std::string ca = info.ca_name;
  int number = info.portnum;
  sm_lid_ = static_cast<Lid>(info.sm_lid);
  umad_release_port(&info);
  if (sm_lid_ == 0) {
    throw Error(ca + "/" + std::to_string(number) +
                " knows no SM LID: no subnet manager has configured it, so no SA to ask");
  }
  fd_ = umad_open_port(ca.c_str(), number);
  if (fd_ < 0) {
    throw Error("cannot open umad port " + ca + "/" + std::to_string(number) + ": " +
                std::strerror(-fd_));
  }
  agent_ = umad_register(fd_, kClassSubnAdm, kSaClassVersion, 0, nullptr);
  if (agent_ < 0) {
    umad_close_port(fd_);
    throw Error("cannot register an SA agent on " + ca + "/" + std::to_string(number));
  }
  const char* preload = std::getenv("LD_PRELOAD");
  bool sim = preload != nullptr && std::strstr(preload, "umad2sim") != nullptr;
  window_ = std::max<std::size_t>(
      1, sim ? std::min(port.max_in_flight, kUmad2simWindow) : port.max_in_flight);
  buffer_.assign(umad_size() + umad::kMadSize, 0);
}

SaSession::~SaSession() {
  if (fd_ >= 0) {
    umad_unregister(fd_, agent_);
    umad_close_port(fd_);
  }
  umad_done();
}

void SaSession::send(std::size_t pair, int tries) {
  std::uint32_t tid = next_tid_++;
  std::fill(buffer_.begin(), buffer_.end(), std::uint8_t{0});
  auto* mad = static_cast<std::uint8_t*>(umad_get_mad(buffer_.data()));
  build_path_get(mad, tid, pairs_[pair]);
  umad_set_addr(buffer_.data(), sm_lid_, 1, 0, static_cast<int>(umad::kQp1Qkey));
  pending_[tid] =
      Pending{pair, tries, Clock::now() + options_.port.timeout + std::chrono::seconds(1)};
  auto timeout = static_cast<int>(options_.port.timeout.count());
  if (umad_send(fd_, agent_, buffer_.data(), static_cast<int>(umad::kMadSize), timeout, 0) < 0) {
    pending_[tid].deadline = Clock::now();  // never left: expire() retries it
  }
}

void SaSession::retry_or_give_up(std::uint32_t tid, SaPathSlResult& result) {
  auto it = pending_.find(tid);
  if (it == pending_.end()) {
    return;
  }
  Pending p = it->second;
  pending_.erase(it);
  if (p.tries < options_.retries) {
    send(p.pair, p.tries + 1);
  } else {
    ++result.unanswered;
  }
}

void SaSession::receive(std::span<const std::pair<Lid, Lid>> pairs, SaPathSlResult& result) {
  int length = static_cast<int>(umad::kMadSize);
  if (umad_recv(fd_, buffer_.data(), &length, 0) < 0) {
    return;
  }
  const auto* mad = static_cast<const std::uint8_t*>(umad_get_mad(buffer_.data()));
  std::uint32_t tid = umad::tid_low(std::span<const std::uint8_t>(mad, umad::kMadSize));
  if (umad_status(buffer_.data()) != 0) {
    retry_or_give_up(tid, result);  // the kernel gave the request back: timed out
    return;
  }
  auto it = pending_.find(tid);
  if (it == pending_.end()) {
    return;  // late, or not ours
  }
  std::pair<Lid, Lid> pair = pairs[it->second.pair];
  pending_.erase(it);
  if (get16(mad, 4) != 0) {
    ++result.no_path;
    return;
  }
  PathSlRecord r;
  r.source = get16(mad, kRecord + 42);
  r.destination = get16(mad, kRecord + 40);
  r.sl = static_cast<std::uint8_t>(mad[kRecord + 53] & 0x0f);
  if (r.source != pair.first || r.destination != pair.second) {
    ++result.no_path;  // an answer about another path: not what was asked
    return;
  }
  result.records.push_back(r);
}

void SaSession::expire(SaPathSlResult& result) {
  Clock::time_point now = Clock::now();
  std::vector<std::uint32_t> late;
  for (const auto& [tid, p] : pending_) {
    if (now >= p.deadline) {
      late.push_back(tid);
    }
  }
  for (std::uint32_t tid : late) {
    retry_or_give_up(tid, result);
  }
}

SaPathSlResult SaSession::run(std::span<const std::pair<Lid, Lid>> pairs) {
  pairs_ = pairs;
  SaPathSlResult result;
  result.sm_lid = sm_lid_;
  result.asked = pairs.size();
  std::size_t next = 0;
  pollfd p{umad_get_fd(fd_), POLLIN, 0};
  while (next < pairs.size() || !pending_.empty()) {
    while (next < pairs.size() && pending_.size() < window_) {
      send(next++, 0);
    }
    p.revents = 0;
    if (::poll(&p, 1, 50) > 0 && (p.revents & POLLIN) != 0) {
      receive(pairs, result);
    }
    expire(result);
  }
  return result;
}

}  // namespace

SaPathSlResult read_sa_path_sls(const SaPathSlOptions& options,
                                std::span<const std::pair<Lid, Lid>> pairs) {
  SaSession session(options);
  return session.run(pairs);
}

}  // namespace ibatlas
