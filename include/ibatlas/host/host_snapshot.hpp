#pragma once

// What `ibatlas host` knows about this host's HCAs: a plain value read once from sysfs
// (host/sysfs_reader.hpp) and checked by pure functions (host/host_checks.hpp). Every field
// that sysfs may lack is optional: absent is not zero. docs/host.md describes each file read.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ibatlas {

// One PCIe link as a PCI function reports it (its current_link_* and max_link_* files).
struct PcieLink {
  std::string address;                  // the function's directory name, "0000:03:00.0"
  std::optional<double> speed_gts;      // current_link_speed, GT/s per lane: 2.5 .. 64
  std::optional<unsigned> width;        // current_link_width, lanes
  std::optional<double> max_speed_gts;  // max_link_speed
  std::optional<unsigned> max_width;    // max_link_width
  friend bool operator==(const PcieLink&, const PcieLink&) = default;
};

// One port of an HCA (/sys/class/infiniband/<dev>/ports/<n>/).
struct HostPort {
  unsigned number = 0;
  std::optional<unsigned> state;       // state "4: ACTIVE": 1 DOWN, 2 INIT, 3 ARMED, 4 ACTIVE
  std::string state_name;              // "ACTIVE"
  std::optional<unsigned> phys_state;  // phys_state "5: LinkUp": 2 Polling, 3 Disabled, ...
  std::string phys_state_name;         // "LinkUp"
  std::string rate;                    // the rate file's text, "100 Gb/sec (4X EDR)"
  std::string link_layer;              // "InfiniBand" or "Ethernet"
  std::optional<std::uint32_t> lid;    // lid "0x12"
  std::optional<std::uint32_t> sm_lid;
  friend bool operator==(const HostPort&, const HostPort&) = default;
};

// One HCA (/sys/class/infiniband/<dev>/) and what its `device` link leads to.
struct HostDevice {
  std::string name;       // "mlx5_0"
  std::string fw_ver;     // "20.31.1014"
  std::string board_id;   // "MT_0000000222"
  std::string node_guid;  // as sysfs writes it, "0c42:a103:0016:5d2a"
  // The HCA's PCI function first, then each bridge above it up to the root port: every
  // directory on the way up that has a current_link_speed. Empty when `device` is not PCIe.
  std::vector<PcieLink> pcie;
  std::optional<int> numa_node;     // numa_node; absent when the file is missing or says -1
  std::vector<unsigned> numa_cpus;  // devices/system/node/node<N>/cpulist, sorted; empty: unknown
  std::vector<HostPort> ports;      // by port number
  friend bool operator==(const HostDevice&, const HostDevice&) = default;
};

// What the process may do: read by syscalls on the live host, or from the capture's
// `ibatlas-process` file (docs/host.md). Absent fields: unknown.
struct ProcessFacts {
  std::vector<unsigned> allowed_cpus;  // sched_getaffinity, sorted; empty: unknown
  // RLIMIT_MEMLOCK's soft limit in bytes; absent: unknown. kUnlimited for RLIM_INFINITY.
  std::optional<std::uint64_t> memlock_bytes;
  bool ipc_lock = false;  // CAP_IPC_LOCK in effect: the limit does not apply
  friend bool operator==(const ProcessFacts&, const ProcessFacts&) = default;
};

inline constexpr std::uint64_t kUnlimited = UINT64_MAX;

struct HostSnapshot {
  std::vector<HostDevice> devices;  // by name
  std::optional<ProcessFacts> process;
  friend bool operator==(const HostSnapshot&, const HostSnapshot&) = default;
};

// ---- Parsers of single sysfs values (pure; nullopt for text they do not recognise) ----

// "4: ACTIVE" -> {4, "ACTIVE"}; "5: LinkUp" -> {5, "LinkUp"}; "7: Phy Test" -> {7, "Phy Test"}.
struct NumberedName {
  unsigned number = 0;
  std::string name;
};

std::optional<NumberedName> parse_numbered_name(std::string_view text);

// "8.0 GT/s PCIe", "8 GT/s", "2.5 GT/s" -> GT/s. "Unknown speed" -> nullopt.
std::optional<double> parse_pcie_speed(std::string_view text);
// "16", "x16" -> 16. 0 and text that is not a number -> nullopt.
std::optional<unsigned> parse_pcie_width(std::string_view text);
// "0-3,8,10-11" -> {0,1,2,3,8,10,11}; "" -> {} (an empty list); bad text -> nullopt.
std::optional<std::vector<unsigned>> parse_cpulist(std::string_view text);
// "0x1a" -> 26 (lid, sm_lid).
std::optional<std::uint32_t> parse_sysfs_hex(std::string_view text);

// A port's rate, "100 Gb/sec (4X EDR)": the signalling rate the kernel prints, the lanes and
// the speed's name.
struct PortRate {
  double gbps = 0;     // 100
  unsigned lanes = 0;  // 4
  std::string speed;   // "EDR"; empty when the text names none
};

std::optional<PortRate> parse_port_rate(std::string_view text);

// The data rate a port carries, in Gb/s: lanes times the per-lane data rate of its speed
// (SDR 2, DDR 4, QDR 8 after 8b/10b; FDR10 10, FDR 13.64, EDR 25 after 64b/66b; HDR 50, NDR
// 100, XDR 200), or the printed rate for a speed this table lacks.
double port_data_gbps(const PortRate& rate);

// Usable PCIe bandwidth of `lanes` lanes at `gts` GT/s, in Gb/s, after the line encoding:
// gts * lanes * (8/10 below 8 GT/s (Gen1, Gen2), 128/130 from 8 GT/s (Gen3..5), 1 at 64 GT/s
// (Gen6 FLIT mode)). The kernel's pcie_bandwidth_available() figure: Gen3 x8 = 63.0 Gb/s.
double pcie_usable_gbps(double gts, unsigned lanes);

// "Gen3" for 8 GT/s; "8 GT/s" for a speed of no generation.
std::string pcie_generation(double gts);

// The text of a list of CPUs as the kernel writes one: {0,1,2,3,8} -> "0-3,8".
std::string cpulist_text(const std::vector<unsigned>& cpus);

}  // namespace ibatlas
