// The MAD-echo responder (`ibatlas agent --transport mad`), a libibumad server like
// `ibping -S`: one agent for class 0x32 / OUI 0x001405 serving Get, and agents for the two
// SMI classes. Those serve nothing on hardware (no method mask: the kernel delivers no
// requests), but under ibsim an SM-capable client (SIM_SET_ISSM=1, needed to receive QP1
// requests) is handed opensm's SMInfo polls, and umad2sim crashes delivering a class no
// agent registered (research/probe-spec.md §2.2): we answer them NOTACTIVE.

#include <cstring>
#include <vector>

#include <infiniband/umad.h>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/mad_echo_wire.hpp"
#include "ibatlas/umad/mad_echo.hpp"

#include "umad/mad_echo_port.hpp"
#include <endian.h>
#include <unistd.h>

namespace ibatlas {
namespace {

std::string local_host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) {
    return "unknown";
  }
  return name;
}

struct Counts {
  unsigned long echoes = 0;      // NOLINT(google-runtime-int)
  unsigned long ibping = 0;      // NOLINT(google-runtime-int): of those, without our payload
  unsigned long smps = 0;        // NOLINT(google-runtime-int)
  unsigned long send_fails = 0;  // NOLINT(google-runtime-int)
};

class Responder {
 public:
  explicit Responder(const MadEchoResponderOptions& options)
      : options_(options),
        host_name_(options.host_name.empty() ? local_host_name() : options.host_name) {}

  int run();

 private:
  void answer(int agent);

  const MadEchoResponderOptions& options_;
  std::string host_name_;
  MadEchoPortInfo info_;
  int fd_ = -1;
  std::vector<std::uint8_t> buffer_;
  Counts counts_;
};

void Responder::answer(int agent) {
  if (umad_status(buffer_.data()) != 0) {
    return;
  }
  std::span<std::uint8_t> mad(static_cast<std::uint8_t*>(umad_get_mad(buffer_.data())),
                              mad_echo::kMadBytes);
  if (mad_echo::is_echo_request(mad)) {
    counts_.ibping += mad_echo::read_payload(mad) ? 0 : 1;
    mad_echo::make_echo_response(mad, host_name_);
    umad_get_mad_addr(buffer_.data())->qkey = htobe32(mad_echo::kQp1Qkey);
    ++counts_.echoes;
  } else if (mad_echo::make_smp_response(mad, info_.port_guid)) {
    ++counts_.smps;
  } else {
    return;
  }
  // The received envelope addresses the requester; the TID goes back as it came (ibsim
  // routes the response by the client id in its high bits).
  if (umad_send(fd_, agent, buffer_.data(), static_cast<int>(mad_echo::kMadBytes), 0, 0) < 0) {
    ++counts_.send_fails;
  }
}

int Responder::run() {
  fd_ = umad::open_echo_port(options_.port, info_);
  try {
    umad::register_echo_agent(fd_, info_, true);
  } catch (...) {
    umad::close_echo_port(fd_);
    throw;
  }
  for (std::uint8_t smi : {mad_echo::kClassSmiLid, mad_echo::kClassSmiDirected}) {
    if (umad_register(fd_, smi, 1, 0, nullptr) < 0 && options_.log != nullptr) {
      *options_.log << "agent: no agent for SMI class " << int{smi} << " (harmless on hardware)\n";
    }
  }
  buffer_.assign(umad_size() + mad_echo::kMadBytes, 0);
  if (options_.log != nullptr) {
    *options_.log << "agent: mad echo ready on " << info_.ca << "/" << info_.port << " LID "
                  << info_.base_lid << " (class 0x32, OUI 0x001405)" << std::endl;
  }
  constexpr int kPollMs = 200;  // how soon a stop request is noticed
  while (options_.stop == nullptr || !options_.stop->load()) {
    int length = static_cast<int>(mad_echo::kMadBytes);
    int agent = umad_recv(fd_, buffer_.data(), &length, kPollMs);
    if (agent >= 0) {
      answer(agent);
    }
  }
  umad::close_echo_port(fd_);
  if (options_.log != nullptr) {
    *options_.log << "agent: mad echo answered " << counts_.echoes << " echoes (" << counts_.ibping
                  << " from ibping), " << counts_.smps << " SMPs, " << counts_.send_fails
                  << " failed sends" << std::endl;
  }
  return 0;
}

}  // namespace

int run_mad_echo_responder(const MadEchoResponderOptions& options) {
  return Responder(options).run();
}

}  // namespace ibatlas
