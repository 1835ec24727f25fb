#pragma once

// The real transport behind the seam: a local InfiniBand port opened through libibumad.
// Declared here (std only) and implemented in src/umad/ (target ibatlas_umad), which exists
// only when rdma-core's development files were found; apps/hardware_umad.cpp uses it and
// apps/hardware_none.cpp says why it cannot.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ibatlas/discover/smp_transport.hpp"

namespace ibatlas {

struct LivePortOptions {
  std::string ca;  // -C: CA name ("mlx5_0"); empty: the first CA with an active port
  int port = 0;    // -P: port number; 0: that CA's first active port
  std::chrono::milliseconds timeout{1000};  // -t: per MAD, enforced by the kernel
  std::size_t max_in_flight = 128;          // --outstanding
  // -y: the M_Key put into every SMP (IBA 14.2.1.1, SMP bytes 24-31); 0: none, as without
  // -y. Never printed: not in messages, -v output or a snapshot's provenance.
  std::uint64_t m_key = 0;
};

// Directed-route SMPs (class 0x81) and PerfMgt GMPs (class 0x04) on one umad port, many in
// flight, replies matched by transaction id. Not thread-safe: one crawl drives it.
class UmadTransport final : public SmpTransport, public PerfTransport {
 public:
  // Opens the port and registers the two agents. Throws Error, naming the CA and port and
  // the usual causes, when the port cannot be opened; nothing after that throws.
  explicit UmadTransport(const LivePortOptions& options);
  ~UmadTransport() override;
  UmadTransport(const UmadTransport&) = delete;
  UmadTransport& operator=(const UmadTransport&) = delete;

  std::size_t max_in_flight() const override;
  void send(const SmpRequest& request) override;
  std::vector<SmpReply> poll(std::chrono::milliseconds timeout) override;

  std::size_t max_perf_in_flight() const override;
  void send_perf(const PerfRequest& request) override;
  std::vector<SmpReply> poll_perf(std::chrono::milliseconds timeout) override;

  const std::string& ca_name() const;  // the CA and port actually opened
  int port_number() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ibatlas
