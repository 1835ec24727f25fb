#pragma once

// Private to src/umad: opening one port for the MAD-echo prober and responder.

#include "ibatlas/umad/mad_echo.hpp"

namespace ibatlas::umad {

// umad_init, then the port's facts and umad_open_port. Throws Error naming the port. The
// caller closes the descriptor with close_echo_port.
int open_echo_port(const MadEchoPort& port, MadEchoPortInfo& info);

void close_echo_port(int fd);

// Registers the echo class 0x32 with the OpenIB OUI; with `serve`, for incoming Get
// requests too. Returns the agent id; throws Error.
int register_echo_agent(int fd, const MadEchoPortInfo& info, bool serve);

}  // namespace ibatlas::umad
