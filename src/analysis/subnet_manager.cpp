#include "ibatlas/analysis/subnet_manager.hpp"

#include <algorithm>
#include <string>

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

std::optional<PortId> port_with_guid(const Fabric& fabric, Guid guid) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (fabric.ports()[i].guid == guid) {
      return PortId{i};
    }
  }
  return std::nullopt;
}

// Located at the port that answered when the snapshot holds it, else fabric-wide.
Finding at_sm(const FindingFactory& make, std::string_view check, const SubnetManager& sm) {
  std::optional<PortId> port = port_with_guid(make.fabric(), sm.port_guid);
  return port ? make.at_port(check, *port) : make.at_fabric(check);
}

std::vector<const SubnetManager*> in_state(std::span<const SubnetManager> sms, SmState state) {
  std::vector<const SubnetManager*> result;
  for (const SubnetManager& sm : sms) {
    if (sm.state == state) {
      result.push_back(&sm);
    }
  }
  return result;
}

void masters(const FindingFactory& make, std::span<const SubnetManager> sms,
             std::vector<Finding>& out) {
  std::vector<const SubnetManager*> found = in_state(sms, SmState::Master);
  if (found.empty()) {
    Finding f = make.at_fabric("sm.none");
    f.measured =
        sms.empty() ? "no port says IsSM" : std::to_string(sms.size()) + " SM(s), none master";
    f.expected = "one master";
    f.message = "no subnet manager is master: nothing sweeps the fabric or answers path queries";
    f.hint = "start a subnet manager (opensm) or find why the standbys do not take over";
    out.push_back(std::move(f));
    return;
  }
  if (found.size() > 1) {
    Finding f = make.at_fabric("sm.multiple_masters");
    f.measured = std::to_string(found.size()) + " masters:";
    for (const SubnetManager* sm : found) {
      f.measured += " " + text::guid_text(sm->guid);
    }
    f.expected = "one master";
    f.message = "several SMs say they are master: the subnet is split or they fight over it";
    f.hint = "check the SMs' logs and the links between them; stop all but one";
    out.push_back(std::move(f));
  }
}

void standbys(const FindingFactory& make, std::span<const SubnetManager> sms,
              std::vector<Finding>& out) {
  std::optional<SubnetManager> master = master_of(sms);
  if (!master || in_state(sms, SmState::Master).size() != 1) {
    return;
  }
  std::vector<const SubnetManager*> found = in_state(sms, SmState::Standby);
  for (const SubnetManager* sm : found) {
    if (outranks(*sm, *master)) {
      Finding f = at_sm(make, "sm.standby_outranks_master", *sm);
      f.measured = "standby " + describe(*sm);
      f.expected = "master " + describe(*master) + " outranks every standby";
      f.message = "a standby SM would win the election but is not master (no handover)";
      f.hint = "check the SM's priority settings, or let the better SM take over (sminfo -s)";
      out.push_back(std::move(f));
    }
  }
  if (found.empty()) {
    Finding f = at_sm(make, "sm.no_standby", *master);
    f.measured = "master " + describe(*master) + ", no standby";
    f.expected = "a standby SM";
    f.message = "one SM and no standby: if it fails, nothing takes over";
    f.hint = "run a second SM (opensm with a lower priority) on another node";
    out.push_back(std::move(f));
  }
}

void stuck(const FindingFactory& make, std::span<const SubnetManager> sms,
           std::vector<Finding>& out) {
  for (const SubnetManager* sm : in_state(sms, SmState::Master)) {
    if (sm->act_count_again && *sm->act_count_again == sm->act_count) {
      Finding f = at_sm(make, "sm.master_stuck", *sm);
      f.measured = "ActCount " + std::to_string(sm->act_count) + " twice" +
                   (sm->interval_ms ? ", " + std::to_string(*sm->interval_ms) + " ms apart" : "");
      f.expected = "ActCount moving";
      f.message = "the master's ActCount did not move: it answers but does no work";
      f.hint = "check the SM process (hung sweep?) and restart it; a standby takes over";
      out.push_back(std::move(f));
    }
  }
}

}  // namespace

std::string describe(const SubnetManager& sm) {
  std::string s = text::guid_text(sm.guid) + " (priority " + std::to_string(sm.priority) + ", " +
                  to_string(sm.state) + ", ActCount " + std::to_string(sm.act_count);
  if (sm.act_count_again) {
    s += " -> " + std::to_string(*sm.act_count_again);
    if (sm.interval_ms) {
      s += " in " + std::to_string(*sm.interval_ms) + " ms";
    }
  }
  return s + ")";
}

std::vector<Finding> check_subnet_managers(const Fabric& fabric, const AuditOptions& options) {
  std::vector<Finding> out;
  if (!fabric.subnet_managers_read()) {
    return out;  // a dump without SM data says nothing about the SMs
  }
  FindingFactory make(fabric, options.names);
  std::span<const SubnetManager> sms = fabric.subnet_managers();
  masters(make, sms, out);
  standbys(make, sms, out);
  stuck(make, sms, out);
  return out;
}

}  // namespace ibatlas
