#pragma once

// The MAD-echo probe transport (docs/probe.md, "MAD-echo transport"): probes as vendor MADs
// through libibumad, the wire of probe/mad_echo_wire.hpp (ibping's class 0x32 and OUI).
// Implemented in src/umad/ (target ibatlas_umad, built only with rdma-core).
//
// The prober is the process that runs `ibatlas probe`: it sends from its own port, by LID,
// so the destination LID picks the LMC path; a request from another port is Refused. The
// responder is `ibatlas agent --transport mad`: it answers every echo on its port (as
// `ibping -S` does), and SMInfo with NOTACTIVE (under ibsim an SM-capable client gets
// opensm's polls). Nothing retries: a MAD that is not answered within the sample timeout,
// or that the simulator returns undelivered, is a lost sample.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/probe_transport.hpp"

namespace ibatlas {

struct MadEchoPort {
  std::string ca;  // -C: CA name; empty: the first CA with an active port
  int port = 0;    // -P: port number; 0: that CA's first active port
};

struct MadEchoPortInfo {
  std::string ca;
  int port = 0;
  Lid base_lid = 0;
  std::uint8_t lmc = 0;
  Guid port_guid = 0;
};

struct MadEchoOptions {
  MadEchoPort port;
  PortId local;  // the snapshot's port of this host: the only ProbeRequest::from accepted
  std::size_t max_in_flight = 16;  // blocks at once (each has one MAD outstanding)
  std::uint8_t sl = 0;
};

class MadEchoTransport final : public ProbeTransport {
 public:
  // Opens the port and registers the echo agent. Throws Error naming the CA and port when
  // it cannot; nothing after that throws.
  explicit MadEchoTransport(const MadEchoOptions& options);
  ~MadEchoTransport() override;
  MadEchoTransport(const MadEchoTransport&) = delete;
  MadEchoTransport& operator=(const MadEchoTransport&) = delete;

  std::size_t max_in_flight() const override;
  void send(const ProbeRequest& request) override;
  std::vector<ProbeResult> poll(std::chrono::milliseconds timeout) override;
  void cancel() override;

  const MadEchoPortInfo& port_info() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The port `port` names (CA, number, base LID, LMC, GUID), without opening it. Throws Error.
MadEchoPortInfo mad_echo_port_info(const MadEchoPort& port);

struct MadEchoResponderOptions {
  MadEchoPort port;
  std::string host_name;                    // what an `ibping` client is told; empty: gethostname()
  const std::atomic<bool>* stop = nullptr;  // serve until *stop; null: forever
  std::ostream* log = nullptr;              // "ready" line, then a summary at the end
};

// Answers echo MADs (and SMInfo) on one port until *options.stop, then logs how many it
// answered and returns 0. Throws Error when the port cannot be opened or registered.
int run_mad_echo_responder(const MadEchoResponderOptions& options);

// The responder and a prober on one port, for an agent that also sends echoes on a
// controller's command (`agent --transport mad --listen ... --key ...`): one umad attachment
// (under ibsim a node takes one SM-capable client), answered and sent by one thread of its
// own from construction to destruction. options.stop is not used.
class MadEchoNode {
 public:
  // Opens the port and registers the agents; throws Error naming the CA and port when it
  // cannot.
  explicit MadEchoNode(const MadEchoResponderOptions& options);
  ~MadEchoNode();
  MadEchoNode(const MadEchoNode&) = delete;
  MadEchoNode& operator=(const MadEchoNode&) = delete;

  // One block of echoes from this port to request.dlid (warmup + samples, one outstanding,
  // request.sample_timeout each), as MadEchoTransport runs it; request.from and .to are not
  // used. Blocks until it ends, or within ~20 ms of *cancel (Failed, "cancelled"). Safe to
  // call from several threads at once; REQUIRES: tags unique among the blocks running.
  ProbeResult run_block(const ProbeRequest& request, const std::atomic<bool>& cancel);

  const MadEchoPortInfo& port_info() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ibatlas
