#include "formats/xml_snapshot_sm.hpp"

#include <array>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"

namespace ibatlas::xml_schema {

namespace {

constexpr std::array<std::string_view, 8> kSmAttributes = {
    "port-guid", "lid", "guid", "priority", "state", "act-count", "act-count-again", "interval-ms"};
constexpr std::array<SmState, 4> kSmStates = {SmState::NotActive, SmState::Discovering,
                                              SmState::Standby, SmState::Master};

void put(pugi::xml_node e, const char* name, const std::string& value) {
  e.append_attribute(name).set_value(value.c_str());
}

SubnetManager read_sm(const XmlChecker& c, pugi::xml_node e) {
  c.check_attributes(e, kSmAttributes);
  c.check_empty(e);
  SubnetManager sm;
  c.required(e, "port-guid");
  sm.port_guid = *c.hex(e, "port-guid", UINT64_MAX);
  if (auto lid = c.number(e, "lid", 0xFFFF)) {
    sm.lid = static_cast<Lid>(*lid);
  }
  c.required(e, "guid");
  sm.guid = *c.hex(e, "guid", UINT64_MAX);
  c.required(e, "priority");
  sm.priority = static_cast<std::uint8_t>(*c.number(e, "priority", 15));
  c.required(e, "state");
  sm.state = *c.named(e, "state", kSmStates, [](SmState s) { return to_string(s); });
  c.required(e, "act-count");
  sm.act_count = static_cast<std::uint32_t>(*c.number(e, "act-count", UINT32_MAX));
  if (auto again = c.number(e, "act-count-again", UINT32_MAX)) {
    sm.act_count_again = static_cast<std::uint32_t>(*again);
  }
  if (auto ms = c.number(e, "interval-ms", UINT32_MAX)) {
    sm.interval_ms = static_cast<std::uint32_t>(*ms);
  }
  return sm;
}

}  // namespace

void put_subnet_managers(pugi::xml_node root, const Fabric& fabric) {
  if (!fabric.subnet_managers_read()) {
    return;
  }
  pugi::xml_node list = root.append_child(kSubnetManagers);
  for (const SubnetManager& sm : fabric.subnet_managers()) {
    pugi::xml_node e = list.append_child("sm");
    put(e, "port-guid", text::guid_text(sm.port_guid));
    if (sm.lid) {
      put(e, "lid", std::to_string(*sm.lid));
    }
    put(e, "guid", text::guid_text(sm.guid));
    put(e, "priority", std::to_string(sm.priority));
    put(e, "state", to_string(sm.state));
    put(e, "act-count", std::to_string(sm.act_count));
    if (sm.act_count_again) {
      put(e, "act-count-again", std::to_string(*sm.act_count_again));
    }
    if (sm.interval_ms) {
      put(e, "interval-ms", std::to_string(*sm.interval_ms));
    }
  }
}

void read_subnet_managers(const XmlChecker& c, FabricBuilder& builder, pugi::xml_node e) {
  c.check_attributes(e, {});
  std::vector<SubnetManager> sms;
  std::set<Guid> seen;
  for (pugi::xml_node child = e.first_child(); child; child = child.next_sibling()) {
    if (child.type() != pugi::node_element || std::string_view(child.name()) != "sm") {
      c.fail(child, "<sm> inside <subnet-managers>", XmlChecker::describe(child));
    }
    SubnetManager sm = read_sm(c, child);
    if (!seen.insert(sm.port_guid).second) {
      c.fail(child, "one <sm> per port-guid", "a second one for " + text::guid_text(sm.port_guid));
    }
    sms.push_back(sm);
  }
  builder.set_subnet_managers(std::move(sms));
}

}  // namespace ibatlas::xml_schema
