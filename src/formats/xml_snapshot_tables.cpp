// The routing tables of the XML snapshot: <forwarding-table> (a switch's LFT) and
// <sl2vl-table> (docs/formats.md), read strictly like the rest of the snapshot.

#include "formats/xml_snapshot_tables.hpp"

#include <array>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::xml_schema {

namespace {

constexpr std::array<std::string_view, 2> kTableAttributes = {"switch", "size"};
constexpr std::array<std::string_view, 3> kSlToVlAttributes = {"node", "in", "out"};

void read_forwarding_table(const XmlChecker& c, FabricBuilder& builder, pugi::xml_node e) {
  c.check_attributes(e, kTableAttributes);
  std::string_view index = c.required(e, "switch");
  std::uint64_t node = *c.number(e, "switch", UINT32_MAX);
  if (node >= builder.node_count() ||
      builder.node(NodeId{static_cast<std::uint32_t>(node)}).type != NodeType::Switch) {
    c.fail(e, "attribute switch naming the index of a switch <node>", quote_found(index));
  }
  c.required(e, "size");
  std::uint64_t size = *c.number(e, "size", 65536);
  c.check_text_only(e, "hex digits");
  std::vector<std::uint8_t> out_port;
  std::string digits;
  for (char ch : std::string_view(e.child_value())) {
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') {
      digits += ch;
    }
  }
  for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
    std::optional<std::uint64_t> byte = text::parse_hex(std::string_view(digits).substr(i, 2));
    if (!byte || digits[i] == '+' || digits[i] == '-') {
      c.fail(e, "two hex digits per forwarding-table entry", quote_found(digits.substr(i, 2)));
    }
    out_port.push_back(static_cast<std::uint8_t>(*byte));
  }
  if (digits.size() % 2 != 0 || out_port.size() != size) {
    c.fail(
        e, std::to_string(size) + " entries (size=\"" + std::to_string(size) + "\")",
        std::to_string(digits.size() / 2) + (digits.size() % 2 ? " and a half" : "") + " entries");
  }
  builder.add_forwarding_table(NodeId{static_cast<std::uint32_t>(node)}, std::move(out_port));
}

PortId table_port(const XmlChecker& c, const FabricBuilder& builder, pugi::xml_node e, NodeId node,
                  const char* attribute) {
  std::string_view text = c.required(e, attribute);
  auto number = static_cast<std::uint8_t>(*c.number(e, attribute, 255));
  std::optional<PortId> port = builder.find_port(node, number);
  if (!port) {
    c.fail(e, c.where(e, attribute) + " naming a <port> of node " + std::to_string(node.value),
           quote_found(text));
  }
  return *port;
}

// <sl2vl-table node="3" in="0" out="2">0123456789abcde7</sl2vl-table>
void read_sl_to_vl(const XmlChecker& c, FabricBuilder& builder,
                   std::unordered_set<std::uint64_t>& seen, pugi::xml_node e) {
  c.check_attributes(e, kSlToVlAttributes);
  std::string_view index = c.required(e, "node");
  std::uint64_t node = *c.number(e, "node", UINT32_MAX);
  if (node >= builder.node_count()) {
    c.fail(e, "attribute node naming the index of a <node>", quote_found(index));
  }
  NodeId id{static_cast<std::uint32_t>(node)};
  PortId in = table_port(c, builder, e, id, "in");
  PortId out = table_port(c, builder, e, id, "out");
  if (builder.node(id).type != NodeType::Switch && in != out) {
    std::string pair = std::string("in=\"") + e.attribute("in").value() + "\" out=\"" +
                       e.attribute("out").value() + "\"";
    c.fail(e, "in equal to out on a CA or router", pair);
  }
  // (in, out) as one key: a hash set, as a 10k-host snapshot holds about 2 million tables.
  if (!seen.insert(std::uint64_t{in.value} << 32 | out.value).second) {
    c.fail(e, "one <sl2vl-table> per node, in and out", "a second one");
  }
  c.check_text_only(e, "hex digits");
  std::string_view digits = text::trim(e.child_value());
  std::array<std::uint8_t, 16> vl{};
  for (std::size_t sl = 0; sl < digits.size() && digits.size() == vl.size(); ++sl) {
    std::optional<std::uint8_t> value = text::hex_digit_value(digits[sl]);
    if (!value) {
      digits = {};  // reported below
      break;
    }
    vl.at(sl) = *value;
  }
  if (digits.size() != vl.size()) {
    c.fail(e, "16 hex digits inside <sl2vl-table>, the VL of SL 0 first",
           quote_found(e.child_value()));
  }
  builder.add_sl_to_vl_table(in, out, vl);
}

}  // namespace

void read_tables(const XmlChecker& c, FabricBuilder& builder,
                 const std::vector<pugi::xml_node>& tables) {
  std::unordered_set<std::uint64_t> sl_to_vl_seen;
  for (pugi::xml_node table : tables) {
    if (std::string_view(table.name()) == "sl2vl-table") {
      read_sl_to_vl(c, builder, sl_to_vl_seen, table);
    } else if (std::string_view(table.name()) == "forwarding-table") {
      read_forwarding_table(c, builder, table);
    }
  }
}

}  // namespace ibatlas::xml_schema
