// The host doctor's summary as the "report" object of its findings JSON.

#include "ibatlas/host/host_report.hpp"

#include <nlohmann/json.hpp>

#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::json;

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
