#pragma once

// The host doctor's checks: pure functions of a HostSnapshot (host/host_snapshot.hpp) that
// return findings in the common schema. Ids and their docs: docs/checks.md, host.*.
//   host.port_down       a port that is down and not Polling (Disabled, Sleep, ...)
//   host.port_polling    a port whose physical state is Polling: no light from the far end
//   host.no_sm           an InfiniBand port physically up without a subnet manager's setup
//   host.pcie_bottleneck the PCIe chain carries less than the HCA's active ports
//   host.pcie_degraded   a link trained below its maximum, or a bridge below the HCA
//   host.numa_far        no CPU the process may run on is on the HCA's NUMA node
//   host.memlock_low     RLIMIT_MEMLOCK too low for memory registration

#include <cstdint>
#include <vector>

#include "ibatlas/findings/finding.hpp"
#include "ibatlas/host/host_snapshot.hpp"

namespace ibatlas {

// TLP and DLLP headers take about a tenth of a PCIe link: the share left for data.
inline constexpr double kPcieDataShare = 0.9;

// Below this soft limit (and without CAP_IPC_LOCK) host.memlock_low is a warning; at or
// below kMemlockErrorBytes (libibverbs' own warning threshold is 32 KiB; 64 KiB was the
// kernel's default before 5.16) an error.
inline constexpr std::uint64_t kMemlockLowBytes = std::uint64_t{1} << 30;  // 1 GiB
inline constexpr std::uint64_t kMemlockErrorBytes = std::uint64_t{64} * 1024;

// Every check, findings sorted (sort_findings). Locations: Port for port checks, Node (the
// HCA, named by its device name and node GUID) for PCIe and NUMA, Fabric for the process.
std::vector<Finding> run_host_checks(const HostSnapshot& snapshot);

// The single checks, for tests.
std::vector<Finding> check_ports(const HostDevice& device);
std::vector<Finding> check_pcie(const HostDevice& device);
std::vector<Finding> check_numa(const HostDevice& device, const ProcessFacts& process);
std::vector<Finding> check_memlock(const ProcessFacts& process);

// What the device's PCIe chain can carry, in Gb/s of data: the narrowest link's
// pcie_usable_gbps() (absent when no link reports a speed and width), and what its Active
// ports need: the sum of their port_data_gbps() (0 when none is Active).
struct PcieBudget {
  std::optional<double> usable_gbps;
  std::size_t narrowest = 0;  // index into HostDevice::pcie
  double needed_gbps = 0;
};

PcieBudget pcie_budget(const HostDevice& device);

}  // namespace ibatlas
