// XML snapshot writer (format versions 1 to 3; docs/formats.md describes every element).
// The reader is xml_snapshot_reader.cpp; the names both use are in xml_snapshot_schema.hpp.
//
// Lossless by construction: free text is escaped (escape_free_text) so that any byte a node
// description can hold comes back and the file stays XML 1.0; every optional field is an attribute
// that is present exactly when the value is, nodes keep their order (ports are referenced by node
// index, since GUIDs can repeat in a live crawl), a forwarding table is its bytes in hex and an
// SL-to-VL table its 16 VLs, one hex digit each. AR state is in xml_snapshot_ar.cpp.

#include "ibatlas/formats/xml_snapshot.hpp"

#include <cinttypes>
#include <cstdio>
#include <string>

#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/output_file.hpp"

#include "formats/xml_snapshot_ar.hpp"
#include "formats/xml_snapshot_path_sls.hpp"
#include "formats/xml_snapshot_schema.hpp"
#include "formats/xml_snapshot_sm.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

std::string hex_id(std::uint32_t value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%" PRIx32, value);
  return buf;
}

// "1x 4x", with "bitN" for a bit no enumerator names (kept so nothing is lost).
template <typename Enum, std::size_t N>
std::string set_text(unsigned bits, unsigned total_bits, const std::array<Enum, N>& all) {
  std::string text;
  for (unsigned bit = 0; bit < total_bits; ++bit) {
    if (((bits >> bit) & 1U) == 0) {
      continue;
    }
    text += text.empty() ? "" : " ";
    text += bit < N ? to_string(all.at(bit)) : "bit" + std::to_string(bit);
  }
  return text;
}

template <typename T>
void put(pugi::xml_node element, const char* name, const std::optional<T>& value) {
  if (value) {
    element.append_attribute(name).set_value(std::to_string(*value).c_str());
  }
}

void put_text(pugi::xml_node element, const char* name, const std::string& value) {
  element.append_attribute(name).set_value(value.c_str());
}

// A free-text attribute: escaped in version 2, as it is in version 1 (which has no escape,
// and is only written when escaping changes nothing).
void put_free_text(pugi::xml_node element, const char* name, const std::string& value) {
  put_text(element, name, xml_schema::escape_free_text(value));
}

bool needs_escape(const std::string& value) {
  return xml_schema::escape_free_text(value) != value;
}

// The lowest version that holds the fabric, so that an older ibatlas reads what it can and
// rejects the rest by its version: 3 with AR state, 2 with escaped free text, else 1.
int version_for(const Fabric& fabric) {
  if (!fabric.adaptive_routing().empty()) {
    return xml_schema::kAdaptiveRoutingVersion;
  }
  const Provenance& p = fabric.provenance();
  bool escaped = needs_escape(p.source) || needs_escape(p.format) || needs_escape(p.tool) ||
                 (p.time && needs_escape(*p.time));
  for (const Node& node : fabric.nodes()) {
    escaped = escaped || needs_escape(node.description);
  }
  return escaped ? xml_schema::kEscapedTextVersion : xml_schema::kPlainTextVersion;
}

void put_counters(pugi::xml_node port_element, const PortCounters& counters) {
  pugi::xml_node element = port_element.append_child("counters");
  for (const xml_schema::CounterField& field : xml_schema::kCounterFields) {
    put(element, field.name, counters.*field.member);
  }
}

void put_rates(pugi::xml_node e, const Port& port) {
  if (port.width_active) {
    put_text(e, "width", to_string(*port.width_active));
  }
  if (port.width_enabled) {
    put_text(e, "width-enabled", set_text(port.width_enabled->bits, 8, xml_schema::kWidths));
  }
  if (port.width_supported) {
    put_text(e, "width-supported", set_text(port.width_supported->bits, 8, xml_schema::kWidths));
  }
  if (port.speed_active) {
    put_text(e, "speed", to_string(*port.speed_active));
  }
  if (port.speed_enabled) {
    put_text(e, "speed-enabled", set_text(port.speed_enabled->bits, 16, xml_schema::kSpeeds));
  }
  if (port.speed_supported) {
    put_text(e, "speed-supported", set_text(port.speed_supported->bits, 16, xml_schema::kSpeeds));
  }
}

void put_port(const Fabric& fabric, pugi::xml_node node_element, const Port& port) {
  pugi::xml_node e = node_element.append_child("port");
  put_text(e, "number", std::to_string(port.number));
  if (port.guid) {
    put_text(e, "guid", text::guid_text(*port.guid));
  }
  put(e, "lid", port.base_lid);
  put(e, "lmc", port.lmc ? std::optional<int>(*port.lmc) : std::nullopt);
  if (port.state) {
    put_text(e, "state", to_string(*port.state));
  }
  if (port.phys_state) {
    put_text(e, "phys-state", to_string(*port.phys_state));
  }
  put_rates(e, port);
  put(e, "mtu", port.mtu_active ? std::optional<int>(mtu_bytes(*port.mtu_active)) : std::nullopt);
  put(e, "mtu-cap", port.mtu_cap ? std::optional<int>(mtu_bytes(*port.mtu_cap)) : std::nullopt);
  put(e, "vl-cap", port.vl_cap ? std::optional<int>(*port.vl_cap) : std::nullopt);
  if (port.peer) {
    const Port& peer = fabric.port(*port.peer);
    put_text(e, "peer-node", std::to_string(peer.node.value));
    put_text(e, "peer-port", std::to_string(peer.number));
  }
  if (port.counters) {
    put_counters(e, *port.counters);
  }
}

void put_node(const Fabric& fabric, pugi::xml_node root, const Node& node) {
  pugi::xml_node e = root.append_child("node");
  put_text(e, "index", std::to_string(fabric.id_of(node).value));
  put_text(e, "type", to_string(node.type));
  put_text(e, "guid", text::guid_text(node.guid));
  if (node.system_guid) {
    put_text(e, "system-guid", text::guid_text(*node.system_guid));
  }
  for (auto [name, value] :
       {std::pair{"vendor-id", node.vendor_id}, std::pair{"device-id", node.device_id},
        std::pair{"revision", node.revision}}) {
    if (value) {
      put_text(e, name, hex_id(*value));
    }
  }
  put_text(e, "port-count", std::to_string(node.port_count));
  if (node.enhanced_port0) {
    put_text(e, "enhanced-port0", *node.enhanced_port0 ? "true" : "false");
  }
  put_free_text(e, "description", node.description);
  for (const Port& port : fabric.ports_of(fabric.id_of(node))) {
    put_port(fabric, e, port);
  }
}

void put_table(pugi::xml_node root, const ForwardingTable& table) {
  pugi::xml_node e = root.append_child("forwarding-table");
  put_text(e, "switch", std::to_string(table.switch_node.value));
  put_text(e, "size", std::to_string(table.out_port.size()));
  std::string bytes;
  bytes.reserve(table.out_port.size() * 2);
  constexpr const char* kDigits = "0123456789abcdef";
  for (std::uint8_t b : table.out_port) {
    bytes += kDigits[b >> 4];
    bytes += kDigits[b & 0xf];
  }
  e.append_child(pugi::node_pcdata).set_value(bytes.c_str());
}

// <sl2vl-table node="3" in="0" out="2">0123456789abcde7</sl2vl-table>: VL of SL 0 first.
void put_sl_to_vl(const Fabric& fabric, pugi::xml_node root, const SlToVlTable& table) {
  pugi::xml_node e = root.append_child("sl2vl-table");
  put_text(e, "node", std::to_string(fabric.node_of(table.in).value));
  put_text(e, "in", std::to_string(fabric.port(table.in).number));
  put_text(e, "out", std::to_string(fabric.port(table.out).number));
  std::string digits;
  for (std::uint8_t vl : table.vl) {
    digits += "0123456789abcdef"[vl & 0xf];
  }
  e.append_child(pugi::node_pcdata).set_value(digits.c_str());
}

void put_provenance(pugi::xml_node root, const Provenance& p) {
  pugi::xml_node e = root.append_child("provenance");
  put_free_text(e, "source", p.source);
  put_free_text(e, "format", p.format);
  put_free_text(e, "tool", p.tool);
  if (p.time) {
    put_free_text(e, "time", *p.time);
  }
  if (p.local_port_guid) {
    put_text(e, "local-port-guid", text::guid_text(*p.local_port_guid));
  }
  if (p.partial) {
    put_text(e, "partial-from", p.partial->start);
    if (p.partial->start_guid) {
      put_text(e, "partial-from-guid", text::guid_text(*p.partial->start_guid));
    }
    put_text(e, "partial-max-hops", std::to_string(p.partial->max_hops));
  }
}

}  // namespace

void write_xml_snapshot(const Fabric& fabric, std::ostream& out) {
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version").set_value("1.0");
  decl.append_attribute("encoding").set_value("UTF-8");
  pugi::xml_node root = doc.append_child(xml_schema::kRoot);
  put_text(root, "version", std::to_string(version_for(fabric)));
  put_provenance(root, fabric.provenance());
  for (const Node& node : fabric.nodes()) {
    put_node(fabric, root, node);
  }
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    put_table(root, table);
  }
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    put_sl_to_vl(fabric, root, table);
  }
  xml_schema::put_path_sls(root, fabric);
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    xml_schema::put_adaptive_routing(root, ar, fabric.node(ar.switch_node).guid);
  }
  xml_schema::put_subnet_managers(root, fabric);
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
}

void write_xml_snapshot_file(const Fabric& fabric, const std::string& path) {
  write_output_file(path, [&fabric](std::ostream& out) { write_xml_snapshot(fabric, out); });
}

}  // namespace ibatlas
