// write_json: the fabric as JSON for scripts (schema in docs/formats.md). Absent values
// are left out, never written as 0 or null; GUIDs are strings because JSON numbers lose
// 64-bit precision in most readers.

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "ibatlas/formats/exports.hpp"

#include "formats/export_common.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::ordered_json;

template <typename T>
void put(Json& object, const char* key, const std::optional<T>& value) {
  if (value) {
    object[key] = *value;
  }
}

Json port_ref(const Fabric& fabric, const Port& port) {
  return Json{{"guid", text::guid_text(fabric.node(port.node).guid)}, {"port", port.number}};
}

Json counters_json(const PortCounters& c) {
  Json j = Json::object();
  put(j, "symbol_errors", c.symbol_errors);
  put(j, "link_error_recovery", c.link_error_recovery);
  put(j, "link_downed", c.link_downed);
  put(j, "rcv_errors", c.rcv_errors);
  put(j, "rcv_remote_phys_errors", c.rcv_remote_phys_errors);
  put(j, "rcv_switch_relay_errors", c.rcv_switch_relay_errors);
  put(j, "xmit_discards", c.xmit_discards);
  put(j, "xmit_constraint_errors", c.xmit_constraint_errors);
  put(j, "rcv_constraint_errors", c.rcv_constraint_errors);
  put(j, "local_link_integrity_errors", c.local_link_integrity_errors);
  put(j, "excessive_buffer_overruns", c.excessive_buffer_overruns);
  put(j, "vl15_dropped", c.vl15_dropped);
  put(j, "xmit_wait", c.xmit_wait);
  put(j, "xmit_data", c.xmit_data);
  put(j, "rcv_data", c.rcv_data);
  put(j, "xmit_pkts", c.xmit_pkts);
  put(j, "rcv_pkts", c.rcv_pkts);
  put(j, "unicast_xmit_pkts", c.unicast_xmit_pkts);
  put(j, "unicast_rcv_pkts", c.unicast_rcv_pkts);
  put(j, "multicast_xmit_pkts", c.multicast_xmit_pkts);
  put(j, "multicast_rcv_pkts", c.multicast_rcv_pkts);
  put(j, "local_physical_errors", c.local_physical_errors);
  put(j, "malformed_packet_errors", c.malformed_packet_errors);
  put(j, "buffer_overrun_errors", c.buffer_overrun_errors);
  put(j, "dlid_mapping_errors", c.dlid_mapping_errors);
  put(j, "vl_mapping_errors", c.vl_mapping_errors);
  put(j, "looping_errors", c.looping_errors);
  put(j, "inactive_discards", c.inactive_discards);
  put(j, "neighbor_mtu_discards", c.neighbor_mtu_discards);
  put(j, "sw_lifetime_limit_discards", c.sw_lifetime_limit_discards);
  put(j, "sw_hoq_lifetime_limit_discards", c.sw_hoq_lifetime_limit_discards);
  return j;
}

void put_rates(Json& j, const Port& p) {
  if (p.width_active) {
    j["width"] = to_string(*p.width_active);
  }
  if (p.width_enabled) {
    j["width_enabled"] = exports::width_names(*p.width_enabled);
  }
  if (p.width_supported) {
    j["width_supported"] = exports::width_names(*p.width_supported);
  }
  if (p.speed_active) {
    j["speed"] = to_string(*p.speed_active);
  }
  if (p.speed_enabled) {
    j["speed_enabled"] = exports::speed_names(*p.speed_enabled);
  }
  if (p.speed_supported) {
    j["speed_supported"] = exports::speed_names(*p.speed_supported);
  }
}

Json port_json(const Fabric& fabric, const Port& p) {
  Json j{{"number", p.number}};
  if (p.guid) {
    j["guid"] = text::guid_text(*p.guid);
  }
  put(j, "lid", p.base_lid);
  put(j, "lmc", p.lmc);
  if (p.state) {
    j["state"] = to_string(*p.state);
  }
  if (p.phys_state) {
    j["phys_state"] = to_string(*p.phys_state);
  }
  put_rates(j, p);
  put(j, "mtu", p.mtu_active ? std::optional<int>(mtu_bytes(*p.mtu_active)) : std::nullopt);
  put(j, "mtu_cap", p.mtu_cap ? std::optional<int>(mtu_bytes(*p.mtu_cap)) : std::nullopt);
  put(j, "vl_cap", p.vl_cap);
  if (p.peer) {
    j["peer"] = port_ref(fabric, fabric.port(*p.peer));
  }
  if (p.counters) {
    j["counters"] = counters_json(*p.counters);
  }
  return j;
}

Json node_json(const Fabric& fabric, NodeId id) {
  const Node& n = fabric.node(id);
  Json j{{"guid", text::guid_text(n.guid)},
         {"type", to_string(n.type)},
         {"description", text::clean_utf8(n.description, text::Controls::Keep)}};
  if (n.type == NodeType::Ca) {
    j["aggregation_node"] = is_aggregation_node(n);
  }
  if (n.system_guid) {
    j["system_guid"] = text::guid_text(*n.system_guid);
  }
  put(j, "vendor_id", n.vendor_id);
  put(j, "device_id", n.device_id);
  put(j, "revision", n.revision);
  j["port_count"] = n.port_count;
  put(j, "enhanced_port0", n.enhanced_port0);
  put(j, "lid", exports::node_lid(fabric, id));
  Json ports = Json::array();
  for (const Port& p : fabric.ports_of(id)) {
    ports.push_back(port_json(fabric, p));
  }
  j["ports"] = std::move(ports);
  return j;
}

Json provenance_json(const Provenance& p) {
  Json j{{"source", text::clean_utf8(p.source, text::Controls::Keep)},
         {"format", text::clean_utf8(p.format, text::Controls::Keep)},
         {"tool", text::clean_utf8(p.tool, text::Controls::Keep)}};
  if (p.time) {
    j["time"] = text::clean_utf8(*p.time, text::Controls::Keep);
  }
  if (p.local_port_guid) {
    j["local_port_guid"] = text::guid_text(*p.local_port_guid);
  }
  if (p.partial) {
    j["partial_scan"] = {{"from", p.partial->start}, {"max_hops", p.partial->max_hops}};
    if (p.partial->start_guid) {
      j["partial_scan"]["from_guid"] = text::guid_text(*p.partial->start_guid);
    }
  }
  return j;
}

Json link_json(const Fabric& fabric, const exports::LinkEnds& link) {
  const Port& a = fabric.port(link.a);
  const Port& b = fabric.port(link.b);
  Json j{{"a", port_ref(fabric, a)}, {"b", port_ref(fabric, b)}};
  if (std::optional<LinkWidth> width = exports::link_width(a, b)) {
    j["width"] = to_string(*width);
  }
  if (std::optional<LinkSpeed> speed = exports::link_speed(a, b)) {
    j["speed"] = to_string(*speed);
  }
  return j;
}

}  // namespace

void write_json(const Fabric& fabric, std::ostream& out) {
  Json nodes = Json::array();
  for (NodeId id : exports::sorted_nodes(fabric)) {
    nodes.push_back(node_json(fabric, id));
  }
  Json links = Json::array();
  for (const exports::LinkEnds& link : exports::sorted_links(fabric)) {
    links.push_back(link_json(fabric, link));
  }
  Json doc{{"schema", "ibatlas.fabric/1"},
           {"provenance", provenance_json(fabric.provenance())},
           {"nodes", std::move(nodes)},
           {"links", std::move(links)}};
  out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
