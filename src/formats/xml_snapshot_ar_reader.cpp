// The reader of <adaptive-routing> (docs/formats.md), as strict as the rest of the snapshot
// reader: an unknown attribute, a number out of range, a switch that is not one, a second
// element for one switch, unsorted pLFTs, groups or ports, and a malformed AR LFT token are
// each "file:line: expected ..., found ...", never a default.

#include <charconv>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ibatlas/error.hpp"

#include "formats/xml_snapshot_ar.hpp"
#include "text.hpp"

namespace ibatlas::xml_schema {

namespace {

constexpr std::array<std::string_view, 9> kSwitchAttributes = {
    "switch",          "guid",      "support",         "reason", "capabilities", "legacy_lft",
    "tables_complete", "port_bits", "decode_uncertain"};
constexpr std::array<std::string_view, 2> kLftAttributes = {"plft", "size"};
constexpr std::array<std::string_view, 6> kGroupAttributes = {"plft",      "table", "group",
                                                              "sub_group", "whbf",  "ports"};
constexpr const char* kTokenForm = "an AR LFT entry lid:state:table:default:group";

// The next run of characters other than XML white space (a text may span lines); empty at
// the end.
// A plain loop: find_first_of calls memchr for every character, which showed at the top of
// a profile of reading 1,440 switches x 11,000 LIDs.
std::string_view next_word(std::string_view& rest) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  std::size_t start = 0;
  while (start < rest.size() && space(rest[start])) {
    ++start;
  }
  std::size_t end = start;
  while (end < rest.size() && !space(rest[end])) {
    ++end;
  }
  std::string_view word = rest.substr(start, end - start);
  rest.remove_prefix(end);
  return word;
}

// A whole decimal number up to `max`, or nullopt.
std::optional<std::uint64_t> decimal(std::string_view text, std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  std::from_chars_result r = std::from_chars(text.data(), end, value);
  if (text.empty() || r.ec != std::errc() || r.ptr != end || value > max) {
    return std::nullopt;
  }
  return value;
}

template <typename Struct, std::size_t N>
Struct read_fields(const XmlChecker& c, pugi::xml_node e,
                   const std::array<ArField<Struct>, N>& all) {
  std::array<std::string_view, N> names;
  for (std::size_t i = 0; i < N; ++i) {
    names.at(i) = all.at(i).name;
  }
  c.check_attributes(e, names);
  c.check_empty(e);
  Struct out;
  for (const ArField<Struct>& field : all) {
    c.required(e, field.name);
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(out.*member)>;
          std::uint64_t max = std::is_same_v<T, bool> ? 1 : std::numeric_limits<T>::max();
          out.*member = static_cast<T>(*c.number(e, field.name, max));
        },
        field.member);
  }
  return out;
}

class ArReader {
 public:
  ArReader(const XmlChecker& c, FabricBuilder& builder)
      : c_(c), builder_(builder), seen_(builder.node_count(), false) {}

  SwitchAr read(pugi::xml_node e);

 private:
  NodeId switch_of(pugi::xml_node e);
  bool flag(pugi::xml_node e, const char* name) const;
  ArCapabilities capabilities(pugi::xml_node e) const;
  void read_children(pugi::xml_node e, SwitchAr& ar) const;
  ArLft read_lft(pugi::xml_node e) const;
  void read_entry(pugi::xml_node text, std::string_view token, ArLft& lft,
                  std::optional<std::size_t>& last) const;
  ArGroup read_group(pugi::xml_node e) const;
  std::vector<std::uint8_t> ports(pugi::xml_node e) const;

  const XmlChecker& c_;
  FabricBuilder& builder_;
  std::vector<bool> seen_;
};

NodeId ArReader::switch_of(pugi::xml_node e) {
  std::string_view index = c_.required(e, "switch");
  std::uint64_t node = *c_.number(e, "switch", UINT32_MAX);
  if (node >= builder_.node_count() ||
      builder_.node(NodeId{static_cast<std::uint32_t>(node)}).type != NodeType::Switch) {
    c_.fail(e, "attribute switch naming the index of a switch <node>", quote_found(index));
  }
  c_.required(e, "guid");
  Guid guid = builder_.node(NodeId{static_cast<std::uint32_t>(node)}).guid;
  if (*c_.hex(e, "guid", UINT64_MAX) != guid) {
    c_.fail(e,
            "attribute guid of <adaptive-routing> to be " + text::guid_text(guid) +
                ", the GUID of node " + std::string(index),
            quote_found(e.attribute("guid").value()));
  }
  if (seen_.at(node)) {
    c_.fail(e, "one <adaptive-routing> per switch",
            "a second one for switch " + std::string(index));
  }
  seen_.at(node) = true;
  return NodeId{static_cast<std::uint32_t>(node)};
}

bool ArReader::flag(pugi::xml_node e, const char* name) const {
  c_.required(e, name);
  return *c_.number(e, name, 1) == 1;
}

ArCapabilities ArReader::capabilities(pugi::xml_node e) const {
  std::string_view rest = e.attribute("capabilities").value();
  ArCapabilities mask{};
  std::size_t words = 0;
  for (std::string_view word; !(word = next_word(rest)).empty(); ++words) {
    bool ok = words < mask.size() && word.size() > 2 && text::starts_with(word, "0x") &&
              word.find_first_not_of("0123456789abcdef", 2) == std::string_view::npos;
    std::optional<std::uint64_t> value = ok ? text::parse_hex(word) : std::nullopt;
    if (!value || *value > UINT32_MAX) {
      c_.fail(e,
              XmlChecker::where(e, "capabilities") + " to be four words 0x... (8 hex digits " +
                  "at most, lower case) separated by spaces",
              quote_found(e.attribute("capabilities").value()));
    }
    mask.at(words) = static_cast<std::uint32_t>(*value);
  }
  if (words != mask.size()) {
    c_.fail(e, XmlChecker::where(e, "capabilities") + " to be four words 0x...",
            std::to_string(words) + " words");
  }
  return mask;
}

void ArReader::read_entry(pugi::xml_node text, std::string_view token, ArLft& lft,
                          std::optional<std::size_t>& last) const {
  std::array<std::string_view, 5> parts;
  std::string_view rest = token;
  std::size_t n = 0;
  for (; n < parts.size() && !rest.empty(); ++n) {
    std::size_t colon = rest.find(':');
    parts.at(n) = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
  }
  std::ptrdiff_t offset = text.offset_debug() + (token.data() - text.value());
  auto fail = [&](const std::string& expected) {
    c_.fail_at(offset, expected, quote_found(token));
  };
  if (n != parts.size() || !rest.empty() || token.back() == ':') {
    fail(kTokenForm);
  }
  std::optional<std::uint64_t> lid = decimal(parts[0], 65535);
  std::optional<std::uint64_t> table = decimal(parts[2], 255);
  std::optional<std::uint64_t> port = parts[3] == "-" ? 0 : decimal(parts[3], 255);
  std::optional<std::uint64_t> group = decimal(parts[4], 65535);
  if (!lid || !table || !port || !group) {
    fail(std::string(kTokenForm) + " (LID and group 0-65535, table and default port 0-255 " +
         "or - for none)");
  }
  std::string_view letters = "BFSH";
  if (parts[1].size() != 1 || letters.find(parts[1][0]) == std::string_view::npos) {
    fail("a LID state B, F, S or H (Bounded, Free, Static, HBF) in " + std::string(kTokenForm));
  }
  if (*lid >= lft.entries.size()) {
    fail("a LID below the <ar-lft>'s size=\"" + std::to_string(lft.entries.size()) + "\"");
  }
  if (last && *lid <= *last) {
    fail("AR LFT entries in ascending LID order, each LID once");
  }
  last = *lid;
  lft.entries.at(*lid) =
      ArLftEntry{.state = static_cast<ArLidState>(letters.find(parts[1][0])),
                 .table = static_cast<std::uint8_t>(*table),
                 .default_port = parts[3] == "-" ? std::nullopt
                                                 : std::optional(static_cast<std::uint8_t>(*port)),
                 .group = static_cast<std::uint16_t>(*group)};
}

ArLft ArReader::read_lft(pugi::xml_node e) const {
  c_.check_attributes(e, kLftAttributes);
  c_.required(e, "plft");
  c_.required(e, "size");
  ArLft lft;
  lft.plft = static_cast<std::uint8_t>(*c_.number(e, "plft", 255));
  lft.entries.resize(*c_.number(e, "size", 65536));
  c_.check_text_only(e, "AR LFT entries");
  pugi::xml_node text = e.first_child();
  std::string_view rest = text.value();
  std::optional<std::size_t> last;
  for (std::string_view token; !(token = next_word(rest)).empty();) {
    read_entry(text, token, lft, last);
  }
  return lft;
}

std::vector<std::uint8_t> ArReader::ports(pugi::xml_node e) const {
  std::string_view rest = c_.required(e, "ports");
  std::vector<std::uint8_t> out;
  for (std::string_view token; !(token = next_word(rest)).empty();) {
    std::optional<std::uint64_t> port = decimal(token, 255);
    if (!port || (!out.empty() && *port <= out.back())) {
      c_.fail(e,
              XmlChecker::where(e, "ports") +
                  " to list port numbers 0-255 in ascending order, each once, separated by spaces",
              quote_found(token));
    }
    out.push_back(static_cast<std::uint8_t>(*port));
  }
  return out;
}

ArGroup ArReader::read_group(pugi::xml_node e) const {
  c_.check_attributes(e, kGroupAttributes);
  c_.check_empty(e);
  for (const char* name : {"plft", "table", "group", "sub_group"}) {
    c_.required(e, name);
  }
  std::optional<std::uint64_t> whbf = c_.number(e, "whbf", UINT32_MAX);
  return ArGroup{.plft = static_cast<std::uint8_t>(*c_.number(e, "plft", 255)),
                 .table = static_cast<std::uint8_t>(*c_.number(e, "table", 255)),
                 .group = static_cast<std::uint16_t>(*c_.number(e, "group", 65535)),
                 .sub_group = static_cast<std::uint8_t>(*c_.number(e, "sub_group", 255)),
                 .whbf = whbf ? std::optional(static_cast<std::uint32_t>(*whbf)) : std::nullopt,
                 .ports = ports(e)};
}

void ArReader::read_children(pugi::xml_node e, SwitchAr& ar) const {
  auto key = [](const ArGroup& g) { return std::tuple(g.plft, g.table, g.group, g.sub_group); };
  for (pugi::xml_node child : e.children()) {
    std::string_view kind = child.name();
    if (kind == "ar-info" && !ar.info) {
      ar.info = read_fields(c_, child, kArInfoFields);
    } else if (kind == "plft-info" && !ar.plft_info) {
      ar.plft_info = read_fields(c_, child, kPrivateLftInfoFields);
    } else if (kind == "ar-lft") {
      ArLft lft = read_lft(child);
      if (!ar.lfts.empty() && lft.plft <= ar.lfts.back().plft) {
        c_.fail(child, "<ar-lft> elements in ascending plft order, each plft once",
                "plft=\"" + std::to_string(lft.plft) + "\"");
      }
      ar.lfts.push_back(std::move(lft));
    } else if (kind == "ar-group") {
      ArGroup group = read_group(child);
      if (!ar.groups.empty() && key(group) <= key(ar.groups.back())) {
        c_.fail(child, "<ar-group> elements in ascending (plft, table, group, sub_group) order",
                "a group at or before the previous one");
      }
      ar.groups.push_back(std::move(group));
    } else {
      c_.fail(child,
              "<ar-info> (once), <plft-info> (once), <ar-lft> or <ar-group> inside "
              "<adaptive-routing>",
              XmlChecker::describe(child));
    }
  }
}

SwitchAr ArReader::read(pugi::xml_node e) {
  c_.check_attributes(e, kSwitchAttributes);
  SwitchAr ar;
  ar.switch_node = switch_of(e);
  c_.required(e, "support");
  ar.support = *c_.named(e, "support", kArSupports, [](ArSupport s) { return to_string(s); });
  ar.reason = c_.free_text(e, "reason").value_or("");
  if (e.attribute("capabilities")) {
    ar.capabilities = capabilities(e);
  }
  ar.legacy_lft = flag(e, "legacy_lft");
  ar.tables_complete = flag(e, "tables_complete");
  ar.port_bits = c_.named(e, "port_bits", kArPortBits,
                          [](ArPortBits b) { return std::string(port_bits_name(b)); });
  ar.decode_uncertain = flag(e, "decode_uncertain");
  read_children(e, ar);
  return ar;
}

}  // namespace

void read_adaptive_routing(const XmlChecker& c, FabricBuilder& builder,
                           std::span<const pugi::xml_node> elements) {
  ArReader reader(c, builder);
  for (pugi::xml_node e : elements) {
    builder.set_switch_ar(reader.read(e));
  }
}

}  // namespace ibatlas::xml_schema
