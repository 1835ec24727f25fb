// Reading the link loads of a saved `routes --json` (docs/routing.md "JSON"), strictly: a
// findings document of another command, or a routes report without loads, is refused with
// the JSON path that is wrong, never drawn as a map without loads.

#include <nlohmann/json.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/render/load_map.hpp"

#include "strict_json.hpp"

namespace ibatlas {

namespace {

using namespace strict_json;  // NOLINT(google-build-using-namespace): the reader's vocabulary

constexpr int kMaxDepth = 16;

const Json& field(const Path& at, const Json& j, std::string_view key) {
  if (!j.is_object()) {
    at.fail("an object", j);
  }
  auto it = j.find(std::string(key));
  if (it == j.end()) {
    at.fail("an object with \"" + std::string(key) + "\"", j);
  }
  return *it;
}

bool boolean(const Path& at, const Json& j) {
  if (!j.is_boolean()) {
    at.fail("true or false", j);
  }
  return j.get<bool>();
}

// The cable's port at the link's sending end, or nullopt when the fabric has no cable
// between the two ports named.
std::optional<LinkLoad> matched(const Path& at, const Json& j, const Fabric& fabric) {
  std::optional<Guid> from_guid = guid(at.key("from_guid"), field(at, j, "from_guid"));
  std::optional<std::uint8_t> from_port = port(at.key("from_port"), field(at, j, "from_port"));
  std::optional<Guid> to_guid = guid(at.key("to_guid"), field(at, j, "to_guid"));
  std::optional<std::uint8_t> to_port = port(at.key("to_port"), field(at, j, "to_port"));
  LinkLoad l;
  l.routes = count(at.key("routes"), field(at, j, "routes"));
  l.share = number(at.key("share"), field(at, j, "share"));
  l.hot = boolean(at.key("hot"), field(at, j, "hot"));
  if (!from_guid || !from_port || !to_guid || !to_port) {
    return std::nullopt;
  }
  std::optional<NodeId> a = fabric.find_node(*from_guid);
  std::optional<NodeId> b = fabric.find_node(*to_guid);
  std::optional<PortId> pa = a ? fabric.find_port(*a, *from_port) : std::nullopt;
  std::optional<PortId> pb = b ? fabric.find_port(*b, *to_port) : std::nullopt;
  if (!pa || !pb || fabric.port(*pa).peer != pb) {
    return std::nullopt;
  }
  l.from = *pa;
  l.to = *pb;
  return l;
}

}  // namespace

LoadsFile read_route_loads(std::string_view text, const std::string& file, const Fabric& fabric) {
  FindingsDocument doc = read_findings_json(text, file);
  if (doc.command != "routes" || doc.report.empty()) {
    throw Error(file + ": a findings document of `" + doc.command +
                "`: route loads come from `ibatlas routes --json`");
  }
  Json report = parse(doc.report, file, "JSON (routes report)", kMaxDepth);
  Path balance_at(file, "$.report.balance");
  const Json& balance = field(Path(file, "$.report"), report, "balance");
  LoadsFile out;
  out.load.threshold = number(balance_at.key("hot_share"), field(balance_at, balance, "hot_share"));
  Path links_at = balance_at.key("links");
  const Json& links = array(links_at, field(balance_at, balance, "links"));
  out.load.links.reserve(links.size());
  for (std::size_t i = 0; i < links.size(); ++i) {
    if (std::optional<LinkLoad> l = matched(links_at.index(i), links[i], fabric)) {
      out.load.links.push_back(*l);
    } else {
      ++out.unmatched;
    }
  }
  return out;
}

}  // namespace ibatlas
