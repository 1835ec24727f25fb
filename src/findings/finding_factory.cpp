#include "findings/finding_factory.hpp"

#include <cassert>
#include <tuple>

#include "ibatlas/findings/registry.hpp"
#include "ibatlas/node_name_map.hpp"

#include "text.hpp"

namespace ibatlas {

std::string finding_rate_text(std::optional<LinkWidth> width, std::optional<LinkSpeed> speed) {
  return (width ? to_string(*width) : std::string("?")) +
         (speed ? to_string(*speed) : std::string("?"));
}

FindingFactory::FindingFactory(const Fabric& fabric, const NodeNameMap* names)
    : fabric_(fabric), names_(names) {
  std::unordered_set<std::string> seen;
  for (std::uint32_t i = 0; i < fabric.nodes().size(); ++i) {
    std::string shown = plain_name(NodeId{i});
    if (!seen.insert(shown).second) {
      shared_names_.insert(std::move(shown));
    }
  }
}

std::string FindingFactory::plain_name(NodeId node) const {
  const Node& n = fabric_.node(node);
  std::string shown = display_name(n, names_);
  return shown.empty() ? text::guid_text(n.guid) : shown;
}

std::string FindingFactory::name(NodeId node) const {
  std::string shown = plain_name(node);
  if (shared_names_.count(shown) != 0) {
    shown += " (" + text::guid_text(fabric_.node(node).guid) + ")";
  }
  return shown;
}

Endpoint FindingFactory::endpoint(NodeId node) const {
  return Endpoint{fabric_.node(node).guid, std::nullopt, name(node)};
}

Endpoint FindingFactory::endpoint(PortId port) const {
  const Port& p = fabric_.port(port);
  return Endpoint{fabric_.node(p.node).guid, p.number, name(p.node)};
}

namespace {

Finding blank(std::string_view check) {
  const CheckInfo* info = find_check(check);
  assert(info != nullptr && "every finding's check must be in the registry");
  Finding f;
  f.check = std::string(check);
  f.severity = info != nullptr ? info->severity : Severity::Warning;
  return f;
}

}  // namespace

Finding FindingFactory::at_fabric(std::string_view check) const {
  return blank(check);
}

Finding FindingFactory::at_node(std::string_view check, NodeId node) const {
  Finding f = blank(check);
  f.location.kind = LocationKind::Node;
  f.location.here = endpoint(node);
  return f;
}

Finding FindingFactory::at_port(std::string_view check, PortId port) const {
  Finding f = blank(check);
  f.location.kind = LocationKind::Port;
  f.location.here = endpoint(port);
  if (std::optional<PortId> peer = fabric_.port(port).peer) {
    f.location.peer = endpoint(*peer);
  }
  return f;
}

Finding FindingFactory::at_link(std::string_view check, PortId here, PortId there) const {
  Finding f = blank(check);
  f.location.kind = LocationKind::Link;
  f.location.here = endpoint(here);
  f.location.peer = endpoint(there);
  return f;
}

std::pair<PortId, PortId> FindingFactory::link_ends(PortId a, PortId b) const {
  auto key = [this](PortId id) {
    const Port& p = fabric_.port(id);
    const Node& n = fabric_.node(p.node);
    return std::make_tuple(n.type != NodeType::Switch, name(p.node), n.guid, p.number);
  };
  return key(b) < key(a) ? std::make_pair(b, a) : std::make_pair(a, b);
}

}  // namespace ibatlas
