// The host doctor's summary, as text and as the "report" object of its findings JSON.

#include "ibatlas/host/host_report.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::json;

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

void write_device(const HostDevice& d, std::ostream& out) {
  out << text::printable(d.name) << ": fw " << or_unknown(d.fw_ver) << ", board "
      << or_unknown(d.board_id) << ", node GUID " << or_unknown(d.node_guid) << ", NUMA node ";
  if (d.numa_node) {
    out << *d.numa_node;
    if (!d.numa_cpus.empty()) {
      out << " (CPUs " << cpulist_text(d.numa_cpus) << ')';
    }
  } else {
    out << "unknown";
  }
  out << '\n';
  for (const HostPort& p : d.ports) {
    out << "  port " << p.number << ": " << or_unknown(p.state_name) << ", "
        << or_unknown(p.phys_state_name) << ", " << or_unknown(p.rate) << ", "
        << or_unknown(p.link_layer) << ", LID " << hex_or_unknown(p.lid) << ", SM LID "
        << hex_or_unknown(p.sm_lid) << '\n';
  }
  for (std::size_t i = 0; i < d.pcie.size(); ++i) {
    const PcieLink& l = d.pcie[i];
    out << (i == 0 ? "  PCIe " : "       ") << text::printable(l.address) << ": "
        << link_text(l.speed_gts, l.width) << " (max " << link_text(l.max_speed_gts, l.max_width)
        << ')';
    if (l.speed_gts && l.width) {
      out << ", " << gbps_text(pcie_usable_gbps(*l.speed_gts, *l.width));
    }
    out << (i == 0 ? ", the HCA\n" : "\n");
  }
  PcieBudget budget = pcie_budget(d);
  if (budget.usable_gbps) {
    out << "  PCIe usable " << gbps_text(*budget.usable_gbps) << ", active ports need "
        << gbps_text(budget.needed_gbps) << '\n';
  } else {
    out << "  PCIe: no link reported\n";
  }
}

Json optional_json(const auto& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json device_json(const HostDevice& d) {
  Json ports = Json::array();
  for (const HostPort& p : d.ports) {
    ports.push_back({{"port", p.number},
                     {"state", optional_json(p.state)},
                     {"state_name", text::clean_utf8(p.state_name, text::Controls::Keep)},
                     {"phys_state", optional_json(p.phys_state)},
                     {"phys_state_name", text::clean_utf8(p.phys_state_name, text::Controls::Keep)},
                     {"rate", text::clean_utf8(p.rate, text::Controls::Keep)},
                     {"link_layer", text::clean_utf8(p.link_layer, text::Controls::Keep)},
                     {"lid", optional_json(p.lid)},
                     {"sm_lid", optional_json(p.sm_lid)}});
  }
  Json pcie = Json::array();
  for (const PcieLink& l : d.pcie) {
    pcie.push_back({{"address", text::clean_utf8(l.address, text::Controls::Keep)},
                    {"speed_gts", optional_json(l.speed_gts)},
                    {"width", optional_json(l.width)},
                    {"max_speed_gts", optional_json(l.max_speed_gts)},
                    {"max_width", optional_json(l.max_width)}});
  }
  PcieBudget budget = pcie_budget(d);
  return {{"name", text::clean_utf8(d.name, text::Controls::Keep)},
          {"fw_ver", text::clean_utf8(d.fw_ver, text::Controls::Keep)},
          {"board_id", text::clean_utf8(d.board_id, text::Controls::Keep)},
          {"node_guid", text::clean_utf8(d.node_guid, text::Controls::Keep)},
          {"numa_node", optional_json(d.numa_node)},
          {"numa_cpus", cpulist_text(d.numa_cpus)},
          {"ports", ports},
          {"pcie", pcie},
          {"pcie_usable_gbps", optional_json(budget.usable_gbps)},
          {"ports_need_gbps", budget.needed_gbps}};
}

}  // namespace

void write_host_text(const HostSnapshot& snapshot, std::span<const Finding> findings,
                     std::ostream& out) {
  for (const HostDevice& d : snapshot.devices) {
    write_device(d, out);
  }
  if (snapshot.process) {
    const ProcessFacts& p = *snapshot.process;
    out << "process: CPUs "
        << (p.allowed_cpus.empty() ? std::string("?") : cpulist_text(p.allowed_cpus))
        << ", RLIMIT_MEMLOCK ";
    if (!p.memlock_bytes) {
      out << '?';
    } else if (*p.memlock_bytes == kUnlimited) {
      out << "unlimited";
    } else {
      out << *p.memlock_bytes << " bytes";
    }
    out << (p.ipc_lock ? ", CAP_IPC_LOCK\n" : "\n");
  } else {
    out << "process: unknown (the capture has no " << kProcessFactsFile << ")\n";
  }
  SeverityCounts c = count_by_severity(findings);
  out << '\n'
      << findings.size() << " finding" << (findings.size() == 1 ? "" : "s") << " (" << c.errors
      << " error" << (c.errors == 1 ? "" : "s") << ", " << c.warnings << " warning"
      << (c.warnings == 1 ? "" : "s") << ", " << c.infos << " info)\n";
  for (const Finding& f : findings) {
    // The process's findings are the host's as a whole.
    std::string where = f.location.kind == LocationKind::Fabric
                            ? std::string("host")
                            : text::printable(to_string(f.location));
    out << to_string(f.severity) << "  " << f.check << "  " << where << "\n    "
        << text::printable(f.message);
    if (!f.measured.empty()) {
      out << "\n    measured " << text::printable(f.measured) << ", expected "
          << text::printable(f.expected);
    }
    out << "\n    fix: " << text::printable(f.hint) << '\n';
  }
}

std::string host_report_json(const HostSnapshot& snapshot) {
  Json devices = Json::array();
  for (const HostDevice& d : snapshot.devices) {
    devices.push_back(device_json(d));
  }
  Json process = nullptr;
  if (snapshot.process) {
    const ProcessFacts& p = *snapshot.process;
    Json memlock = nullptr;
    if (p.memlock_bytes) {
      memlock = *p.memlock_bytes == kUnlimited ? Json("unlimited") : Json(*p.memlock_bytes);
    }
    process = {{"cpus_allowed", cpulist_text(p.allowed_cpus)},
               {"memlock_bytes", memlock},
               {"cap_ipc_lock", p.ipc_lock}};
  }
  return Json{{"devices", devices}, {"process", process}}.dump();
}

}  // namespace ibatlas
