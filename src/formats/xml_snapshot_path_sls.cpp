#include "formats/xml_snapshot_path_sls.hpp"

#include <array>
#include <set>
#include <string>
#include <string_view>

#include "text.hpp"

namespace ibatlas::xml_schema {

namespace {

constexpr std::array<std::string_view, 1> kPathSlAttributes = {"source"};
constexpr Lid kLastUnicastLid = 0xBFFF;

// "-0402304": the SL of each destination LID from 0, '-' for none; never ends in '-'.
std::optional<std::vector<std::uint8_t>> parse_row(std::string_view digits) {
  std::vector<std::uint8_t> sl;
  sl.reserve(digits.size());
  for (char ch : digits) {
    if (ch == '-') {
      sl.push_back(PathSlRow::kUnknown);
      continue;
    }
    std::optional<std::uint8_t> value = text::hex_digit_value(ch);
    if (!value) {
      return std::nullopt;
    }
    sl.push_back(*value);
  }
  if (sl.empty() || sl.back() == PathSlRow::kUnknown) {
    return std::nullopt;
  }
  return sl;
}

}  // namespace

void put_path_sls(pugi::xml_node root, const Fabric& fabric) {
  for (const PathSlRow& row : fabric.path_sls()) {
    pugi::xml_node e = root.append_child(kPathSls);
    e.append_attribute("source").set_value(std::to_string(row.source).c_str());
    std::string digits;
    digits.reserve(row.sl.size());
    for (std::uint8_t sl : row.sl) {
      digits += sl == PathSlRow::kUnknown ? '-' : "0123456789abcdef"[sl & 0xf];
    }
    e.append_child(pugi::node_pcdata).set_value(digits.c_str());
  }
}

void read_path_sls(const XmlChecker& c, FabricBuilder& builder,
                   const std::vector<pugi::xml_node>& rows) {
  std::set<Lid> seen;
  for (pugi::xml_node e : rows) {
    if (std::string_view(e.name()) != kPathSls) {
      continue;
    }
    c.check_attributes(e, kPathSlAttributes);
    std::string_view text = c.required(e, "source");
    std::uint64_t source = *c.number(e, "source", kLastUnicastLid);
    if (source == 0) {
      c.fail(e, "attribute source a unicast LID (1 to 0xBFFF)", quote_found(text));
    }
    if (!seen.insert(static_cast<Lid>(source)).second) {
      c.fail(e, "one <path-sls> per source LID", "a second one for " + std::string(text));
    }
    c.check_text_only(e, "SL digits");
    std::string_view digits = text::trim(e.child_value());
    std::optional<std::vector<std::uint8_t>> sl = parse_row(digits);
    if (!sl || sl->size() > std::size_t{kLastUnicastLid} + 1) {
      c.fail(e,
             "one hex digit (the SL) or '-' per destination LID from 0 inside <path-sls>, "
             "ending with a digit",
             quote_found(digits.substr(0, 40)));
    }
    builder.set_path_sls(static_cast<Lid>(source), std::move(*sl));
  }
}

}  // namespace ibatlas::xml_schema
