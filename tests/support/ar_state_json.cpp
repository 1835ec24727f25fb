#include "support/ar_state_json.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/ar_state_json_fields.hpp"

namespace ibatlas::test {
namespace {

using namespace ar_json;  // NOLINT(google-build-using-namespace): the private half

const std::vector<Field<ArInfo>>& info_fields() {
  using A = ArInfo;
  static const std::vector<Field<ArInfo>> fields = {
      {"no_fallback", &A::no_fallback},
      {"is4_mode", &A::is4_mode},
      {"glb_groups", &A::glb_groups},
      {"by_sl_cap", &A::by_sl_cap},
      {"by_sl_en", &A::by_sl_en},
      {"by_transport_cap", &A::by_transport_cap},
      {"dyn_cap_calc_sup", &A::dyn_cap_calc_sup},
      {"direction_num_sup", &A::direction_num_sup},
      {"group_table_copy_sup", &A::group_table_copy_sup},
      {"sub_groups_active", &A::sub_groups_active},
      {"enabled", &A::enabled},
      {"arn_sup", &A::arn_sup},
      {"frn_sup", &A::frn_sup},
      {"fr_sup", &A::fr_sup},
      {"fr_enabled", &A::fr_enabled},
      {"rn_xmit_enabled", &A::rn_xmit_enabled},
      {"ar_trials_sup", &A::ar_trials_sup},
      {"string_width_cap", &A::string_width_cap},
      {"group_table_cap", &A::group_table_cap},
      {"group_top", &A::group_top},
      {"group_cap", &A::group_cap},
      {"enable_by_sl_mask", &A::enable_by_sl_mask},
      {"sub_groups_supported", &A::sub_groups_supported},
      {"rn_version_cap", &A::rn_version_cap},
      {"ar_version_cap", &A::ar_version_cap},
      {"by_transport_disable", &A::by_transport_disable},
      {"ageing_time", &A::ageing_time},
      {"pfrn_sup", &A::pfrn_sup},
      {"by_vl_cap", &A::by_vl_cap},
      {"bth_dqp_hash_sup", &A::bth_dqp_hash_sup},
      {"dceth_hash_sup", &A::dceth_hash_sup},
      {"symmetric_hash_sup", &A::symmetric_hash_sup},
      {"whbf_sup", &A::whbf_sup},
      {"hbf_sup", &A::hbf_sup},
      {"pfrn_enabled", &A::pfrn_enabled},
      {"by_vl_en", &A::by_vl_en},
      {"whbf_en", &A::whbf_en},
      {"by_sl_hbf_en", &A::by_sl_hbf_en},
      {"whbf_granularity", &A::whbf_granularity},
      {"enable_by_sl_mask_hbf", &A::enable_by_sl_mask_hbf},
  };
  return fields;
}

const std::vector<Field<PrivateLftInfo>>& plft_fields() {
  using P = PrivateLftInfo;
  static const std::vector<Field<PrivateLftInfo>> fields = {
      {"no_fallback", &P::no_fallback},
      {"num_plfts", &P::num_plfts},
      {"mode_cap", &P::mode_cap},
      {"active_mode", &P::active_mode},
  };
  return fields;
}

std::string guid_text(Guid guid) {
  char text[19];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(guid));
  return text;
}

Guid parse_guid(const Json& j) {
  std::string text = j.is_string() ? j.get<std::string>() : "";
  std::size_t used = 0;
  Guid guid = 0;
  try {
    guid = text.rfind("0x", 0) == 0 ? std::stoull(text.substr(2), &used, 16) : 0;
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used + 2 != text.size()) {
    fail("switch_guid: expected a string \"0x<hex>\"");
  }
  return guid;
}

std::string port_bits_text(ArPortBits bits) {
  return bits == ArPortBits::BitIsPort ? "bit_is_port" : "bit_zero_is_port_one";
}

ArPortBits parse_port_bits(const Json& j) {
  for (ArPortBits bits : {ArPortBits::BitIsPort, ArPortBits::BitZeroIsPortOne}) {
    if (j.is_string() && j.get<std::string>() == port_bits_text(bits)) {
      return bits;
    }
  }
  fail("port_bits: expected \"bit_is_port\" or \"bit_zero_is_port_one\"");
}

Json lft_to_json(const ArLft& lft) {
  Json entries = Json::array();
  for (std::size_t lid = 0; lid < lft.entries.size(); ++lid) {
    if (const auto& e = lft.entries[lid]) {
      Json j = {{"lid", lid}, {"state", to_string(e->state)}, {"table", e->table}};
      if (e->default_port) {
        j["default_port"] = *e->default_port;
      }
      j["group"] = e->group;
      entries.push_back(j);
    }
  }
  return {{"plft", lft.plft}, {"entries", entries}};
}

ArLftEntry entry_from_json(const Json& j, const std::string& where) {
  check_members(j, where, {"lid", "state", "table", "default_port", "group"},
                {"lid", "state", "table", "group"});
  ArLftEntry e;
  std::optional<ArLidState> state = j.at("state").is_string()
                                        ? parse_ar_lid_state(j.at("state").get<std::string>())
                                        : std::nullopt;
  if (!state) {
    fail(where + ".state: expected \"Bounded\", \"Free\", \"Static\" or \"HBF\"");
  }
  e.state = *state;
  e.table = value_of<std::uint8_t>(j.at("table"), where + ".table");
  if (j.contains("default_port")) {
    e.default_port = value_of<std::uint8_t>(j.at("default_port"), where + ".default_port");
  }
  e.group = value_of<std::uint16_t>(j.at("group"), where + ".group");
  return e;
}

ArLft lft_from_json(const Json& j, const std::string& where) {
  check_members(j, where, {"plft", "entries"}, {"plft", "entries"});
  ArLft lft;
  lft.plft = value_of<std::uint8_t>(j.at("plft"), where + ".plft");
  if (!j.at("entries").is_array()) {
    fail(where + ".entries: expected an array");
  }
  std::size_t i = 0;
  for (const Json& e : j.at("entries")) {
    std::string at = where + ".entries[" + std::to_string(i++) + "]";
    ArLftEntry entry = entry_from_json(e, at);
    auto lid = value_of<std::uint16_t>(e.at("lid"), at + ".lid");
    if (lid < lft.entries.size() && lft.entries[lid]) {
      fail(at + ".lid: LID " + std::to_string(lid) + " listed twice");
    }
    lft.entries.resize(std::max<std::size_t>(lft.entries.size(), lid + 1u));
    lft.entries[lid] = entry;
  }
  return lft;
}

Json group_to_json(const ArGroup& g) {
  Json j = {{"plft", g.plft}, {"table", g.table}, {"group", g.group}, {"sub_group", g.sub_group}};
  if (g.whbf) {
    j["whbf"] = *g.whbf;
  }
  j["ports"] = g.ports;
  return j;
}

ArGroup group_from_json(const Json& j, const std::string& where) {
  check_members(j, where, {"plft", "table", "group", "sub_group", "whbf", "ports"},
                {"plft", "table", "group", "sub_group", "ports"});
  ArGroup g;
  g.plft = value_of<std::uint8_t>(j.at("plft"), where + ".plft");
  g.table = value_of<std::uint8_t>(j.at("table"), where + ".table");
  g.group = value_of<std::uint16_t>(j.at("group"), where + ".group");
  g.sub_group = value_of<std::uint8_t>(j.at("sub_group"), where + ".sub_group");
  if (j.contains("whbf")) {
    g.whbf = value_of<std::uint32_t>(j.at("whbf"), where + ".whbf");
  }
  if (!j.at("ports").is_array()) {
    fail(where + ".ports: expected an array");
  }
  for (const Json& p : j.at("ports")) {
    g.ports.push_back(value_of<std::uint8_t>(p, where + ".ports[]"));
  }
  return g;
}

ArCapabilities capabilities_from_json(const Json& j) {
  if (!j.is_array() || j.size() != 4) {
    fail("capabilities: expected an array of 4 unsigned integers");
  }
  ArCapabilities caps{};
  for (std::size_t i = 0; i < caps.size(); ++i) {
    caps[i] = value_of<std::uint32_t>(j[i], "capabilities[" + std::to_string(i) + "]");
  }
  return caps;
}

}  // namespace

std::string ar_state_to_json(const ArStateFile& state) {
  const SwitchAr& ar = state.ar;
  Json j = {{"switch_guid", guid_text(state.switch_guid)}};
  if (ar.capabilities) {
    j["capabilities"] = *ar.capabilities;
  }
  if (ar.info) {
    j["info"] = struct_to_json(*ar.info, info_fields());
  }
  if (ar.plft_info) {
    j["plft_info"] = struct_to_json(*ar.plft_info, plft_fields());
  }
  j["legacy_lft"] = ar.legacy_lft;
  j["lfts"] = Json::array();
  for (const ArLft& lft : ar.lfts) {
    j["lfts"].push_back(lft_to_json(lft));
  }
  j["groups"] = Json::array();
  for (const ArGroup& g : ar.groups) {
    j["groups"].push_back(group_to_json(g));
  }
  if (ar.port_bits) {
    j["port_bits"] = port_bits_text(*ar.port_bits);
  }
  return j.dump(2) + "\n";
}

ArStateFile ar_state_from_json(std::string_view text) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    fail("not valid JSON");
  }
  check_members(j, "top level",
                {"switch_guid", "capabilities", "info", "plft_info", "legacy_lft", "lfts", "groups",
                 "port_bits"},
                {"switch_guid"});
  ArStateFile state;
  state.switch_guid = parse_guid(j.at("switch_guid"));
  SwitchAr& ar = state.ar;
  if (j.contains("capabilities")) {
    ar.capabilities = capabilities_from_json(j.at("capabilities"));
  }
  if (j.contains("info")) {
    ar.info = struct_from_json(j.at("info"), info_fields(), "info");
  }
  if (j.contains("plft_info")) {
    ar.plft_info = struct_from_json(j.at("plft_info"), plft_fields(), "plft_info");
  }
  if (j.contains("legacy_lft")) {
    ar.legacy_lft = value_of<bool>(j.at("legacy_lft"), "legacy_lft");
  }
  if (j.contains("lfts")) {
    ar.lfts = array_from_json<ArLft>(j.at("lfts"), "lfts", lft_from_json);
  }
  if (j.contains("groups")) {
    ar.groups = array_from_json<ArGroup>(j.at("groups"), "groups", group_from_json);
  }
  if (j.contains("port_bits")) {
    ar.port_bits = parse_port_bits(j.at("port_bits"));
  }
  return state;
}

void write_ar_state(const std::string& path, const ArStateFile& state) {
  std::ofstream out(path, std::ios::binary);
  out << ar_state_to_json(state);
  if (!out.flush()) {
    throw std::runtime_error("cannot write " + path);
  }
}

ArStateFile read_ar_state(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error("cannot read " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return ar_state_from_json(text.str());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace ibatlas::test
