#pragma once

// An in-process ProbeTransport for the probe engine's unit tests: it answers every request
// from a latency model of the fabric instead of traffic. Each hop costs a fixed latency plus
// the message's serialisation time at the link's rate (Gb/s from its width and speed, or a
// default); a "slow" link divides its rate; noise is seeded and reproducible. Hosts marked
// unreachable answer nothing: their requests come back Unreachable with them as culprit.

#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/probe/probe_transport.hpp"

namespace ibatlas::test {

class FakeProbeTransport : public ProbeTransport {
 public:
  explicit FakeProbeTransport(const Fabric& fabric, std::uint64_t seed = 1);

  // The link whose sending port is `out` carries bytes `factor` times slower.
  void slow_down(PortId out, double factor) { slow_[out] = factor; }

  void make_unreachable(PortId host) { unreachable_.insert(host); }

  void lose_every(std::uint32_t n) { lose_every_ = n; }  // every n-th request gets no reply

  std::size_t max_in_flight() const override { return 64; }

  void send(const ProbeRequest& request) override;
  std::vector<ProbeResult> poll(std::chrono::milliseconds timeout) override;

  void cancel() override { cancelled_ = true; }

  std::size_t requests() const { return requests_; }

  std::size_t most_in_flight() const { return most_in_flight_; }

 private:
  double route_ns(PortId from, Lid lid, std::uint32_t bytes) const;
  double hop_ns(PortId out, std::uint32_t bytes) const;

  const Fabric& fabric_;
  std::mt19937_64 random_;
  std::map<PortId, double> slow_;
  std::set<PortId> unreachable_;
  std::uint32_t lose_every_ = 0;
  std::deque<ProbeResult> ready_;
  std::size_t requests_ = 0;
  std::size_t most_in_flight_ = 0;
  bool cancelled_ = false;
};

}  // namespace ibatlas::test
