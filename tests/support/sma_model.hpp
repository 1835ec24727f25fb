#pragma once

// A model of real subnet management agents behind the SMP seam, for the per-node cap's
// benchmarks and tests (issue 18 §1). What it models, on a virtual clock:
//
// - Each node's SMA serves SMPs one at a time, each taking a service time fixed per node and
//   drawn from [service_min, service_max] (5-50 µs by default; switch firmware is slow).
// - In front of it, a VL15 queue of queue_depth SMPs: an SMP that arrives when the queue is
//   full is dropped (VL15 is unreliable), and the requester sees a timeout after `timeout`.
// - Every hop costs hop_latency each way (a switch's cut-through plus the cable).
// - Optionally, nodes that drop a share of the SMPs entering them (like ibsim's `Error`), on
//   the way out and on the way back.
//
// Only the destination's SMA serves an SMP: the switches on its directed route forward it
// without queueing (a simplification: real switches forward DR SMPs in firmware too).
//
// It also checks the engine's per-node cap: with check_per_node N, every SMP is charged to the
// node the engine charges it to (the node it reads; a NodeInfo probe: the node it leaves
// from) from send until its reply is polled, and a send that makes a node's count exceed N
// is recorded in cap_violations(). peak_at_sma() is the most SMPs ever in one SMA (served
// or queued), whoever they were charged to.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <queue>
#include <random>
#include <unordered_map>
#include <vector>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/smp_transport.hpp"
#include "ibatlas/fabric.hpp"

#include "support/fabric_transport.hpp"

namespace ibatlas::test {

struct SmaModelOptions {
  std::optional<PortId> local_port;  // default: the first CA port that has a peer
  std::size_t max_in_flight = 4096;
  std::chrono::nanoseconds service_min{std::chrono::microseconds(5)};
  std::chrono::nanoseconds service_max{std::chrono::microseconds(50)};
  std::size_t queue_depth = 4;  // SMPs waiting at one SMA beyond the one in service
  std::chrono::nanoseconds hop_latency{std::chrono::microseconds(1)};
  std::chrono::nanoseconds timeout{std::chrono::milliseconds(1000)};  // a lost SMP's timeout
  std::map<NodeId, double> loss;  // chance an SMP entering that node is dropped (0..1)
  std::uint64_t seed = 1;
  std::size_t check_per_node = 0;  // 0: no check
  bool record_sends = false;       // keep in_flight_at_send() and sends_of()
};

class SmaModelTransport : public SmpTransport {
 public:
  using Nanos = std::chrono::nanoseconds;

  // REQUIRES: `fabric` outlives the transport.
  SmaModelTransport(const Fabric& fabric, SmaModelOptions options);

  std::size_t max_in_flight() const override { return options_.max_in_flight; }

  void send(const SmpRequest& request) override;
  // Returns the replies due within `timeout` of virtual time, moving the clock to the first
  // of them; none due: the clock moves on by `timeout`.
  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override;

  Nanos now() const { return now_; }

  void advance_to(Nanos t) { now_ = std::max(now_, t); }

  // The clock to give CrawlOptions::clock.
  CrawlClock clock();

  std::uint64_t smps_received() const { return smps_; }

  std::uint64_t queue_drops() const { return queue_drops_; }

  std::uint64_t loss_drops() const { return loss_drops_; }

  std::uint64_t cap_violations() const { return cap_violations_; }

  std::size_t peak_charged() const { return peak_charged_; }  // most charged to one node

  std::size_t peak_at_sma() const { return peak_at_sma_; }

  std::size_t peak_in_flight() const { return peak_in_flight_; }

  // Every send, in order: how many SMPs were in flight right after it (for "window full").
  const std::vector<std::size_t>& in_flight_at_send() const { return in_flight_at_send_; }

  // When SMPs whose directed route leads to `node` were sent (with record_sends).
  std::vector<Nanos> sends_to(NodeId node) const;

 private:
  struct Due {
    Nanos ready;
    std::uint64_t seq;
    SmpReply reply;
    std::uint32_t charged;

    friend bool operator>(const Due& a, const Due& b) {
      return a.ready != b.ready ? a.ready > b.ready : a.seq > b.seq;
    }
  };

  struct Sma {
    Nanos busy_until{0};
    std::vector<Nanos> starts;  // service start times not yet passed, ascending
  };

  struct Sent {
    SmpRequest request;
    Nanos at;
  };

  std::vector<NodeId> path_of(const DirectedRoute& route) const;  // nodes entered, local first
  Nanos service_of(NodeId node) const;
  bool lost_entering(NodeId node);

  const Fabric& fabric_;
  SmaModelOptions options_;
  FabricTransport answers_;
  std::mt19937_64 random_;
  Nanos now_{0};
  std::priority_queue<Due, std::vector<Due>, std::greater<>> due_;
  std::uint64_t seq_ = 0;
  std::unordered_map<std::uint32_t, Sma> smas_;
  std::unordered_map<std::uint32_t, std::size_t> charged_;
  std::uint64_t smps_ = 0;
  std::uint64_t queue_drops_ = 0;
  std::uint64_t loss_drops_ = 0;
  std::uint64_t cap_violations_ = 0;
  std::size_t peak_charged_ = 0;
  std::size_t peak_at_sma_ = 0;
  std::size_t peak_in_flight_ = 0;
  std::vector<std::size_t> in_flight_at_send_;
  std::vector<Sent> sent_;
};

}  // namespace ibatlas::test
