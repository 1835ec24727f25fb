#include "formats/ibnetdiscover_reader_lines.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace ibatlas::ibnetdiscover {

namespace {

constexpr std::uint64_t kMaxPort = 255;

// ibsim also takes a description without quotes; it ends where the port-0 facts begin.
std::string_view unquoted_description(Cursor& c) {
  constexpr std::array<std::string_view, 4> kEnds = {" enhanced port ", " base port ", " lid ",
                                                     " lmc "};
  std::string_view rest = c.rest();
  std::size_t end = rest.size();
  for (std::string_view marker : kEnds) {
    bool at_start = rest.substr(0, marker.size() - 1) == marker.substr(1);
    end = std::min(end, at_start ? 0 : rest.find(marker));
  }
  std::string_view desc = rest.substr(0, end);
  c.advance(end);
  while (!desc.empty() && (desc.back() == ' ' || desc.back() == '\t')) {
    desc.remove_suffix(1);
  }
  return desc;
}

// "enhanced port 0 lid 15 lmc 0" after a switch's description; every part is optional
// (FatTreeBuilder and netfiles leave it out).
void parse_switch_tail(Cursor& c, NodeHeader& header, const LineRef& where) {
  c.skip_blanks();
  if (c.consume_word("enhanced")) {
    header.enhanced_port0 = true;
  } else if (c.consume_word("base")) {
    header.enhanced_port0 = false;
  }
  if (header.enhanced_port0) {
    c.skip_blanks();
    if (!c.consume_word("port") || !c.skip_blanks() || !c.consume_word("0")) {
      fail(where, "\"port 0\" after \"enhanced\" or \"base\"", c.rest());
    }
  }
  c.skip_blanks();
  if (c.consume_word("lid")) {
    header.lid = expect_lid(c, where);
  }
  c.skip_blanks();
  if (c.consume_word("lmc")) {
    header.lmc = expect_lmc(c, where);
  }
  expect_end(c, "end of line after the switch's port 0 LID and LMC", where);
}

}  // namespace

NodeHeader parse_header(std::string_view line, const LineRef& where) {
  NodeHeader h;
  Cursor c(line);
  if (c.consume("Switch")) {
    h.type = NodeType::Switch;
  } else if (c.consume("Hca")) {
    h.hca_keyword = true;
  } else if (!c.consume("Ca")) {
    c.consume("Rt");
    h.type = NodeType::Router;
  }
  c.skip_blanks();
  h.port_count = static_cast<std::uint8_t>(
      expect_decimal(c, 1, kMaxPort, "a port count (1-255) after the node type", where));
  c.skip_blanks();
  h.id = expect_node_id(c, where);
  c.skip_blanks();
  if (c.at_end()) {
    return h;
  }
  expect(c, '#', "'#' and the node description, or end of line", where);
  c.skip_blanks();
  h.description = c.peek('"') ? expect_description(c, where) : unquoted_description(c);
  if (h.type == NodeType::Switch) {
    parse_switch_tail(c, h, where);
  } else {
    c.skip_blanks();
    c.consume_word("(scp)");  // ibnetdiscover -g marks Xsigo HCAs so
    expect_end(c, "end of line after the node description", where);
  }
  return h;
}

namespace {

AttributeKey consume_attribute_key(Cursor& c) {
  struct Key {
    std::string_view word;
    AttributeKey key;
  };

  constexpr std::array<Key, 7> kKeys = {{{"vendid", AttributeKey::VendorId},
                                         {"devid", AttributeKey::DeviceId},
                                         {"sysimgguid", AttributeKey::SystemGuid},
                                         {"switchguid", AttributeKey::SwitchGuid},
                                         {"caguid", AttributeKey::CaGuid},
                                         {"hcaguids", AttributeKey::CaGuid},
                                         {"rtguid", AttributeKey::RouterGuid}}};
  for (const Key& k : kKeys) {
    if (c.consume(k.word)) {
      return k.key;
    }
  }
  return AttributeKey::VendorId;  // classify() let only these keys through
}

}  // namespace

Attribute parse_attribute(std::string_view line, const LineRef& where) {
  Attribute a;
  Cursor c(line);
  a.key = consume_attribute_key(c);
  c.skip_blanks();
  bool is_base = a.key == AttributeKey::SwitchGuid || a.key == AttributeKey::CaGuid ||
                 a.key == AttributeKey::RouterGuid;
  if (is_base && c.consume('+')) {
    a.relative = true;
  } else {
    expect(c, '=', "'=' after the attribute name", where);
  }
  c.skip_blanks();
  a.value = expect_hex_value(c, "a number (0x... or decimal)", where);
  if (a.key == AttributeKey::SwitchGuid && c.consume('(')) {
    std::string_view before = c.rest();
    std::optional<std::uint64_t> guid = c.consume_hex();
    if (!guid || !c.consume(')')) {
      fail(where, "a port GUID in hex between '(' and ')'", before);
    }
    a.port_guid = guid;
  }
  c.skip_blanks();
  if (c.consume('#')) {
    return a;  // -g appends "# Chassis N (name)" or the chassis slot; nothing we keep
  }
  expect_end(c, "end of line after the value", where);
  if ((a.key == AttributeKey::VendorId || a.key == AttributeKey::DeviceId) &&
      a.value > 0xFFFFFFFFULL) {
    fail(where, "a vendor or device id that fits 32 bits", line);
  }
  return a;
}

void check_grouping(std::string_view line, const LineRef& where) {
  Cursor c(line);
  if (!c.consume("Chassis ")) {
    return;
  }
  expect_decimal(c, 0, 255, "a chassis number", where);
  c.skip_blanks();
  if (c.consume("(guid")) {
    c.skip_blanks();
    expect_hex_value(c, "a chassis GUID", where);
    expect(c, ')', "')' after the chassis GUID", where);
  }
  expect_end(c, "end of line after the chassis number and GUID", where);
}

}  // namespace ibatlas::ibnetdiscover
