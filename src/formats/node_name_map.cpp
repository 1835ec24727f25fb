// Follows rdma-core util/node_name_map.c (parse_node_map_wrap, map_name), which is what
// `ibnetdiscover --node-name-map` and the other diags use, with the deviations listed in
// docs/formats.md: a bad line is an error here rather than a warning that drops the whole map.

#include "ibatlas/formats/node_name_map.hpp"

#include <string>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::string_view kSpace = " \t\f\v";

// map_name() takes the first run of characters that are neither '"' nor '#': `"name"`,
// `name` and `"name" # comment` all give `name`. Unlike it, a bare `# comment` after the
// GUID gives no name, and an unquoted name loses its trailing blanks.
std::string_view name_part(std::string_view rest) {
  std::size_t first = rest.find_first_not_of('"');
  if (first == std::string_view::npos || rest[first] == '#') {
    return {};
  }
  rest.remove_prefix(first);
  std::string_view name = rest.substr(0, rest.find_first_of("\"#"));
  if (first == 0) {
    name = name.substr(0, name.find_last_not_of(kSpace) + 1);
  }
  return name;
}

}  // namespace

NodeNameMap read_node_name_map(std::string_view text, std::string_view name) {
  NodeNameMap map;
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view rest = text::trim(*line);
    if (rest.empty() || rest.front() == '#') {
      continue;
    }
    std::size_t guid_end = rest.find_first_of(" \t\f\v#");
    // strtoull(.., 0), as infiniband-diags reads GUIDs: 0x-hex, 0-led octal, else decimal.
    std::optional<Guid> guid = text::parse_c_number(rest.substr(0, guid_end));
    if (!guid) {
      throw ParseError(std::string(name), lines.line_number(),
                       "a GUID and a name (0x0002c9030008e6d4 \"name\")",
                       quote_found(rest.substr(0, guid_end)));
    }
    rest.remove_prefix(guid_end == std::string_view::npos ? rest.size() : guid_end);
    std::string_view mapped = name_part(text::trim(rest));
    if (!mapped.empty()) {
      map.names.try_emplace(*guid, std::string(mapped));  // the first entry wins
    }
  }
  return map;
}

}  // namespace ibatlas
