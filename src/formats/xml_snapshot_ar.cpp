// The writer of <adaptive-routing> (docs/formats.md) and the names it shares with the reader.
//
// The AR LFT is the bulk of it (a 10k-host fabric: 1,440 switches x 11k LIDs), so it is one
// text per pLFT of "lid:state:table:default:group" tokens, present entries only, built with
// to_chars into one string: no element or attribute per entry.

#include "formats/xml_snapshot_ar.hpp"

#include <charconv>
#include <string>

#include "formats/xml_snapshot_schema.hpp"
#include "text.hpp"

namespace ibatlas::xml_schema {

const char* port_bits_name(ArPortBits bits) {
  return bits == ArPortBits::BitIsPort ? "bit-is-port" : "bit-zero-is-port-one";
}

char lid_state_letter(ArLidState state) {
  return "BFSH"[static_cast<unsigned>(state) & 3U];
}

namespace {

void put_number(pugi::xml_node e, const char* name, std::uint64_t value) {
  e.append_attribute(name).set_value(std::to_string(value).c_str());
}

template <typename Struct, std::size_t N>
void put_fields(pugi::xml_node e, const Struct& value, const std::array<ArField<Struct>, N>& all) {
  for (const ArField<Struct>& field : all) {
    std::visit([&](auto member) { put_number(e, field.name, value.*member); }, field.member);
  }
}

void append_number(std::string& out, std::uint64_t value) {
  char buffer[24];
  std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, r.ptr);
}

// "1:S:0:-:1 5:F:0:3:1": lid:state:table:default:group, "-" for no default port.
std::string lft_text(const ArLft& lft) {
  std::string out;
  out.reserve(lft.entries.size() * 12);
  for (std::size_t lid = 0; lid < lft.entries.size(); ++lid) {
    const std::optional<ArLftEntry>& entry = lft.entries[lid];
    if (!entry) {
      continue;
    }
    if (!out.empty()) {
      out += ' ';
    }
    append_number(out, lid);
    out += ':';
    out += lid_state_letter(entry->state);
    out += ':';
    append_number(out, entry->table);
    out += ':';
    if (entry->default_port) {
      append_number(out, *entry->default_port);
    } else {
      out += '-';
    }
    out += ':';
    append_number(out, entry->group);
  }
  return out;
}

void put_group(pugi::xml_node parent, const ArGroup& group) {
  pugi::xml_node e = parent.append_child("ar-group");
  put_number(e, "plft", group.plft);
  put_number(e, "table", group.table);
  put_number(e, "group", group.group);
  put_number(e, "sub_group", group.sub_group);
  if (group.whbf) {
    put_number(e, "whbf", *group.whbf);
  }
  std::string ports;
  for (std::uint8_t port : group.ports) {
    ports += (ports.empty() ? "" : " ") + std::to_string(port);
  }
  e.append_attribute("ports").set_value(ports.c_str());
}

std::string capabilities_text(const ArCapabilities& mask) {
  std::string out;
  for (std::uint32_t word : mask) {
    char buffer[16];
    std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, word, 16);
    out += out.empty() ? "0x" : " 0x";
    out.append(buffer, r.ptr);
  }
  return out;
}

// The switch is its node index, as forwarding tables name it (GUIDs can repeat in a live
// crawl); its GUID is written too, so a reader (or grep) finds a switch by GUID.
void put_switch_attributes(pugi::xml_node e, const SwitchAr& ar, Guid guid) {
  put_number(e, "switch", ar.switch_node.value);
  e.append_attribute("guid").set_value(text::guid_text(guid).c_str());
  e.append_attribute("support").set_value(to_string(ar.support).c_str());
  if (!ar.reason.empty()) {
    e.append_attribute("reason").set_value(escape_free_text(ar.reason).c_str());
  }
  if (ar.capabilities) {
    e.append_attribute("capabilities").set_value(capabilities_text(*ar.capabilities).c_str());
  }
  put_number(e, "legacy_lft", ar.legacy_lft ? 1 : 0);
  put_number(e, "tables_complete", ar.tables_complete ? 1 : 0);
  if (ar.port_bits) {
    e.append_attribute("port_bits").set_value(port_bits_name(*ar.port_bits));
  }
  put_number(e, "decode_uncertain", ar.decode_uncertain ? 1 : 0);
}

}  // namespace

void put_adaptive_routing(pugi::xml_node root, const SwitchAr& ar, Guid guid) {
  pugi::xml_node e = root.append_child("adaptive-routing");
  put_switch_attributes(e, ar, guid);
  if (ar.info) {
    put_fields(e.append_child("ar-info"), *ar.info, kArInfoFields);
  }
  if (ar.plft_info) {
    put_fields(e.append_child("plft-info"), *ar.plft_info, kPrivateLftInfoFields);
  }
  for (const ArLft& lft : ar.lfts) {
    pugi::xml_node table = e.append_child("ar-lft");
    put_number(table, "plft", lft.plft);
    put_number(table, "size", lft.entries.size());
    table.append_child(pugi::node_pcdata).set_value(lft_text(lft).c_str());
  }
  for (const ArGroup& group : ar.groups) {
    put_group(e, group);
  }
}

}  // namespace ibatlas::xml_schema
