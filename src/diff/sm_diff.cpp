#include "ibatlas/diff/sm_diff.hpp"

#include <map>
#include <string>

#include "ibatlas/sm_election.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// The SM's port in `fabric` when it holds it, else the SM's GUID alone.
PortRef sm_ref(const Fabric& fabric, const SubnetManager& sm) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (fabric.ports()[i].guid == sm.port_guid) {
      return port_ref(fabric, PortId{i});
    }
  }
  return PortRef{sm.guid, std::nullopt, ""};
}

std::string state_text(const SubnetManager& sm) {
  return to_string(sm.state) + " priority " + std::to_string(sm.priority);
}

std::optional<Guid> master_guid(const Fabric& fabric) {
  std::optional<SubnetManager> m = master_of(fabric.subnet_managers());
  return m ? std::optional<Guid>(m->guid) : std::nullopt;
}

}  // namespace

std::vector<Change> diff_subnet_managers(const Fabric& before, const Fabric& after) {
  std::vector<Change> out;
  if (!before.subnet_managers_read() || !after.subnet_managers_read()) {
    return out;
  }
  std::optional<SubnetManager> was = master_of(before.subnet_managers());
  std::optional<SubnetManager> now = master_of(after.subnet_managers());
  if ((was ? std::optional<Guid>(was->guid) : std::nullopt) !=
      (now ? std::optional<Guid>(now->guid) : std::nullopt)) {
    Change& c = out.emplace_back();
    c.kind = ChangeKind::SmMasterChanged;
    c.at = now ? sm_ref(after, *now) : sm_ref(before, *was);
    c.before = was ? std::optional<std::string>(text::guid_text(was->guid)) : std::nullopt;
    c.after = now ? std::optional<std::string>(text::guid_text(now->guid)) : std::nullopt;
  }
  std::map<Guid, const SubnetManager*> old_sms;
  std::map<Guid, const SubnetManager*> new_sms;
  for (const SubnetManager& sm : before.subnet_managers()) {
    old_sms.emplace(sm.guid, &sm);
  }
  for (const SubnetManager& sm : after.subnet_managers()) {
    new_sms.emplace(sm.guid, &sm);
  }
  for (const auto& [guid, sm] : new_sms) {
    auto it = old_sms.find(guid);
    if (it == old_sms.end() || state_text(*it->second) != state_text(*sm)) {
      Change& c = out.emplace_back();
      c.kind = ChangeKind::SmChanged;
      c.at = sm_ref(after, *sm);
      if (it != old_sms.end()) {
        c.before = state_text(*it->second);
      }
      c.after = state_text(*sm);
    }
  }
  for (const auto& [guid, sm] : old_sms) {
    if (new_sms.count(guid) == 0) {
      Change& c = out.emplace_back();
      c.kind = ChangeKind::SmChanged;
      c.at = sm_ref(before, *sm);
      c.before = state_text(*sm);
    }
  }
  return out;
}

std::vector<MasterChange> master_changes(std::span<const Fabric* const> series) {
  std::vector<MasterChange> out;
  std::optional<std::size_t> last;
  std::optional<Guid> last_master;
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (series[i] == nullptr || !series[i]->subnet_managers_read()) {
      continue;
    }
    std::optional<Guid> master = master_guid(*series[i]);
    if (last && master != last_master) {
      out.push_back(MasterChange{*last, i, last_master, master});
    }
    last = i;
    last_master = master;
  }
  return out;
}

}  // namespace ibatlas
