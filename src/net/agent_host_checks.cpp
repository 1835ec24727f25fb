// The agent's host doctor, as each session sends it after READY (docs/probe.md, "Host
// checks"): the caller's function, cut to what HOST_FINDINGS may carry.

#include "net/agent_session.hpp"

namespace ibatlas::net {

namespace {

// Within what the message may carry (messages.hpp): the first kMaxHostFindings findings,
// texts cut to kMaxTextBytes.
void fit_limits(HostFindingsMessage& m) {
  if (m.findings.size() > kMaxHostFindings) {
    m.findings.resize(kMaxHostFindings);
  }
  auto cut = [](std::string& text) { text = text.substr(0, kMaxTextBytes); };
  for (Finding& f : m.findings) {
    for (std::string* text :
         {&f.check, &f.measured, &f.expected, &f.hint, &f.message, &f.location.here.name}) {
      cut(*text);
    }
    if (f.location.peer) {
      cut(f.location.peer->name);
    }
  }
  cut(m.unavailable);
}

}  // namespace

HostFindingsMessage run_host_checks(const AgentOptions& options) {
  HostFindingsMessage m;
  if (!options.host_checks) {
    m.unavailable = "this agent runs no host checks";
    return m;
  }
  try {
    m = options.host_checks();
  } catch (const std::exception& e) {
    m = HostFindingsMessage{{}, std::string("host checks failed: ") + e.what()};
  }
  fit_limits(m);
  return m;
}

}  // namespace ibatlas::net
