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

namespace umad {

std::string host_name_or(const std::string& name) {
  if (!name.empty()) {
    return name;
  }
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) != 0) {
    return "unknown";
  }
  return buffer;
}

void register_smi_agents(int fd, std::ostream* log) {
  for (std::uint8_t smi : {mad_echo::kClassSmiLid, mad_echo::kClassSmiDirected}) {
    if (umad_register(fd, smi, 1, 0, nullptr) < 0 && log != nullptr) {
      *log << "agent: no agent for SMI class " << int{smi} << " (harmless on hardware)\n";
    }
  }
}

Answer answer_request(int fd, int agent, std::vector<std::uint8_t>& buffer,
                      const std::string& host_name, Guid port_guid) {
  if (umad_status(buffer.data()) != 0) {
    return Answer::NotARequest;
  }
  std::span<std::uint8_t> mad(static_cast<std::uint8_t*>(umad_get_mad(buffer.data())),
                              mad_echo::kMadBytes);
  Answer answer = Answer::NotARequest;
  if (mad_echo::is_echo_request(mad)) {
    answer = mad_echo::read_payload(mad) ? Answer::Echo : Answer::IbpingEcho;
    mad_echo::make_echo_response(mad, host_name);
    umad_get_mad_addr(buffer.data())->qkey = htobe32(mad_echo::kQp1Qkey);
  } else if (mad_echo::make_smp_response(mad, port_guid)) {
    answer = Answer::Smp;
  } else {
    return Answer::NotARequest;
  }
  // The received envelope addresses the requester; the TID goes back as it came (ibsim
  // routes the response by the client id in its high bits).
  if (umad_send(fd, agent, buffer.data(), static_cast<int>(mad_echo::kMadBytes), 0, 0) < 0) {
    return Answer::SendFailed;
  }
  return answer;
}

}  // namespace umad

namespace {

struct Counts {
  unsigned long echoes = 0;      // NOLINT(google-runtime-int)
  unsigned long ibping = 0;      // NOLINT(google-runtime-int): of those, without our payload
  unsigned long smps = 0;        // NOLINT(google-runtime-int)
  unsigned long send_fails = 0;  // NOLINT(google-runtime-int)
};

class Responder {
 public:
  explicit Responder(const MadEchoResponderOptions& options)
      : options_(options), host_name_(umad::host_name_or(options.host_name)) {}

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
  switch (umad::answer_request(fd_, agent, buffer_, host_name_, info_.port_guid)) {
    case umad::Answer::IbpingEcho:
      ++counts_.ibping;
      ++counts_.echoes;
      break;
    case umad::Answer::Echo:
      ++counts_.echoes;
      break;
    case umad::Answer::Smp:
      ++counts_.smps;
      break;
    case umad::Answer::SendFailed:
      ++counts_.send_fails;
      break;
    case umad::Answer::NotARequest:
      break;
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
  umad::register_smi_agents(fd_, options_.log);
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
