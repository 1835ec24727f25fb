#pragma once

// Running a probe plan (docs/probe.md, "Run"): every probe of the plan measured in blocks,
// round after round, through one ProbeTransport; a verdict per suspect direction; findings
// in the common schema. The engine holds no socket: tests drive it with a fake transport.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/probe/verdict.hpp"

namespace ibatlas {

struct RunOptions {
  std::vector<std::uint32_t> sizes{64, 4096, 65536};  // request bytes; replies are 64 bytes
  std::uint32_t samples = 100;                        // ping-pongs per block
  std::size_t blocks = 8;                             // blocks per probe and size
  std::uint32_t warmup = 10;                          // per block, discarded
  std::chrono::milliseconds sample_timeout{200};
  // Probes of one round in flight at once; 0: as many as the transport takes. Hosts that
  // share a machine (the namespace harness) share its CPUs, so they run one at a time.
  std::size_t concurrency = 0;
  VerdictOptions verdict;
  // Hosts of the plan known to have no agent before the run (no HOSTS entry, no
  // handshake), with the reason: their probes are not sent.
  std::map<PortId, std::string> absent_hosts;
  const std::atomic<bool>* stop = nullptr;  // set (Ctrl-C): cancel and report what was measured
  std::function<void(std::size_t done, std::size_t total)> progress;  // blocks measured
};

// One probe at one message size over the whole run.
struct PathMeasurement {
  std::size_t probe = 0;  // index into the plan's probes
  std::uint32_t bytes = 0;
  std::vector<double> block_medians;   // ns, one per block that returned samples
  std::vector<std::uint32_t> samples;  // every RTT in ns, in the order measured
  std::uint64_t sent = 0;
  std::uint64_t lost = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t late = 0;
  std::size_t failed_blocks = 0;  // blocks that did not run (an agent failed, or Ctrl-C)
  std::string failure;            // the first failed block's detail
};

struct RunResult {
  std::vector<PathMeasurement> paths;      // probe-major, then size in RunOptions order
  std::vector<DirectionVerdict> verdicts;  // one per plan.coverage entry
  std::vector<PortId> unreachable;         // hosts whose agent failed, or had none
  std::map<PortId, std::string> unreachable_why;
  // What stops the transport at a host's agent (ProbeResult::problem): (host, check id) ->
  // the first such result's detail.
  std::map<std::pair<PortId, std::string>, std::string> transport_problems;
  std::vector<Finding> findings;  // sorted
  bool cancelled = false;
  double seconds = 0;
};

// Runs `plan` over `transport`: for each block, for each size, each round's probes at once
// (no two share a cable or a host), so a suspect's probes and its controls alternate in time.
// A probe whose host's agent failed is not sent again. Never throws for what a probe does;
// throws Error only for a transport that breaks its contract (a result for no request).
RunResult run_probes(const Fabric& fabric, const ProbePlan& plan, ProbeTransport& transport,
                     const RunOptions& options);

// The index of (probe, size) in RunResult::paths.
inline std::size_t path_index(std::size_t probe, std::size_t size, std::size_t sizes) {
  return probe * sizes + size;
}

}  // namespace ibatlas
