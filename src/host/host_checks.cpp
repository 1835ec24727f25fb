// The host doctor's checks (docs/checks.md, host.*). Pure: everything they look at is in the
// snapshot, so the syscalls stay in the reader and tests build snapshots by hand.

#include "ibatlas/host/host_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr unsigned kStateDown = 1;
constexpr unsigned kStateInit = 2;
constexpr unsigned kStateArmed = 3;
constexpr unsigned kStateActive = 4;
constexpr unsigned kPhysPolling = 2;
constexpr unsigned kPhysLinkUp = 5;

std::string gbps_text(double gbps) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f Gb/s", gbps);
  return buffer;
}

std::string bytes_text(std::uint64_t bytes) {
  if (bytes == kUnlimited) {
    return "unlimited";
  }
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) {
    return std::to_string(bytes >> 20) + " MiB";
  }
  if (bytes >= 1024 && bytes % 1024 == 0) {
    return std::to_string(bytes >> 10) + " KiB";
  }
  return std::to_string(bytes) + " B";
}

std::string link_text(std::optional<double> gts, std::optional<unsigned> width) {
  std::string out = gts ? pcie_generation(*gts) : std::string("?");
  return out + " x" + (width ? std::to_string(*width) : std::string("?"));
}

Endpoint device_endpoint(const HostDevice& device) {
  Endpoint end;
  std::string digits;
  for (char c : device.node_guid) {
    if (c != ':') {
      digits += c;
    }
  }
  if (std::optional<std::uint64_t> guid = text::parse_hex(digits)) {
    end.node_guid = *guid;
  }
  end.name = device.name;
  return end;
}

Location node_location(const HostDevice& device) {
  return Location{.kind = LocationKind::Node, .here = device_endpoint(device), .peer = {}};
}

Location port_location(const HostDevice& device, const HostPort& port) {
  Location at = node_location(device);
  at.kind = LocationKind::Port;
  at.here.port = static_cast<std::uint8_t>(port.number);
  return at;
}

std::string state_text(const HostPort& port) {
  std::string out = port.state_name.empty() ? "state ?" : port.state_name;
  return out + ", " + (port.phys_state_name.empty() ? "phys ?" : port.phys_state_name);
}

// INIT or ARMED: the port waits for the SM to make it Active.
bool waits_for_sm(std::optional<unsigned> state) {
  return state && (*state == kStateInit || *state == kStateArmed);
}

bool is_less(std::optional<double> a, std::optional<double> b) {
  return a && b && *a + 0.01 < *b;
}

bool is_less(std::optional<unsigned> a, std::optional<unsigned> b) {
  return a && b && *a < *b;
}

}  // namespace

std::vector<Finding> check_ports(const HostDevice& device) {
  std::vector<Finding> out;
  for (const HostPort& port : device.ports) {
    std::string where = device.name + " port " + std::to_string(port.number);
    if (port.phys_state == kPhysPolling) {
      out.push_back({.check = "host.port_polling",
                     .severity = Severity::Error,
                     .location = port_location(device, port),
                     .measured = state_text(port),
                     .expected = "ACTIVE, LinkUp",
                     .hint = "reseat or swap the cable, check the switch port is enabled "
                             "(ibportstate) and that both ends support a common speed",
                     .message = where + " is Polling: it hears no link partner"});
    } else if (port.state == kStateDown) {
      bool disabled = port.phys_state_name == "Disabled";
      out.push_back({.check = "host.port_down",
                     .severity = Severity::Error,
                     .location = port_location(device, port),
                     .measured = state_text(port),
                     .expected = "ACTIVE, LinkUp",
                     .hint = disabled ? "the port was disabled: enable it (ibportstate "
                                        "LID PORT enable, or the driver's port settings)"
                                      : "check the cable and the switch port; reload the "
                                        "HCA driver if it stays down",
                     .message = where + " is down (" + state_text(port) + ")"});
    } else if (port.link_layer != "Ethernet" && port.phys_state == kPhysLinkUp &&
               (waits_for_sm(port.state) || port.sm_lid == 0u)) {
      std::string sm = port.sm_lid ? text::hex_text(*port.sm_lid, 1) : std::string("?");
      std::string lid = port.lid ? text::hex_text(*port.lid, 1) : std::string("?");
      out.push_back(
          {.check = "host.no_sm",
           .severity = Severity::Error,
           .location = port_location(device, port),
           .measured = state_text(port).append(", LID ").append(lid).append(", SM LID ").append(sm),
           .expected = "ACTIVE with an SM LID",
           .hint = "start a subnet manager (opensm) on the fabric, or check that "
                   "its partitions and this port's switch reach it (sminfo)",
           .message = where + " is physically up but no subnet manager has "
                              "configured it"});
    }
  }
  return out;
}

PcieBudget pcie_budget(const HostDevice& device) {
  PcieBudget budget;
  for (std::size_t i = 0; i < device.pcie.size(); ++i) {
    const PcieLink& link = device.pcie[i];
    if (!link.speed_gts || !link.width) {
      continue;
    }
    double usable = pcie_usable_gbps(*link.speed_gts, *link.width);
    if (!budget.usable_gbps || usable < *budget.usable_gbps) {
      budget.usable_gbps = usable;
      budget.narrowest = i;
    }
  }
  for (const HostPort& port : device.ports) {
    std::optional<PortRate> rate = parse_port_rate(port.rate);
    if (port.state == kStateActive && rate) {
      budget.needed_gbps += port_data_gbps(*rate);
    }
  }
  return budget;
}

std::vector<Finding> check_pcie(const HostDevice& device) {
  std::vector<Finding> out;
  PcieBudget budget = pcie_budget(device);
  if (budget.usable_gbps && budget.needed_gbps > 0 &&
      *budget.usable_gbps * kPcieDataShare < budget.needed_gbps) {
    const PcieLink& narrow = device.pcie[budget.narrowest];
    std::string at =
        budget.narrowest == 0 ? "the HCA (" + narrow.address + ")" : "bridge " + narrow.address;
    out.push_back({.check = "host.pcie_bottleneck",
                   .severity = Severity::Warning,
                   .location = node_location(device),
                   .measured = link_text(narrow.speed_gts, narrow.width) + " = " +
                               gbps_text(*budget.usable_gbps),
                   .expected = "at least " + gbps_text(budget.needed_gbps / kPcieDataShare),
                   .hint = "move the HCA to a slot with more lanes or a newer PCIe generation "
                           "(and its whole path to the root port)",
                   .message = device.name + ": PCIe carries " + gbps_text(*budget.usable_gbps) +
                              " (limited at " + at + "), its active ports need " +
                              gbps_text(budget.needed_gbps)});
  }
  const PcieLink* endpoint = device.pcie.empty() ? nullptr : &device.pcie.front();
  for (std::size_t i = 0; i < device.pcie.size(); ++i) {
    const PcieLink& link = device.pcie[i];
    // A bridge's link can train no higher than the HCA could: compare with the lower maximum.
    std::optional<double> max_speed = link.max_speed_gts;
    std::optional<unsigned> max_width = link.max_width;
    if (i > 0 && is_less(endpoint->max_speed_gts, max_speed)) {
      max_speed = endpoint->max_speed_gts;
    }
    if (i > 0 && is_less(endpoint->max_width, max_width)) {
      max_width = endpoint->max_width;
    }
    bool below_max = is_less(link.speed_gts, max_speed) || is_less(link.width, max_width);
    bool below_endpoint = i > 0 && (is_less(link.speed_gts, endpoint->speed_gts) ||
                                    is_less(link.width, endpoint->width));
    if (!below_max && !below_endpoint) {
      continue;
    }
    std::string what = i == 0 ? "the HCA's link (" + link.address + ")" : "bridge " + link.address;
    std::string expected = below_max
                               ? link_text(max_speed, max_width) + " (max)"
                               : link_text(endpoint->speed_gts, endpoint->width) + " (as the HCA)";
    out.push_back({.check = "host.pcie_degraded",
                   .severity = Severity::Warning,
                   .location = node_location(device),
                   .measured = link_text(link.speed_gts, link.width),
                   .expected = expected,
                   .hint = "reseat the card or riser, check the slot's BIOS link settings; a "
                           "link that trains low after a reboot points at the slot or card",
                   .message = std::string(device.name)
                                  .append(": ")
                                  .append(what)
                                  .append(" trained at ")
                                  .append(link_text(link.speed_gts, link.width))
                                  .append(", below ")
                                  .append(expected)});
  }
  return out;
}

std::vector<Finding> check_numa(const HostDevice& device, const ProcessFacts& process) {
  if (!device.numa_node || device.numa_cpus.empty() || process.allowed_cpus.empty()) {
    return {};
  }
  const std::vector<unsigned>& allowed = process.allowed_cpus;
  bool near = std::any_of(allowed.begin(), allowed.end(), [&device](unsigned cpu) {
    return std::binary_search(device.numa_cpus.begin(), device.numa_cpus.end(), cpu);
  });
  if (near) {
    return {};
  }
  std::string node = "node " + std::to_string(*device.numa_node);
  return {
      {.check = "host.numa_far",
       .severity = Severity::Warning,
       .location = node_location(device),
       .measured = "CPUs " + cpulist_text(allowed),
       .expected = node + " CPUs " + cpulist_text(device.numa_cpus),
       .hint = "run on the HCA's node: numactl --cpunodebind=" + std::to_string(*device.numa_node) +
               " --membind=" + std::to_string(*device.numa_node) + ", or taskset -c " +
               cpulist_text(device.numa_cpus),
       .message =
           device.name + " is on NUMA " + node + ", but the process may run on no CPU of it"}};
}

std::vector<Finding> check_memlock(const ProcessFacts& process) {
  if (!process.memlock_bytes || process.ipc_lock || *process.memlock_bytes == kUnlimited ||
      *process.memlock_bytes >= kMemlockLowBytes) {
    return {};
  }
  bool tiny = *process.memlock_bytes <= kMemlockErrorBytes;
  return {{.check = "host.memlock_low",
           .severity = tiny ? Severity::Error : Severity::Warning,
           .location = {},
           .measured = bytes_text(*process.memlock_bytes),
           .expected = "unlimited",
           .hint = "raise it: memlock unlimited in /etc/security/limits.d, "
                   "LimitMEMLOCK=infinity for services, --ulimit memlock=-1 for containers",
           .message = "RLIMIT_MEMLOCK is " + bytes_text(*process.memlock_bytes) +
                      ": RDMA memory registration beyond it fails"}};
}

std::vector<Finding> run_host_checks(const HostSnapshot& snapshot) {
  std::vector<Finding> out;
  auto append = [&out](std::vector<Finding> more) {
    out.insert(out.end(), std::make_move_iterator(more.begin()),
               std::make_move_iterator(more.end()));
  };
  for (const HostDevice& device : snapshot.devices) {
    append(check_ports(device));
    append(check_pcie(device));
    if (snapshot.process) {
      append(check_numa(device, *snapshot.process));
    }
  }
  if (snapshot.process) {
    append(check_memlock(*snapshot.process));
  }
  sort_findings(out);
  return out;
}

}  // namespace ibatlas
