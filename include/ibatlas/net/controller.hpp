#pragma once

// The controller's side of the control channel: a ProbeTransport (probe/probe_transport.hpp)
// whose requests run as UDP ping-pong between agents (net/agent.hpp), or as echo MADs sent
// by the source's agent (ControllerOptions::mad_echo), or as RC ping-pong between the two
// agents' RDMA devices (ControllerOptions::verbs_routes). For each UDP request it
// ARMs the target's agent for the source's packets, then tells the source's agent to PROBE,
// and hands back the agent's RESULT. A dead or silent agent makes its requests Unreachable,
// blaming its host; nothing waits longer than the deadlines below.

#include <chrono>
#include <functional>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/net/key_file.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/probe/rc_probe.hpp"

namespace ibatlas {

struct AgentAddress {
  PortId port;          // the host's port in the snapshot: what ProbeRequest::from/to name
  std::string name;     // the host, for messages ("host03")
  std::string control;  // HOST:PORT of its agent (TCP; the same port takes the UDP probes)
  std::string data;     // the IP address probes are sent to, and sent from
};

// One agent's host doctor report (docs/host.md), sent as the controller connected: host.*
// findings located at the agent's own HCAs (or, for its process, the fabric).
struct AgentHostFindings {
  PortId port;       // AgentAddress::port
  std::string name;  // AgentAddress::name
  std::vector<Finding> findings;
  std::string unavailable;  // non-empty: the agent ran no checks, and why
};

struct ControllerOptions {
  // Connecting and the handshake, per agent; all agents are tried at once.
  std::chrono::milliseconds connect_timeout{3000};
  // A request's answer is due (warmup + samples) x sample_timeout (at most the source
  // agent's run-time limit) + reply_slack after send().
  std::chrono::milliseconds reply_slack{2000};
  std::ostream* log = nullptr;  // one line per agent connected or lost; null: silent
  // Where connect_agents puts each connected agent's host findings, in the order of
  // `agents`; null: dropped.
  std::vector<AgentHostFindings>* host_findings = nullptr;
  // The MAD-echo transport: each request is one MAD_PROBE to the source's agent, which
  // sends echo MADs to the request's DLID from its port (`agent --transport mad`); the
  // target needs no agent on the channel (any echo responder answers), and is not armed.
  bool mad_echo = false;
  // The verbs transport when set: each request is a VERBS_PROBE to both agents, whose RC
  // endpoints the controller passes to each other with the routes this gives (rc_routes:
  // the plan's DLID, the snapshot's SLs and path MTU); the target's agent connects first
  // and says ARMED, then the source's connects and pings. An agent without an RDMA device
  // refuses, and the result names probe.transport_unavailable (ProbeResult::problem).
  std::function<RcRoutes(const ProbeRequest&)> verbs_routes;
};

// Connects to every agent at once and authenticates with `key`. Never throws for an agent
// that fails: its requests come back Unreachable, culprit its port, detail such as
// "agent 10.0.0.5:7000 of host03: connect: Connection refused".
std::unique_ptr<ProbeTransport> connect_agents(std::span<const AgentAddress> agents,
                                               const ProbeKey& key,
                                               const ControllerOptions& options);

}  // namespace ibatlas
