// `ibatlas host` as text: per HCA its facts, ports and PCIe chain, the process's facts, then
// the findings table.

#include "ibatlas/report/host_text.hpp"

#include <cstdio>
#include <string>

#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

// A port or PCIe line under its HCA; what does not fit style.width goes on 2 further in.
constexpr std::size_t kUnder = 2;
constexpr std::size_t kHang = 2;
constexpr std::size_t kPcieWord = 5;  // "PCIe "

std::string gbps_text(double gbps) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f Gb/s", gbps);
  return buffer;
}

std::string link_text(std::optional<double> gts, std::optional<unsigned> width) {
  std::string out = gts ? pcie_generation(*gts) : std::string("?");
  return out + " x" + (width ? std::to_string(*width) : std::string("?"));
}

std::string hex_or_unknown(std::optional<std::uint32_t> value) {
  return value ? text::hex_text(*value, 1) : std::string("?");
}

std::string or_unknown(const std::string& s) {
  return s.empty() ? std::string("?") : text::printable(s);
}

std::string device_line(const HostDevice& d) {
  std::string line = text::printable(d.name) + ": fw " + or_unknown(d.fw_ver) + ", board " +
                     or_unknown(d.board_id) + ", node GUID " + or_unknown(d.node_guid) +
                     ", NUMA node ";
  if (!d.numa_node) {
    return line + "unknown";
  }
  line += std::to_string(*d.numa_node);
  return d.numa_cpus.empty() ? line : line + " (CPUs " + cpulist_text(d.numa_cpus) + ")";
}

std::string port_line(const HostPort& p) {
  return "port " + std::to_string(p.number) + ": " + or_unknown(p.state_name) + ", " +
         or_unknown(p.phys_state_name) + ", " + or_unknown(p.rate) + ", " +
         or_unknown(p.link_layer) + ", LID " + hex_or_unknown(p.lid) + ", SM LID " +
         hex_or_unknown(p.sm_lid);
}

// The HCA's own link first ("PCIe ADDR: ..., the HCA"), each bridge above it under it.
std::string pcie_line(const PcieLink& l, bool hca) {
  std::string line = (hca ? "PCIe " : "") + text::printable(l.address) + ": " +
                     link_text(l.speed_gts, l.width) + " (max " +
                     link_text(l.max_speed_gts, l.max_width) + ")";
  if (l.speed_gts && l.width) {
    line += ", " + gbps_text(pcie_usable_gbps(*l.speed_gts, *l.width));
  }
  return hca ? line + ", the HCA" : line;
}

void write_device(const HostDevice& d, const TextStyle& style, std::ostream& out) {
  write_wrapped(out, device_line(d), 0, kUnder, Tone::Plain, style);
  for (const HostPort& p : d.ports) {
    write_wrapped(out, port_line(p), kUnder, kHang, Tone::Plain, style);
  }
  // The bridges' addresses under the HCA's, after "PCIe ".
  for (std::size_t i = 0; i < d.pcie.size(); ++i) {
    write_wrapped(out, pcie_line(d.pcie[i], i == 0), i == 0 ? kUnder : kUnder + kPcieWord,
                  i == 0 ? kPcieWord + kHang : kHang, Tone::Plain, style);
  }
  PcieBudget budget = pcie_budget(d);
  write_wrapped(out,
                budget.usable_gbps ? "PCIe usable " + gbps_text(*budget.usable_gbps) +
                                         ", active ports need " + gbps_text(budget.needed_gbps)
                                   : std::string("PCIe: no link reported"),
                kUnder, kHang, Tone::Plain, style);
}

std::string process_line(const HostSnapshot& snapshot) {
  if (!snapshot.process) {
    return "process: unknown (the capture has no " + std::string(kProcessFactsFile) + ")";
  }
  const ProcessFacts& p = *snapshot.process;
  std::string line = "process: CPUs " +
                     (p.allowed_cpus.empty() ? std::string("?") : cpulist_text(p.allowed_cpus)) +
                     ", RLIMIT_MEMLOCK ";
  if (!p.memlock_bytes) {
    line += '?';
  } else if (*p.memlock_bytes == kUnlimited) {
    line += "unlimited";
  } else {
    line += std::to_string(*p.memlock_bytes) + " bytes";
  }
  return p.ipc_lock ? line + ", CAP_IPC_LOCK" : line;
}

}  // namespace

void write_host_text(const HostSnapshot& snapshot, std::span<const Finding> findings,
                     const TextStyle& style, std::ostream& out) {
  for (const HostDevice& d : snapshot.devices) {
    write_device(d, style, out);
  }
  write_wrapped(out, process_line(snapshot), 0, kUnder, Tone::Plain, style);
  // A finding about the process is the host's as a whole.
  write_findings_list(findings, style, out, {.whole = "host", .measured = true});
}

}  // namespace ibatlas
