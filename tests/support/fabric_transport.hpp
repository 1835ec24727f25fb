#pragma once

// In-process fakes behind the hardware seam (STYLE.md 7.5), like ninja's VirtualFileSystem
// and leveldb's EnvWrapper:
//
// FabricTransport answers SMPs and PerfMgt GMPs from a Fabric: it walks each directed route
// through the model (only switches forward; every link crossed must be LinkUp at both ends),
// and encodes the attribute of the node it reaches with smp_decode.hpp's encoders. With a
// latency, replies become ready that long after their send on a virtual clock that poll()
// advances, so a crawl of a large fabric is timed without sleeping.
//
// SLtoVLMappingTable is answered from Fabric::sl_to_vl_tables(): the table the model holds for
// that (in, out) pair (a CA: its port's own, with IsSLMappingSupported in its PortInfo), and
// a rejection for a pair the model holds none for.
//
// The adaptive-routing attributes (GeneralInfo, ARInfo, PrivateLFTInfo, the AR LFTs, the
// group table) are answered at a switch from Fabric::adaptive_routing_of(): encoded with
// ar_decode.hpp's encoders, the modifier read with ArModifiers; what the SwitchAr does not
// hold is rejected with status 0x000C, as is every AR attribute at a switch without one. A
// SwitchAr with support NoAnswer, and the switches in ar_silent, let them time out.
//
// DroppingTransport wraps another transport and drops a fraction of the MADs, each drop
// reported as a timeout, optionally only for the MADs a predicate selects.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "ibatlas/discover/smp_transport.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

struct FabricTransportOptions {
  std::optional<PortId> local_port;  // default: the first CA port that has a peer
  std::size_t max_in_flight = 256;
  std::chrono::nanoseconds latency{0};  // per MAD, on the virtual clock
  std::set<NodeId> ar_silent;           // switches whose AR SMPs time out
};

// One adaptive-routing SMP as the transport saw it.
struct ArRequestSeen {
  NodeId node;
  SmpAttribute attribute = SmpAttribute::GeneralInfo;
  std::uint32_t modifier = 0;
};

class FabricTransport : public SmpTransport, public PerfTransport {
 public:
  // REQUIRES: `fabric` outlives the transport.
  explicit FabricTransport(const Fabric& fabric, FabricTransportOptions options = {});

  std::size_t max_in_flight() const override { return options_.max_in_flight; }

  void send(const SmpRequest& request) override;
  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override;

  std::size_t max_perf_in_flight() const override { return options_.max_in_flight; }

  void send_perf(const PerfRequest& request) override;
  std::vector<SmpReply> poll_perf(std::chrono::milliseconds timeout) override;

  // Where a route leads: the node reached and the port it entered by; nullopt when a hop
  // leaves by a port that is not there, not LinkUp or not cabled, or a CA would forward.
  std::optional<std::pair<NodeId, std::uint8_t>> walk(const DirectedRoute& route) const;

  PortId local_port() const { return local_port_; }

  std::uint64_t smps_received() const { return smps_received_; }

  std::uint64_t perf_received() const { return perf_received_; }

  std::size_t peak_in_flight() const { return peak_in_flight_; }

  std::chrono::nanoseconds virtual_now() const { return now_; }

  // Every AR SMP that reached a node, retries included, in the order sent.
  const std::vector<ArRequestSeen>& ar_requests() const { return ar_requests_; }

 private:
  struct Pending {
    std::chrono::nanoseconds ready;
    SmpReply reply;
  };

  SmpReply answer(const SmpRequest& request) const;
  SmpReply answer_port(const SmpRequest& request, NodeId node, std::uint8_t entry) const;
  SmpReply answer_perf(const PerfRequest& request) const;
  SmpReply answer_sl_to_vl(const SmpRequest& request, NodeId node, std::uint8_t entry) const;
  const SlToVlTable* find_sl_to_vl(NodeId node, std::uint8_t in, std::uint8_t out) const;
  SmpReply answer_ar(const SmpRequest& request, NodeId node) const;  // fabric_transport_ar.cpp
  std::vector<SmpReply> take_ready(std::deque<Pending>& queue);

  const Fabric& fabric_;
  FabricTransportOptions options_;
  PortId local_port_;
  std::vector<const ForwardingTable*> tables_;                                      // by node
  std::map<std::pair<std::uint32_t, std::uint32_t>, const SlToVlTable*> sl_to_vl_;  // (in, out)
  std::deque<Pending> smp_queue_;
  std::deque<Pending> perf_queue_;
  std::chrono::nanoseconds now_{0};
  std::uint64_t smps_received_ = 0;
  std::uint64_t perf_received_ = 0;
  std::size_t peak_in_flight_ = 0;
  std::vector<ArRequestSeen> ar_requests_;
};

// True for the adaptive-routing attributes (0xFF10, 0xFF17, 0xFF20-0xFF23).
bool is_ar_attribute(SmpAttribute attribute);

class DroppingTransport : public SmpTransport {
 public:
  using Selector = std::function<bool(const SmpRequest&)>;

  // Drops each selected MAD with probability `rate` (0..1); `selects` empty: every MAD.
  // REQUIRES: `inner` outlives this.
  DroppingTransport(SmpTransport& inner, double rate, std::uint64_t seed, Selector selects = {});

  std::size_t max_in_flight() const override { return inner_.max_in_flight(); }

  void send(const SmpRequest& request) override;
  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override;

  std::uint64_t dropped() const { return dropped_; }

 private:
  SmpTransport& inner_;
  double rate_;
  std::mt19937_64 random_;
  Selector selects_;
  std::vector<SmpReply> timeouts_;
  std::uint64_t dropped_ = 0;
};

}  // namespace ibatlas::test
