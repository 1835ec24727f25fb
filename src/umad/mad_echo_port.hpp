#pragma once

// Private to src/umad: opening one port for the MAD-echo prober and responder.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/umad/mad_echo.hpp"

namespace ibatlas::umad {

// umad_init, then the port's facts and umad_open_port. Throws Error naming the port. The
// caller closes the descriptor with close_echo_port.
int open_echo_port(const MadEchoPort& port, MadEchoPortInfo& info);

void close_echo_port(int fd);

// Registers the echo class 0x32 with the OpenIB OUI; with `serve`, for incoming Get
// requests too. Returns the agent id; throws Error.
int register_echo_agent(int fd, const MadEchoPortInfo& info, bool serve);

// Agents for the SMI classes 0x01 and 0x81 with no methods (mad_echo_responder.cpp says why);
// a refusal is one line on `log`.
void register_smi_agents(int fd, std::ostream* log);

// `name`, or gethostname() when it is empty: what an ibping client is told.
std::string host_name_or(const std::string& name);

enum class Answer : std::uint8_t { NotARequest, Echo, IbpingEcho, Smp, SendFailed };

// `buffer` as umad_recv filled it: an echo request (ours or ibping's) or an SMInfo Get is
// answered in place and sent back through `agent`; anything else (a response, a request
// returned undelivered) is left alone, NotARequest.
Answer answer_request(int fd, int agent, std::vector<std::uint8_t>& buffer,
                      const std::string& host_name, Guid port_guid);

}  // namespace ibatlas::umad
